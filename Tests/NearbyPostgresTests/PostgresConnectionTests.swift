import NearbyPostgres
import Testing

/// The connection layer against the real throw-away cluster (`NEARBY_TEST_PG`).
@Suite("PostgresConnection", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipReason))
struct PostgresConnectionTests {
    static let hostile = [
        "O'Brien said \"hi\"", "'; DROP TABLE hostile; --", "Robert'); DROP TABLE students;--",
        "台北市中正區忠孝西路一段49號", "back\\slash \\x00 $1 %s", "emoji 🏃‍♀️ and combining é", "",
        String(repeating: "長", count: 10_000),
    ]

    @Test("Bound parameters round-trip: text, integers, doubles, booleans, bytes, NULL")
    func roundTrip() throws {
        let connection = try TestDatabase.connect()
        let doubles: [Double] = [
            0.1, -0.0, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 25.0418, .infinity,
        ]
        let bytes = (0...255).map { UInt8($0) } + [0, 0]
        for text in Self.hostile {
            for (integer, double) in zip([Int64.min, 0, Int64.max, 42, -7, 1, 2], doubles) {
                let result = try connection.execute(
                    "SELECT $1::text AS t, $2::bigint AS i, $3::float8 AS d, $4::boolean AS b, $5::bytea AS y, $6::text AS n",
                    [.text(text), .integer(integer), .double(double), .boolean(integer > 0), .bytes(bytes), nil])
                let row = try #require(result.rows.first)
                #expect(try row.string("t") == text)
                #expect(try row.int64("i") == integer)
                let back = try #require(try row.double("d"))
                #expect(back.bitPattern == double.bitPattern)
                #expect(try row.bool("b") == (integer > 0))
                #expect(try row.bytes("y") == bytes)
                #expect(try row.string("n") == nil)
            }
        }
        let nan = try connection.execute("SELECT $1::float8 AS d", [.double(.nan)])
        #expect(try #require(nan.rows.first).double("d")?.isNaN == true)
    }

    @Test("Hostile strings are stored as values, never run as SQL")
    func hostileStrings() throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        try connection.execute("CREATE SCHEMA \"\(schema.name)\"")
        try connection.execute("CREATE TABLE \"\(schema.name)\".hostile (ordinal integer, value text)")
        for (ordinal, text) in Self.hostile.enumerated() {
            let inserted = try connection.execute(
                "INSERT INTO \"\(schema.name)\".hostile VALUES ($1, $2)", [.integer(Int64(ordinal)), .text(text)])
            #expect(inserted.affectedRows == 1)
        }
        let rows = try connection.execute("SELECT value FROM \"\(schema.name)\".hostile ORDER BY ordinal").rows
        #expect(try rows.map { try $0.string("value") } == Self.hostile)
    }

    @Test("A NUL in text is refused with a sentence before anything is sent")
    func nulRefused() throws {
        let connection = try TestDatabase.connect()
        #expect(
            throws: PostgresError.invalidParameter(
                index: 2, reason: "the text contains a NUL character, which PostgreSQL text cannot hold")
        ) {
            try connection.execute("SELECT $1::text, $2::text", [.text("fine"), .text("nul\u{0}inside")])
        }
        // The connection is still usable.
        #expect(try connection.execute("SELECT 1::bigint AS one").rows.first?.int64("one") == 1)
    }

    @Test("Column accessors check the type and never force a conversion")
    func typedAccessors() throws {
        let connection = try TestDatabase.connect()
        let row = try #require(
            try connection.execute("SELECT 'x'::text AS t, 9223372036854775807::bigint AS big, '\\x00'::bytea AS y")
                .rows.first)
        #expect(throws: PostgresError.self) { try row.int64("t") }
        #expect(throws: PostgresError.self) { try row.bytes("t") }
        #expect(throws: PostgresError.self) { try row.string("y") }
        #expect(throws: PostgresError.self) { try row.bool("big") }
        #expect(throws: PostgresError.self) { try row.string("missing") }
        #expect(try row.int64("big") == Int64.max)
    }

    @Test("Server errors carry their SQLSTATE; the connection stays usable")
    func serverErrors() throws {
        let connection = try TestDatabase.connect()
        #expect {
            try connection.execute("SELECT 1 / $1::integer", [.integer(0)])
        } throws: { error in
            guard let error = error as? PostgresError, case .server(_, let state, let message) = error else {
                return false
            }
            return state == "22012" && message == "division by zero"
        }
        #expect(throws: PostgresError.self) { try connection.execute("SELEC 1") }
        #expect(try connection.execute("SELECT 2::bigint AS two").rows.first?.int64("two") == 2)
    }

    @Test("A transaction commits when its body returns and rolls back when it throws")
    func transactions() throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        let table = "\"\(schema.name)\".t"
        try connection.execute("CREATE SCHEMA \"\(schema.name)\"")
        try connection.execute("CREATE TABLE \(table) (value text UNIQUE)")
        try connection.transaction { () throws(PostgresError) in
            try connection.execute("INSERT INTO \(table) VALUES ($1)", [.text("kept")])
        }
        #expect(throws: PostgresError.self) {
            try connection.transaction { () throws(PostgresError) in
                try connection.execute("INSERT INTO \(table) VALUES ($1)", [.text("lost")])
                try connection.execute("INSERT INTO \(table) VALUES ($1)", [.text("kept")])
            }
        }
        #expect(throws: PostgresError.nestedTransaction) {
            try connection.transaction { () throws(PostgresError) in
                try connection.transaction { () throws(PostgresError) in }
            }
        }
        let values = try connection.execute("SELECT value FROM \(table) ORDER BY value").rows.map {
            try $0.string("value")
        }
        #expect(values == ["kept"])
    }

    @Test("A wrong password against the real cluster: authentication failed, neither password in the message")
    func wrongPassword() throws {
        let text = try #require(TestDatabase.urlText)
        let real = try #require(TestDatabase.password(in: text))
        let wrongPassword = "wrong-Pa55word-\(UInt32.random(in: 0..<UInt32.max))"
        let wrong = try PostgresURL(try #require(TestDatabase.replacingPassword(in: text, with: wrongPassword)))
        do {
            _ = try PostgresConnection(wrong)
            Issue.record("connected with a wrong password")
        } catch {
            guard case .authenticationFailed = error else {
                Issue.record("expected authenticationFailed, got \(error)")
                return
            }
            #expect(!error.description.contains(wrongPassword))
            #expect(!error.description.contains(real))
            #expect(error.description.contains(":***@127.0.0.1"))
            #expect(error.description.contains("password authentication failed"))
        }
    }
}
