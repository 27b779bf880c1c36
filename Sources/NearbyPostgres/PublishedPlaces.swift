/// Reads published places back from `<schema>.places`: in source order, by id, and as candidates
/// nearest first on PostGIS's sphere (`<->` on geography) with that sphere distance, which the
/// caller re-ranks on the ellipsoid.
public struct PublishedPlaces {
    /// One row read back; `sphereDistance` is PostGIS's `<->` value (nil outside ``candidates``).
    public struct Row: Sendable, Hashable {
        public var place: PublishedPlace
        public var sphereDistance: Double?
    }

    public let connection: PostgresConnection
    public let schema: PostgresSchemaName

    /// Reads through `connection` from `schema`.
    public init(connection: PostgresConnection, schema: PostgresSchemaName = .nearby) {
        self.connection = connection
        self.schema = schema
    }

    /// How many places `dataset` has, and how many of them have a position (0, 0 when it is not
    /// published, or the table does not exist yet).
    public func counts(_ dataset: String) throws(PostgresError) -> (total: Int, located: Int) {
        let exists = try connection.execute(
            "SELECT to_regclass($1) IS NOT NULL AS found", [.text("\(schema.quoted).places")])
        guard try exists.rows.first?.bool("found") == true else { return (0, 0) }
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

    /// `limit` located places of `dataset` from the `offset`-th on, ordered by PostGIS's sphere
    /// distance from (`latitude`, `longitude`) (ties by source order), each with that distance.
    public func candidates(
        _ dataset: String, latitude: Double, longitude: Double, limit: Int, offset: Int
    ) throws(PostgresError) -> [Row] {
        let origin = "ST_SetSRID(ST_MakePoint($2::float8, $3::float8), 4326)::geography"
        return try rows(
            "WHERE dataset = $1 AND position IS NOT NULL ORDER BY position <-> \(origin), ordinal LIMIT $4 OFFSET $5",
            [
                .text(dataset), .double(longitude), .double(latitude), .integer(Int64(clamping: limit)),
                .integer(Int64(clamping: offset)),
            ],
            sphere: "position <-> \(origin)")
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
