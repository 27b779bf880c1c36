internal import CPQ

/// One open connection to a PostgreSQL database, through libpq (loaded on first use).
///
/// Sendable story: a connection is a final class that is deliberately **not** `Sendable`. It
/// belongs to the task that opened it (libpq connections must not be used from two threads at
/// once); concurrent work opens one connection per task, which is also what PostgreSQL wants.
/// The connection closes when the last reference goes.
///
/// Every statement goes through `PQexecParams` with bound parameters (``PostgresValue``); one call
/// runs exactly one statement. Server notices are dropped, never printed.
public final class PostgresConnection {
    /// Where this connection goes (its ``PostgresURL/redacted`` form names it in errors).
    public let url: PostgresURL
    /// Seconds a statement may wait for its answer (the server is told the same limit).
    public let statementTimeout: Double
    private let handle: OpaquePointer
    private var inTransaction = false
    /// A statement ran out of time: its answer may still come, so the connection is not used again.
    private var abandoned = false

    /// Seconds allowed to connect when the URL sets no `connect_timeout`.
    public static let defaultConnectTimeout = 10
    /// Seconds allowed for one statement's answer by default.
    public static let defaultStatementTimeout = 300.0

    /// Connects, then sets the session's client encoding to UTF-8, `bytea_output` to hex and the
    /// server's `statement_timeout` to ``statementTimeout``.
    ///
    /// Every wait has a deadline: connecting takes at most the URL's `connect_timeout`, else
    /// `connectTimeout` seconds (a server that accepts and never answers cannot hold a command),
    /// and every statement at most `statementTimeout` seconds, after which the connection is
    /// closed and ``PostgresError/timedOut(target:seconds:connecting:)`` thrown.
    ///
    /// - Throws: ``PostgresError/libraryUnavailable``, ``PostgresError/authenticationFailed(target:detail:)``
    ///   when the server refuses the credentials, ``PostgresError/timedOut(target:seconds:connecting:)``,
    ///   ``PostgresError/connectionRefused(target:detail:)`` for every other connection failure.
    public init(
        _ url: PostgresURL, connectTimeout: Int = PostgresConnection.defaultConnectTimeout,
        statementTimeout: Double = PostgresConnection.defaultStatementTimeout
    ) throws(PostgresError) {
        guard nearby_pq_load() != 0 else { throw .libraryUnavailable }
        let connection = url.connectionString.withCString { text in
            String(max(1, connectTimeout)).withCString { nearby_pq_connect_url(text, $0) }
        }
        guard let connection else {
            throw .connectionRefused(target: url.redacted, detail: "libpq could not allocate a connection")
        }
        guard nearby_pq_connection_ok(connection) != 0 else {
            let detail = Self.clean(nearby_pq_error_message(connection), url: url)
            let needsPassword = nearby_pq_needs_password(connection) != 0
            nearby_pq_finish(connection)
            if needsPassword || Self.isAuthenticationFailure(detail) {
                throw .authenticationFailed(target: url.redacted, detail: detail)
            }
            if detail.contains("timeout expired") {
                // libpq takes at least 2 s, whatever is asked.
                let seconds = max(2, url.connectTimeout ?? max(1, connectTimeout))
                throw .timedOut(target: url.redacted, seconds: Double(seconds), connecting: true)
            }
            throw .connectionRefused(target: url.redacted, detail: detail)
        }
        nearby_pq_silence_notices(connection)
        self.url = url
        self.handle = connection
        self.statementTimeout = max(0.001, statementTimeout)
        try execute("SET client_encoding TO 'UTF8'")
        try execute("SET bytea_output TO 'hex'")
        try execute(
            "SELECT set_config('statement_timeout', $1, false)", [.text("\(Int(self.statementTimeout * 1000))")])
    }

    /// Whether libpq could be loaded (loading it on the first call).
    public static var isLibraryAvailable: Bool { nearby_pq_load() != 0 }

    deinit {
        nearby_pq_finish(handle)
    }

    /// Runs one statement with bound parameters (`$1` is `parameters[0]`; nil is SQL NULL) and
    /// reads its whole answer.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue?] = []) throws(PostgresError)
        -> PostgresResult
    {
        guard !sql.utf8.contains(0) else {
            throw .unexpectedResult(target: url.redacted, detail: "the statement contains a NUL character")
        }
        // The protocol counts parameters in 16 bits.
        guard parameters.count <= 65_535, let count = Int32(exactly: parameters.count) else {
            throw .invalidParameter(index: parameters.count, reason: "a statement takes at most 65535 parameters")
        }
        var types: [UInt32] = []
        var formats: [Int32] = []
        var lengths: [Int32] = []
        var pointers: [UnsafePointer<CChar>?] = []
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer { for buffer in buffers { buffer.deallocate() } }
        for (offset, parameter) in parameters.enumerated() {
            guard let parameter else {
                types.append(0)
                formats.append(0)
                lengths.append(0)
                pointers.append(nil)
                continue
            }
            let encoded = try parameter.encoded(index: offset + 1)
            guard let length = Int32(exactly: encoded.bytes.count) else {
                throw .invalidParameter(index: offset + 1, reason: "it is larger than 2 GiB")
            }
            // One byte more for the terminating NUL that text-format parameters need.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: encoded.bytes.count + 1, alignment: 1)
            buffers.append(buffer)
            buffer.copyBytes(from: encoded.bytes)
            buffer[encoded.bytes.count] = 0
            types.append(encoded.type)
            formats.append(encoded.format)
            lengths.append(length)
            pointers.append(UnsafePointer(buffer.baseAddress?.assumingMemoryBound(to: CChar.self)))
        }
        guard !abandoned else {
            throw .connectionLost(target: url.redacted, detail: "an earlier statement ran out of time")
        }
        var timedOut: Int32 = 0
        let milliseconds = Int(min(statementTimeout * 1000, 86_400_000).rounded(.up))
        let result = sql.withCString { text in
            nearby_pq_exec_params_deadline(
                handle, text, count, types, pointers, lengths, formats, milliseconds, &timedOut)
        }
        defer { if let result { nearby_pq_clear(result) } }
        if timedOut != 0 {
            abandoned = true
            throw .timedOut(target: url.redacted, seconds: statementTimeout, connecting: false)
        }
        return try read(result)
    }

    /// Runs `body` in one transaction: `BEGIN`, then `COMMIT` when it returns, `ROLLBACK` when it
    /// (or the commit) throws. Transactions do not nest.
    @discardableResult
    public func transaction<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
        try transaction(body, database: { $0 })
    }

    /// Runs `body` in one transaction, as ``transaction(_:)`` does, for a body that can also fail
    /// with errors of its own (reading the rows it writes, say): `database` says how a failure of
    /// BEGIN or COMMIT is expressed in the body's error type. Any error rolls back.
    public func transaction<T, Failure: Error>(
        _ body: () throws(Failure) -> T, database: (PostgresError) -> Failure
    ) throws(Failure) -> T {
        guard !inTransaction else { throw database(.nestedTransaction) }
        do throws(PostgresError) { try execute("BEGIN") } catch { throw database(error) }
        inTransaction = true
        defer { inTransaction = false }
        do throws(Failure) {
            let value = try body()
            do throws(PostgresError) { try execute("COMMIT") } catch { throw database(error) }
            return value
        } catch {
            // The first error is the one worth reporting; a failed ROLLBACK leaves nothing behind
            // (the server drops an unfinished transaction with the connection).
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    // MARK: - Results

    private func read(_ result: OpaquePointer?) throws(PostgresError) -> PostgresResult {
        switch nearby_pq_result_kind(result) {
        case 1, 2:
            break
        case 3:
            guard let result, let state = nearby_pq_sqlstate(result) else {
                // No SQLSTATE: libpq's own failure (the connection went away).
                throw .connectionLost(
                    target: url.redacted, detail: Self.clean(nearby_pq_error_message(handle), url: url))
            }
            let primary = nearby_pq_primary_message(result) ?? nearby_pq_result_error_message(result)
            throw .server(
                target: url.redacted, sqlState: Self.clean(state, url: url), message: Self.clean(primary, url: url))
        case 0:
            throw .connectionLost(target: url.redacted, detail: Self.clean(nearby_pq_error_message(handle), url: url))
        default:
            throw .unexpectedResult(
                target: url.redacted, detail: "the statement answered with neither rows nor a status")
        }
        guard let result else {
            throw .unexpectedResult(target: url.redacted, detail: "no result")
        }
        let fieldCount = Int(nearby_pq_nfields(result))
        let rowCount = Int(nearby_pq_ntuples(result))
        var columns: [PostgresColumn] = []
        columns.reserveCapacity(max(0, fieldCount))
        for field in 0..<max(0, fieldCount) {
            let column = Int32(truncatingIfNeeded: field)  // field < nfields, an Int32
            let name = nearby_pq_fname(result, column).map { String(cString: $0) } ?? ""
            columns.append(PostgresColumn(name: name, typeOID: nearby_pq_ftype(result, column)))
        }
        var rows: [PostgresRow] = []
        rows.reserveCapacity(max(0, rowCount))
        for row in 0..<max(0, rowCount) {
            let tuple = Int32(truncatingIfNeeded: row)  // row < ntuples, an Int32
            var values: [[UInt8]?] = []
            values.reserveCapacity(columns.count)
            for field in 0..<columns.count {
                let column = Int32(truncatingIfNeeded: field)
                if nearby_pq_getisnull(result, tuple, column) != 0 {
                    values.append(nil)
                    continue
                }
                let length = Int(nearby_pq_getlength(result, tuple, column))
                guard let start = nearby_pq_getvalue(result, tuple, column), length >= 0 else {
                    throw .unexpectedResult(target: url.redacted, detail: "a value could not be read")
                }
                values.append(Array(UnsafeRawBufferPointer(start: start, count: length)))
            }
            rows.append(PostgresRow(columns: columns, values: values))
        }
        let affected = nearby_pq_cmd_tuples(result).flatMap { Int(String(cString: $0)) }
        return PostgresResult(columns: columns, rows: rows, affectedRows: affected)
    }

    // MARK: - Messages

    /// A libpq or server message made safe for one line of output: the URL's secrets replaced,
    /// its lines joined as sentences (libpq writes "…failed: Connection refused" and "Is the
    /// server running…?" on two lines), control characters turned into spaces, cut at 500
    /// characters.
    static func clean(_ message: UnsafePointer<CChar>?, url: PostgresURL) -> String {
        guard let message else { return "no message" }
        let text = url.scrub(String(cString: message))
        var joined = ""
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let spaced = String(
                String.UnicodeScalarView(line.unicodeScalars.map { PostgresURL.isControl($0) ? " " : $0 }))
            let words = spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            guard !words.isEmpty else { continue }
            if let last = joined.last {
                joined += ".?!:;,".contains(last) ? " " : ". "
            }
            joined += words
        }
        if joined.isEmpty { joined = "no message" }
        return joined.count > 500 ? String(joined.prefix(500)) + "…" : joined
    }

    /// Whether libpq's (English) connection message is about credentials rather than reachability.
    static func isAuthenticationFailure(_ detail: String) -> Bool {
        let markers = [
            "password authentication failed", "authentication failed", "no password supplied",
            "no pg_hba.conf entry", "password is required", "SCRAM",
        ]
        return markers.contains { detail.contains($0) }
    }
}

@available(*, unavailable, message: "a connection belongs to the task that opened it; open one per task")
extension PostgresConnection: Sendable {}
