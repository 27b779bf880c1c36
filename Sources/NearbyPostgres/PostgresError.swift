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
