import NearbyPostgres
import Testing

/// The `nearby` schema's migration, run in fresh schemas on the real cluster.
@Suite("PostgresSchema", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipReason))
struct PostgresSchemaTests {
    @Test("Migrating from nothing creates the tables, geography columns and GiST indexes; twice changes nothing")
    func migrateTwice() throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        #expect(try PostgresSchema.migrate(connection, schema: schema) == 0)
        #expect(try PostgresSchema.migrate(connection, schema: schema) == PostgresSchema.latestVersion)
        let versions = try connection.execute("SELECT version FROM \"\(schema.name)\".schema_version ORDER BY version")
        #expect(try versions.rows.map { try $0.int64("version") } == [1, 2, 3])

        let columns = try connection.execute(
            """
            SELECT c.relname || '.' || a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attname IN ('path', 'position', 'points', 'attributes', 'athlete', 'content_hash')
            ORDER BY 1
            """, [.text(schema.name)])
        let types = try columns.rows.map { "\(try $0.string("name") ?? "") \(try $0.string("type") ?? "")" }
        #expect(
            types == [
                "places.attributes jsonb", "places.position geography(Point,4326)", "runs.athlete text",
                "runs.content_hash text", "segments.path geography(LineString,4326)", "segments.points bytea",
            ])
        // From the catalogs alone: pg_indexes.indexdef (pg_get_indexdef) opens every index it
        // looks at, including those another test is dropping at the same moment.
        let indexes = try connection.execute(
            """
            SELECT t.relname || ' ' || i.relname AS name
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_am m ON m.oid = i.relam
            WHERE n.nspname = $1 AND m.amname = 'gist' ORDER BY 1
            """, [.text(schema.name)])
        #expect(
            try indexes.rows.map { try $0.string("name") } == [
                "places places_by_position", "segments segments_by_path",
            ])
    }

    @Test("A schema newer than this Nearby is refused with a sentence")
    func newerRefused() throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        try PostgresSchema.migrate(connection, schema: schema)
        try connection.execute(
            "INSERT INTO \"\(schema.name)\".schema_version (version, summary) VALUES ($1, 'from the future')",
            [.integer(PostgresSchema.latestVersion + 1)])
        #expect {
            try PostgresSchema.migrate(connection, schema: schema)
        } throws: { error in
            guard let error = error as? PostgresError, case .newerSchema(_, _, let found, let supported) = error else {
                return false
            }
            return found == PostgresSchema.latestVersion + 1 && supported == PostgresSchema.latestVersion
        }
    }

    @Test("Eight connections migrating one fresh schema at once: no error, one version row")
    func concurrentFirstUse() async throws {
        let schema = try TestDatabase.freshSchema()
        let cleanup = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: cleanup) }
        let found = try await withThrowingTaskGroup(of: Int64.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let connection = try TestDatabase.connect()
                    return try PostgresSchema.migrate(connection, schema: schema)
                }
            }
            return try await group.reduce(into: [Int64]()) { $0.append($1) }
        }
        #expect(found.sorted() == [0] + Array(repeating: PostgresSchema.latestVersion, count: 7))
        let rows = try cleanup.execute("SELECT count(*) AS n FROM \"\(schema.name)\".schema_version")
        #expect(try rows.rows.first?.int64("n") == PostgresSchema.latestVersion)
    }

    @Test("Eight connections inserting one content hash at once: exactly one row, no error (ON CONFLICT)")
    func concurrentSameHash() async throws {
        let schema = try TestDatabase.freshSchema()
        let setup = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: setup) }
        try PostgresSchema.migrate(setup, schema: schema)
        let insert = """
            INSERT INTO "\(schema.name)".runs (athlete, content_hash, source_name, distance, elapsed_time,
                moving_time, point_count, imported_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (content_hash) DO NOTHING RETURNING id
            """
        let inserted = try await withThrowingTaskGroup(of: Int.self) { group in
            for importer in 0..<8 {
                group.addTask {
                    let connection = try TestDatabase.connect()
                    return try connection.transaction { () throws(PostgresError) -> Int in
                        let result = try connection.execute(
                            insert,
                            [
                                .text("athlete-\(importer)"), .text("sha256:same-content"), .text("ride.gpx"),
                                .double(1234.5), .double(600), .double(580), .integer(3), .double(1_764_600_000),
                            ])
                        return result.rows.count
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(inserted == 1)
        let count = try setup.execute(
            "SELECT count(*) AS n FROM \"\(schema.name)\".runs WHERE content_hash = $1", [.text("sha256:same-content")])
        #expect(try count.rows.first?.int64("n") == 1)
    }

    @Test("PostGIS answers ST_Distance(geography, geography) as GeographicLib does on WGS84")
    func postgisDistance() throws {
        // Hand-computed with GeographicLib 2.1 (Python): Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)['s12'].
        // PostGIS 3 computes geography distances on the spheroid with GeographicLib's geod_inverse
        // (lwspheroid.c spheroid_distance, Karney 2013: accurate to about 15 nm); the tolerance of
        // 1 µm covers the degree-radian-degree round trip PostGIS makes on the way.
        let cases: [(String, String, Double)] = [
            ("SRID=4326;POINT(121.5170 25.0478)", "SRID=4326;POINT(121.5645 25.0340)", 5031.389173564911),
            ("SRID=4326;POINT(121.5152 25.0418)", "SRID=4326;POINT(151.2153 -33.8568)", 7_236_268.7503806865),
        ]
        let connection = try TestDatabase.connect()
        for (from, to, expected) in cases {
            let result = try connection.execute(
                "SELECT ST_Distance(ST_GeogFromText($1), ST_GeogFromText($2)) AS meters", [.text(from), .text(to)])
            let meters = try #require(try result.rows.first?.double("meters"))
            #expect(abs(meters - expected) < 1e-6)
        }
    }
}
