/// Why a PostgreSQL operation failed. Every description names the database by its redacted URL
/// (``PostgresURL/redacted``) and never holds a password.
public enum PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libpq (`libpq.so.5`, Debian package libpq5) could not be loaded.
    case libraryUnavailable
    /// The database URL is not one Nearby accepts; the reason never repeats the URL.
    case invalidURL(String)
    /// The server could not be reached (refused, unknown host, timeout, TLS required…).
    case connectionRefused(target: String, detail: String)
    /// The server refused the credentials (wrong or missing password, no pg_hba.conf entry).
    case authenticationFailed(target: String, detail: String)
    /// The server answered a statement with an error; `sqlState` is its five-character SQLSTATE.
    case server(target: String, sqlState: String, message: String)
    /// The connection broke during a statement.
    case connectionLost(target: String, detail: String)
    /// The server did not answer in time: while connecting (`connect_timeout`, default 10 s) or
    /// to a statement (the connection is then closed).
    case timedOut(target: String, seconds: Double, connecting: Bool)
    /// The server answered with something the statement could not have produced.
    case unexpectedResult(target: String, detail: String)
    /// A bound parameter cannot be sent (1-based `index`).
    case invalidParameter(index: Int, reason: String)
    /// A result column is missing or does not hold the requested type.
    case column(name: String, reason: String)
    /// The database's `nearby` schema is newer than this Nearby knows.
    case newerSchema(target: String, schema: String, found: Int64, supported: Int64)
    /// ``PostgresConnection/transaction(_:)`` inside another transaction.
    case nestedTransaction

    /// `10 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// SQLSTATE 23505: a unique constraint refused a row.
    public var isUniqueViolation: Bool {
        if case .server(_, "23505", _) = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .libraryUnavailable:
            "PostgreSQL's client library libpq.so.5 could not be loaded (install the libpq5 package)"
        case .invalidURL(let reason): reason
        case .connectionRefused(let target, let detail):
            "could not connect to the PostgreSQL database \(target): \(detail)"
        case .authenticationFailed(let target, let detail):
            "the PostgreSQL database \(target) refused the login: \(detail)"
        case .server(let target, let sqlState, let message):
            "the PostgreSQL database \(target) answered with error \(sqlState): \(message)"
        case .connectionLost(let target, let detail):
            "the connection to the PostgreSQL database \(target) broke: \(detail)"
        case .timedOut(let target, let seconds, true):
            "the PostgreSQL server of \(target) did not answer within \(Self.seconds(seconds)) (connect_timeout); "
                + "check that it is running and accepts connections at that host and port, "
                + "or give it longer with connect_timeout=N in the URL"
        case .timedOut(let target, let seconds, false):
            "the PostgreSQL database \(target) did not answer a statement within \(Self.seconds(seconds)), "
                + "so the connection was closed; check the server's load and whether another session holds a lock"
        case .unexpectedResult(let target, let detail):
            "the PostgreSQL database \(target) gave an unexpected answer: \(detail)"
        case .invalidParameter(let index, let reason):
            "parameter \(index) cannot be sent to PostgreSQL: \(reason)"
        case .column(let name, let reason):
            "result column \(name): \(reason)"
        case .newerSchema(let target, let schema, let found, let supported):
            "the schema \(schema) in \(target) is at version \(found), newer than the \(supported) this Nearby knows; update Nearby"
        case .nestedTransaction:
            "a PostgreSQL transaction was started inside another one"
        }
    }
}
