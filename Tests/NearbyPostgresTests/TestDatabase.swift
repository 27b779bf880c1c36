import NearbyPostgres
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The throw-away cluster the PostgreSQL tests run against: `NEARBY_TEST_PG` holds its URL
/// (`.ci/postgres start` prints it; `.ci/run` exports it). Without it those tests are skipped.
enum TestDatabase {
    static let skipReason: Comment =
        "NEARBY_TEST_PG is not set: no PostgreSQL to test against (start one with `.ci/postgres start`)"

    static var urlText: String? {
        guard let value = getenv("NEARBY_TEST_PG") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    static var isAvailable: Bool { urlText != nil }

    static func url() throws -> PostgresURL {
        guard let text = urlText else { throw Missing() }
        return try PostgresURL(text)
    }

    static func connect() throws -> PostgresConnection {
        try PostgresConnection(url())
    }

    /// A fresh schema name, so tests running at once never share tables.
    static func freshSchema() throws -> PostgresSchemaName {
        let counter = counter.withLock { value in
            value += 1
            return value
        }
        let random = UInt64.random(in: 0..<UInt64.max)
        return try PostgresSchemaName("test_\(String(random, radix: 16))_\(counter)")
    }

    /// Drops `schema` and everything in it.
    static func drop(_ schema: PostgresSchemaName, on connection: PostgresConnection) {
        _ = try? connection.execute("DROP SCHEMA IF EXISTS \"\(schema.name)\" CASCADE")
    }

    /// The URL text with its password replaced by `password`.
    static func replacingPassword(in text: String, with password: String) -> String? {
        guard let schemeEnd = text.firstRange(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return nil }
        return String(text[..<text.index(after: colon)]) + password + String(text[at...])
    }

    /// The password in the URL text.
    static func password(in text: String) -> String? {
        guard let schemeEnd = text.firstRange(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return nil }
        return String(text[text.index(after: colon)..<at])
    }

    struct Missing: Error {}

    private static let counter = Mutex(0)
}
