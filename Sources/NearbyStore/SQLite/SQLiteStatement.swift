internal import CSQLite

/// A compiled statement with parameters bound by 1-based index and columns read by 0-based index.
///
/// Keeps its ``SQLiteDatabase`` alive and finalizes itself when released. Not `Sendable`.
public final class SQLiteStatement {
    let database: SQLiteDatabase
    let handle: OpaquePointer
    /// The SQL text the statement was compiled from.
    public let sql: String

    init(database: SQLiteDatabase, sql: String) throws(SQLiteError) {
        var compiled: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &compiled, nil)
        guard code == SQLITE_OK, let compiled else {
            sqlite3_finalize(compiled)
            if code == SQLITE_OK {
                throw SQLiteError(
                    resultCode: SQLITE_MISUSE, message: "the SQL text holds no statement", sql: sql)
            }
            throw SQLiteError(resultCode: code, handle: database.handle, sql: sql)
        }
        self.database = database
        self.handle = compiled
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(resultCode: code, handle: database.handle, sql: sql)
        }
    }

    // MARK: Binding (1-based)

    /// Binds an integer, or NULL for `nil`.
    public func bind(_ value: Int64?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a double, or NULL for `nil`. SQLite itself stores NaN as NULL.
    public func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds UTF-8 text (copied), or NULL for `nil`.
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        var utf8 = Array(value.utf8)
        let count = Int32(clamping: utf8.count)
        let code = utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(
                    handle, index, chars.baseAddress, count, nearby_sqlite_transient())
            }
        }
        try check(code)
    }

    /// Binds a blob (copied), or NULL for `nil`. An empty array binds an empty blob, not NULL.
    public func bind(_ value: [UInt8]?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        // Array.withUnsafeBytes only rethrows untyped errors, so carry the typed one out.
        let result = value.withUnsafeBytes { bytes in
            Result { () throws(SQLiteError) in try bind(bytes, at: index) }
        }
        try result.get()
    }

    /// Binds a blob copied from raw memory. An empty buffer binds an empty blob, not NULL.
    public func bind(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return try check(sqlite3_bind_zeroblob(handle, index, 0))
        }
        guard bytes.count <= Int(Int32.max) else {
            throw SQLiteError(
                resultCode: SQLITE_TOOBIG, message: "blob of \(bytes.count) bytes", sql: sql)
        }
        try check(
            sqlite3_bind_blob(handle, index, base, Int32(bytes.count), nearby_sqlite_transient()))
    }

    /// Binds SQL NULL.
    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: Running

    /// Advances the statement: `true` when a row is ready to read, `false` when it is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(resultCode: code, handle: database.handle, sql: sql)
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    ///
    /// Never fails: `sqlite3_reset` only repeats the last step's error, which ``step()`` threw.
    public func reset() {
        _ = sqlite3_reset(handle)
    }

    // MARK: Columns (0-based)

    /// The number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Whether the column is NULL in the current row.
    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as an integer, or `nil` when NULL.
    public func int64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : sqlite3_column_int64(handle, column)
    }

    /// The column as a double, or `nil` when NULL.
    public func double(at column: Int32) -> Double? {
        isNull(at: column) ? nil : sqlite3_column_double(handle, column)
    }

    /// The column as text, or `nil` when NULL.
    public func string(at column: Int32) -> String? {
        guard !isNull(at: column), let text = sqlite3_column_text(handle, column) else {
            return nil
        }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as a copied blob, or `nil` when NULL.
    public func blob(at column: Int32) -> [UInt8]? {
        withBlob(at: column) { $0.map { Array($0) } }
    }

    /// Lends the column's blob bytes without copying (`nil` when NULL); valid only inside `body`.
    public func withBlob<T, E: Error>(
        at column: Int32, _ body: (UnsafeRawBufferPointer?) throws(E) -> T
    ) throws(E) -> T {
        guard !isNull(at: column) else { return try body(nil) }
        let base = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let base, count > 0 else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}

@available(*, unavailable, message: "A statement belongs to its connection's isolation domain.")
extension SQLiteStatement: Sendable {}
