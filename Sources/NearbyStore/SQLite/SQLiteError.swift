internal import CSQLite
import Foundation

/// A failed SQLite call: why (from the result code), what SQLite said, and the SQL involved.
///
/// Modelled on sqlite-nio's `SQLiteError`: a reason enum derived from the primary result code,
/// plus SQLite's own message, so callers can branch on the reason and users read one sentence.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad category of a failure, from SQLite's primary result code.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        case error
        case permission
        case abort
        case busy
        case locked
        case noMemory
        case readOnly
        case interrupted
        case ioError
        case corrupt
        case full
        case cantOpen
        case schemaChanged
        case tooBig
        case constraint
        case mismatch
        case misuse
        case notADatabase
        case range
        /// A result code this wrapper does not name.
        case other(Int32)

        /// The reason for a primary or extended SQLite result code.
        public init(resultCode: Int32) {
            switch resultCode & 0xff {
            case SQLITE_ERROR: self = .error
            case SQLITE_PERM: self = .permission
            case SQLITE_ABORT: self = .abort
            case SQLITE_BUSY: self = .busy
            case SQLITE_LOCKED: self = .locked
            case SQLITE_NOMEM: self = .noMemory
            case SQLITE_READONLY: self = .readOnly
            case SQLITE_INTERRUPT: self = .interrupted
            case SQLITE_IOERR: self = .ioError
            case SQLITE_CORRUPT: self = .corrupt
            case SQLITE_FULL: self = .full
            case SQLITE_CANTOPEN: self = .cantOpen
            case SQLITE_SCHEMA: self = .schemaChanged
            case SQLITE_TOOBIG: self = .tooBig
            case SQLITE_CONSTRAINT: self = .constraint
            case SQLITE_MISMATCH: self = .mismatch
            case SQLITE_MISUSE: self = .misuse
            case SQLITE_NOTADB: self = .notADatabase
            case SQLITE_RANGE: self = .range
            default: self = .other(resultCode)
            }
        }

        public var description: String {
            switch self {
            case .error: "SQL error"
            case .permission: "access permission denied"
            case .abort: "operation aborted"
            case .busy: "database is busy"
            case .locked: "table is locked"
            case .noMemory: "out of memory"
            case .readOnly: "database is read-only"
            case .interrupted: "operation interrupted"
            case .ioError: "disk I/O error"
            case .corrupt: "database file is corrupt"
            case .full: "disk is full"
            case .cantOpen: "unable to open database file"
            case .schemaChanged: "database schema changed"
            case .tooBig: "value too big"
            case .constraint: "constraint violation"
            case .mismatch: "data type mismatch"
            case .misuse: "library misuse"
            case .notADatabase: "file is not a database"
            case .range: "bind index out of range"
            case .other(let code): "result code \(code)"
            }
        }
    }

    /// The category of the failure.
    public var reason: Reason
    /// The (possibly extended) result code SQLite returned.
    public var resultCode: Int32
    /// SQLite's own message (`sqlite3_errmsg`), or the result code's generic text.
    public var message: String
    /// The SQL being prepared or run, if any.
    public var sql: String?

    public init(resultCode: Int32, message: String, sql: String? = nil) {
        self.reason = Reason(resultCode: resultCode)
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
    }

    /// Builds the error for `code` from the connection's current message.
    init(resultCode: Int32, handle: OpaquePointer?, sql: String?) {
        let text: String
        if let handle, let cMessage = sqlite3_errmsg(handle) {
            text = String(cString: cMessage)
        } else if let cMessage = sqlite3_errstr(resultCode) {
            text = String(cString: cMessage)
        } else {
            text = "unknown error"
        }
        self.init(resultCode: resultCode, message: text, sql: sql)
    }

    public var description: String {
        var text = "SQLite failed (\(reason)): \(message)"
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
            let shown = oneLine.count > 120 ? String(oneLine.prefix(117)) + "..." : oneLine
            text += " in `\(shown)`"
        }
        return text + "."
    }
}
