/// Reads published places back from `<schema>.places`: in source order, by id, and as candidates
/// nearest first on PostGIS's sphere (`<->` on geography) with that sphere distance, which the
/// caller re-ranks on the ellipsoid.
public struct PublishedPlaces {
    /// One row read back; `sphereDistance` is PostGIS's `<->` value (nil outside ``candidates``).
    public struct Row: Sendable, Hashable {
        public var place: PublishedPlace
        public var sphereDistance: Double?
    }

    /// A located place as the candidate search sees it: its record number, its position and
    /// PostGIS's sphere distance (`<->`) from the query point.
    public struct Position: Sendable, Hashable {
        public var ordinal: Int64
        public var latitude: Double
        public var longitude: Double
        public var sphereDistance: Double
    }

    public let connection: PostgresConnection
    public let schema: PostgresSchemaName

    /// Reads through `connection` from `schema`.
    public init(connection: PostgresConnection, schema: PostgresSchemaName = .nearby) {
        self.connection = connection
        self.schema = schema
    }

    /// Whether `<schema>.places` exists (it does once anything was published there).
    public func hasPlacesTable() throws(PostgresError) -> Bool {
        let exists = try connection.execute(
            "SELECT to_regclass($1) IS NOT NULL AS found", [.text("\(schema.quoted).places")])
        return try exists.rows.first?.bool("found") == true
    }

    /// Whether `dataset` has any place in `<schema>.places` (a primary-key lookup; the table must
    /// exist, see ``hasPlacesTable()``).
    public func isPublished(_ dataset: String) throws(PostgresError) -> Bool {
        let result = try connection.execute(
            "SELECT EXISTS (SELECT 1 FROM \(schema.quoted).places WHERE dataset = $1) AS found", [.text(dataset)])
        return try result.rows.first?.bool("found") == true
    }

    /// How many places `dataset` has, and how many of them have a position (0, 0 when it is not
    /// published, or the table does not exist yet).
    public func counts(_ dataset: String) throws(PostgresError) -> (total: Int, located: Int) {
        guard try hasPlacesTable() else { return (0, 0) }
        let result = try connection.execute(
            "SELECT count(*) AS total, count(position) AS located FROM \(schema.quoted).places WHERE dataset = $1",
            [.text(dataset)])
        let row = result.rows.first
        return (try row?.int("total") ?? 0, try row?.int("located") ?? 0)
    }

    /// `limit` places of `dataset` in source order from record `offset` on.
    public func inOrder(_ dataset: String, limit: Int, offset: Int) throws(PostgresError) -> [Row] {
        try rows(
            "WHERE dataset = $1 ORDER BY ordinal LIMIT $2 OFFSET $3",
            [.text(dataset), .integer(Int64(clamping: limit)), .integer(Int64(clamping: offset))])
    }

    /// The first place (in source order) of `dataset` with id `id`.
    public func first(id: String, in dataset: String) throws(PostgresError) -> Row? {
        try rows("WHERE dataset = $1 AND id = $2 ORDER BY ordinal LIMIT 1", [.text(dataset), .text(id)]).first
    }

    /// The places of `dataset` with these record numbers, in source order (numbers it lacks are
    /// left out).
    public func places(_ dataset: String, ordinals: [Int64]) throws(PostgresError) -> [Row] {
        guard !ordinals.isEmpty else { return [] }
        let list = "{" + ordinals.map(String.init).joined(separator: ",") + "}"
        return try rows(
            "WHERE dataset = $1 AND ordinal = ANY($2::int8[]) ORDER BY ordinal", [.text(dataset), .text(list)])
    }

    /// `limit` located places of `dataset` from the `offset`-th on, ordered by PostGIS's sphere
    /// distance from (`latitude`, `longitude`), each with that distance; with `withinSphere`, only
    /// those at most that far on the sphere (`ST_DWithin`).
    ///
    /// The order is `position <-> point` alone, so the GiST index answers it as a k-nearest scan
    /// (a second sort key would make PostgreSQL read and sort every row: seconds at a million);
    /// places at equal sphere distance come in no set order, so paging with `offset` may repeat or
    /// skip tied places: ask again from 0 with a larger `limit` instead.
    public func candidates(
        _ dataset: String, latitude: Double, longitude: Double, withinSphere: Double? = nil, limit: Int, offset: Int
    ) throws(PostgresError) -> [Row] {
        let (tail, parameters, sphere) = Self.nearestFirst(
            dataset, latitude: latitude, longitude: longitude, withinSphere: withinSphere, limit: limit, offset: offset)
        return try rows(tail, parameters, sphere: sphere)
    }

    /// What ``candidates(_:latitude:longitude:withinSphere:limit:offset:)`` finds, as positions
    /// only (no names, no details): what an exact nearest search needs to rank them.
    public func positions(
        _ dataset: String, latitude: Double, longitude: Double, withinSphere: Double? = nil, limit: Int, offset: Int
    ) throws(PostgresError) -> [Position] {
        let (tail, parameters, sphere) = Self.nearestFirst(
            dataset, latitude: latitude, longitude: longitude, withinSphere: withinSphere, limit: limit, offset: offset)
        let sql =
            "SELECT ordinal, ST_Y(position::geometry) AS latitude, ST_X(position::geometry) AS longitude, "
            + "\(sphere) AS sphere FROM \(schema.quoted).places " + tail
        var found: [Position] = []
        for row in try connection.execute(sql, parameters).rows {
            guard let ordinal = try row.int64("ordinal"), let latitude = try row.double("latitude"),
                let longitude = try row.double("longitude"), let distance = try row.double("sphere")
            else {
                throw .unexpectedResult(target: connection.url.redacted, detail: "a located place without a position")
            }
            found.append(Position(ordinal: ordinal, latitude: latitude, longitude: longitude, sphereDistance: distance))
        }
        return found
    }

    /// The `WHERE … ORDER BY … LIMIT … OFFSET …` of a nearest-first search, its parameters and
    /// the sphere-distance expression.
    private static func nearestFirst(
        _ dataset: String, latitude: Double, longitude: Double, withinSphere: Double?, limit: Int, offset: Int
    ) -> (String, [PostgresValue?], String) {
        let origin = "ST_SetSRID(ST_MakePoint($2::float8, $3::float8), 4326)::geography"
        var parameters: [PostgresValue?] = [
            .text(dataset), .double(longitude), .double(latitude), .integer(Int64(clamping: limit)),
            .integer(Int64(clamping: offset)),
        ]
        var near = ""
        if let withinSphere, withinSphere.isFinite {
            parameters.append(.double(Swift.max(0, withinSphere)))
            near = " AND ST_DWithin(position, \(origin), $6::float8, false)"
        }
        let tail =
            "WHERE dataset = $1 AND position IS NOT NULL\(near) ORDER BY position <-> \(origin) LIMIT $4 OFFSET $5"
        return (tail, parameters, "position <-> \(origin)")
    }

    private func rows(_ tail: String, _ parameters: [PostgresValue?], sphere: String? = nil) throws(PostgresError)
        -> [Row]
    {
        let sql =
            "SELECT ordinal, id, name, address, category, attributes::text AS attributes, details::text AS details, "
            + "ST_Y(position::geometry) AS latitude, ST_X(position::geometry) AS longitude"
            + (sphere.map { ", \($0) AS sphere" } ?? "") + " FROM \(schema.quoted).places " + tail
        var found: [Row] = []
        for row in try connection.execute(sql, parameters).rows {
            let place = PublishedPlace(
                ordinal: try row.int64("ordinal") ?? 0, id: try row.string("id") ?? "",
                name: try row.string("name") ?? "", address: try row.string("address"),
                category: try row.string("category"), attributesJSON: try row.string("attributes") ?? "{}",
                detailsJSON: try row.string("details") ?? "{}", latitude: try row.double("latitude"),
                longitude: try row.double("longitude"))
            found.append(Row(place: place, sphereDistance: sphere == nil ? nil : try row.double("sphere")))
        }
        return found
    }
}

@available(*, unavailable, message: "it holds a connection, which belongs to the task that opened it")
extension PublishedPlaces: Sendable {}
