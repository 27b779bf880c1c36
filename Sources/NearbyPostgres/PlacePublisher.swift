/// One place as `nearby.places` holds it, in plain values (the feeds side produces these from a
/// dataset's archive; this module knows nothing of feeds).
public struct PublishedPlace: Sendable, Hashable {
    /// The record's 0-based source order in its dataset.
    public var ordinal: Int64
    public var id: String
    public var name: String
    public var address: String?
    public var category: String?
    /// The attributes as one JSON object (key to value), for QGIS and SQL.
    public var attributesJSON: String
    /// Everything needed to rebuild the place exactly (labels, raw fields, order), as JSON.
    public var detailsJSON: String
    /// WGS84 degrees; both nil when the record has no usable coordinate.
    public var latitude: Double?
    public var longitude: Double?

    /// A place with every field given.
    public init(
        ordinal: Int64, id: String, name: String, address: String?, category: String?, attributesJSON: String,
        detailsJSON: String, latitude: Double?, longitude: Double?
    ) {
        self.ordinal = ordinal
        self.id = id
        self.name = name
        self.address = address
        self.category = category
        self.attributesJSON = attributesJSON
        self.detailsJSON = detailsJSON
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Where a published dataset came from, stored on each of its rows.
public struct PublishedSource: Sendable, Hashable {
    public var dataset: String
    public var source: String
    public var licence: String
    public var attribution: String
    /// When the published copy was fetched, seconds since 1970.
    public var fetchedAt: Double

    /// A source with every field given.
    public init(dataset: String, source: String, licence: String, attribution: String, fetchedAt: Double) {
        self.dataset = dataset
        self.source = source
        self.licence = licence
        self.attribution = attribution
        self.fetchedAt = fetchedAt
    }
}

/// Why publishing a dataset failed: the database, or producing the rows to write (`Failure`, the
/// row source's own error: an archive that cannot be read, say). Either way nothing was replaced.
public enum PlacePublishError<Failure: Error>: Error {
    /// The database refused or broke.
    case database(PostgresError)
    /// A row could not be produced.
    case rows(Failure)
}

/// Writes a dataset's places into `<schema>.places`.
///
/// One transaction per dataset: the dataset's rows are deleted and the new ones inserted, so a
/// reader sees the old set or the new one, never a mix or nothing. Publishers of one dataset
/// take a transaction-level advisory lock on its name and so follow each other. Rows go in
/// multi-row `INSERT`s of bound parameters (no value is ever in the SQL text).
public enum PlacePublisher {
    /// Rows per `INSERT` (9 parameters each, plus 5 shared: under the protocol's 65,535).
    static let batchRows = 4000
    /// The first key of a publisher's advisory lock ("near" in ASCII, an int4).
    static let publishLockKey: Int32 = 0x6e65_6172

    /// Replaces the places of `source.dataset` by `places` (migrating the schema first); returns
    /// how many rows were written.
    @discardableResult
    public static func publish(
        _ places: [PublishedPlace], from source: PublishedSource, on connection: PostgresConnection,
        schema: PostgresSchemaName = .nearby
    ) throws(PostgresError) -> Int {
        do {
            return try publish(count: places.count, from: source, on: connection, schema: schema) { places[$0] }
        } catch {
            switch error {
            case .database(let failure): throw failure
            case .rows(let never): switch never {}
            }
        }
    }

    /// Replaces the places of `source.dataset` by the `count` rows `row(0)`, `row(1)`… (migrating
    /// the schema first), asking for each row only when its batch is written: memory holds one
    /// batch, not the dataset. A failure to produce a row rolls the dataset's replacement back, so
    /// the old rows stay. Returns how many rows were written.
    @discardableResult
    public static func publish<Failure: Error>(
        count: Int, from source: PublishedSource, on connection: PostgresConnection,
        schema: PostgresSchemaName = .nearby, row: (Int) throws(Failure) -> PublishedPlace
    ) throws(PlacePublishError<Failure>) -> Int {
        do throws(PostgresError) {
            try PostgresSchema.migrate(connection, schema: schema)
        } catch {
            throw .database(error)
        }
        return try connection.transaction(
            { () throws(PlacePublishError<Failure>) -> Int in
                var written = 0
                var start = 0
                do throws(PostgresError) {
                    // The two-key lock: "near" in ASCII, then the dataset's hash.
                    try connection.execute(
                        "SELECT pg_advisory_xact_lock(\(publishLockKey), hashtext($1))", [.text(source.dataset)])
                    try connection.execute(
                        "DELETE FROM \(schema.quoted).places WHERE dataset = $1", [.text(source.dataset)])
                } catch {
                    throw .database(error)
                }
                var batch: [PublishedPlace] = []
                batch.reserveCapacity(min(max(count, 0), batchRows))
                while start < count {
                    batch.removeAll(keepingCapacity: true)
                    for index in start..<min(count, start + batchRows) {
                        do throws(Failure) { batch.append(try row(index)) } catch { throw .rows(error) }
                    }
                    let (sql, parameters) = insert(batch[...], from: source, schema: schema)
                    do throws(PostgresError) {
                        written += try connection.execute(sql, parameters).affectedRows ?? 0
                    } catch {
                        throw .database(error)
                    }
                    start += batch.count
                }
                return written
            }, database: { .database($0) })
    }

    /// One `INSERT` of `batch`: its SQL (placeholders only) and its parameters.
    static func insert(
        _ batch: ArraySlice<PublishedPlace>, from source: PublishedSource, schema: PostgresSchemaName
    ) -> (String, [PostgresValue?]) {
        // $1…$5 are the dataset's own values, shared by every row.
        var parameters: [PostgresValue?] = [
            .text(source.dataset), .text(source.source), .text(source.licence), .text(source.attribution),
            .double(source.fetchedAt),
        ]
        var rows: [String] = []
        rows.reserveCapacity(batch.count)
        for place in batch {
            let n = parameters.count
            parameters += [
                .integer(place.ordinal), .text(place.id), .text(place.name), place.address.map { .text($0) },
                place.category.map { .text($0) }, .json(place.attributesJSON), .json(place.detailsJSON),
                place.latitude.map { .double($0) }, place.longitude.map { .double($0) },
            ]
            let lat = "$\(n + 8)::float8"
            let lon = "$\(n + 9)::float8"
            rows.append(
                "($1, $\(n + 1), $\(n + 2), $\(n + 3), $\(n + 4), $\(n + 5), $\(n + 6), $\(n + 7), "
                    + "CASE WHEN \(lat) IS NULL OR \(lon) IS NULL THEN NULL "
                    + "ELSE ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography END, "
                    + "$2, $3, $4, to_timestamp($5::float8))")
        }
        let sql =
            "INSERT INTO \(schema.quoted).places (dataset, ordinal, id, name, address, category, attributes, "
            + "details, position, source, licence, attribution, fetched_at) VALUES "
            + rows.joined(separator: ", ")
        return (sql, parameters)
    }
}
