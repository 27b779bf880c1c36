internal import CSQLite

/// One open SQLite connection. It owns the handle and closes it when released.
///
/// Deliberately not `Sendable` (like SwiftPM's `SQLite` in `Basics`): a connection is used from
/// one isolation domain at a time; open another connection for another thread or process.
/// Values reach SQL only through parameters bound on a ``SQLiteStatement``;
/// ``execute(_:)`` is for fixed SQL text such as schema and pragmas.
public final class SQLiteDatabase {
    /// How to open the file.
    public enum OpenMode: Sendable, Hashable {
        /// Open an existing file for reading only.
        case readOnly
        /// Open an existing file for reading and writing.
        case readWrite
        /// Open for reading and writing, creating the file if it does not exist.
        case readWriteCreate
        /// Open an existing file for reading only, promising SQLite that nobody changes it
        /// (`immutable=1`): no locks, no `-shm` file, so a WAL file in a read-only folder opens.
        case immutable

        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }

    /// What a transaction locks when it begins.
    public enum TransactionKind: String, Sendable, Hashable {
        /// Take locks lazily (SQLite's default).
        case deferred = "DEFERRED"
        /// Take the write lock at once, so a read-then-write cannot race another writer.
        case immediate = "IMMEDIATE"
    }

    let handle: OpaquePointer
    /// The path the connection was opened with.
    public let path: String

    /// Opens `path` (or `":memory:"`) in `mode`, waiting up to `busyTimeout` milliseconds for
    /// other connections' locks before failing with ``SQLiteError/Reason/busy``.
    public init(path: String, mode: OpenMode = .readWriteCreate, busyTimeout: Int32 = 5_000)
        throws(SQLiteError)
    {
        var opened: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let name = mode == .immutable ? Self.immutableURI(path) : path
        let code = sqlite3_open_v2(name, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let error = SQLiteError(resultCode: code, handle: opened, sql: nil)
            sqlite3_close_v2(opened)
            throw SQLiteError(
                resultCode: code, message: "\(error.message) (\(path))", sql: nil)
        }
        self.handle = opened
        self.path = path
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, busyTimeout)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to percent-encoded.
    static func immutableURI(_ path: String) -> String {
        var out = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7f...:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            default:
                out += String(UnicodeScalar(byte))
            }
        }
        return out + "?immutable=1"
    }

    /// Sets how long (milliseconds) to wait for another connection's lock.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs fixed SQL text, possibly several statements, discarding any rows.
    ///
    /// Never build `sql` from values; use ``prepare(_:)`` and bind them.
    public func execute(_ sql: String) throws(SQLiteError) {
        var cMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &cMessage)
        guard code == SQLITE_OK else {
            let message = cMessage.map { String(cString: $0) }
            sqlite3_free(cMessage)
            if let message {
                throw SQLiteError(resultCode: code, message: message, sql: sql)
            }
            throw SQLiteError(resultCode: code, handle: handle, sql: sql)
        }
    }

    /// Compiles one statement.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql)
    }

    /// Runs `body` inside `BEGIN … COMMIT`; if `body` throws, rolls back and rethrows its error.
    ///
    /// Not reentrant: SQLite has no nested `BEGIN`.
    public func transaction<T>(
        _ kind: TransactionKind = .deferred, _ body: () throws -> T
    ) throws -> T {
        try execute("BEGIN \(kind.rawValue)")
        let result: T
        do {
            result = try body()
        } catch {
            // The rollback's own failure (e.g. SQLite already rolled back) must not hide `error`.
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The rowid of the most recent successful `INSERT` on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE`.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The value of a pragma that returns one integer, such as `user_version`.
    public func integerPragma(_ name: String) throws(SQLiteError) -> Int64 {
        let statement = try prepare("PRAGMA \(name)")
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0) ?? 0
    }
}

@available(
    *, unavailable, message: "A SQLite connection is used from one isolation domain at a time."
)
extension SQLiteDatabase: Sendable {}
