import NearbyFeeds
import NearbyGeo
import NearbyPostgres
import Testing

/// `nearby publish` asks for each row only when its batch is written (memory holds one batch, not
/// the dataset), and a row that cannot be produced rolls the whole replacement back.
@Suite("Publishing places a batch at a time", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipReason))
struct StreamingPublishTests {
    struct RowUnreadable: Error { let index: Int }

    static let source = PublishedSource(
        dataset: "stream", source: "https://example.org/s.csv", licence: "CC0", attribution: "Us",
        fetchedAt: 1_781_496_000)

    /// Row `index`: a place on a small grid near Taipei, so every row is valid and distinct.
    static func row(_ index: Int) -> PublishedPlace {
        let place = Place(
            datasetID: "stream", id: "p\(index)", name: "Place \(index)",
            coordinate: Coordinate(
                latitude: 25 + Double(index % 100) * 1e-3, longitude: 121.5 + Double(index / 100) * 1e-3))
        return PostgisPlaceSource.row(of: place, ordinal: Int64(index))
    }

    static func count(_ schema: PostgresSchemaName, on connection: PostgresConnection) throws -> Int64? {
        try connection.execute("SELECT count(*) AS n FROM \"\(schema.name)\".places WHERE dataset = 'stream'").rows
            .first?.int64("n")
    }

    @Test("Rows are asked for once each, in order, a batch at a time, and all arrive")
    func rowsArriveInBatches() throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        // 9,001 rows: more than two batches of 4,000, so the last batch is a short one.
        var asked: [Int] = []
        let written = try PlacePublisher.publish(count: 9001, from: Self.source, on: connection, schema: schema) {
            index in
            asked.append(index)
            return Self.row(index)
        }
        #expect(written == 9001)
        #expect(asked == Array(0..<9001))
        #expect(try Self.count(schema, on: connection) == 9001)
        let ordinals = try connection.execute(
            "SELECT min(ordinal) AS lo, max(ordinal) AS hi, count(DISTINCT ordinal) AS n FROM \"\(schema.name)\".places"
        )
        #expect(try ordinals.rows.first?.int64("lo") == 0)
        #expect(try ordinals.rows.first?.int64("hi") == 9000)
        #expect(try ordinals.rows.first?.int64("n") == 9001)
    }

    @Test("A row that cannot be produced, two batches in, leaves the old rows in place")
    func unreadableRowKeepsTheOldRows() throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        try PlacePublisher.publish((0..<3).map(Self.row), from: Self.source, on: connection, schema: schema)
        #expect(try Self.count(schema, on: connection) == 3)
        do {
            try PlacePublisher.publish(count: 9001, from: Self.source, on: connection, schema: schema) {
                (index: Int) throws(RowUnreadable) -> PublishedPlace in
                if index == 8500 { throw RowUnreadable(index: index) }
                return Self.row(index)
            }
            Issue.record("publishing went on past an unreadable row")
        } catch {
            switch error {
            case .rows(let failure): #expect(failure.index == 8500)
            case .database(let failure): Issue.record("a database error instead: \(failure)")
            }
        }
        // The first two batches (8,000 rows) were inserted and rolled back with the deletion.
        #expect(try Self.count(schema, on: connection) == 3)
    }
}
