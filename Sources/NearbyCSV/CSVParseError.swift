/// Why bytes are not readable CSV (see ``CSVRowReader`` for the rules).
public struct CSVParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        case noHeader
        case unterminatedQuote
        /// The file ends, without a line break, in a row with fewer fields than the header: it
        /// was cut in the middle of that row.
        case truncatedLastRow(fields: Int, columns: Int)
        /// A row holds more than `limit` bytes before its line break (a stream reader keeps a
        /// row cut between chunks, so it keeps none longer than this).
        case rowTooLong(limit: Int)
        /// A row has more than `limit` fields.
        case tooManyFields(limit: Int)
        /// A chunk was fed to a ``CSVStreamReader`` before the rows of the one before were all read.
        case chunkNotRead
    }

    /// What went wrong.
    public var reason: Reason
    /// 1-based line of the problem (where its row or its quote starts).
    public var line: Int

    public init(reason: Reason, line: Int) {
        self.reason = reason
        self.line = line
    }

    /// What went wrong, as the end of a sentence (no capital, no full stop).
    public var detail: String {
        switch reason {
        case .noHeader: return "it is empty, with no header line"
        case .unterminatedQuote: return "the quote opened at line \(line) never closes"
        case .truncatedLastRow(let fields, let columns):
            return
                "it ends in the middle of the row at line \(line) (\(fields) of \(columns) fields, no line break): the file was cut short"
        case .rowTooLong(let limit): return "the row at line \(line) is longer than \(Self.bytesText(limit))"
        case .tooManyFields(let limit): return "the row at line \(line) has more than \(limit) fields"
        case .chunkNotRead: return "a chunk was fed before the rows of the one before were read"
        }
    }

    public var description: String {
        switch reason {
        case .noHeader: return "The CSV file is empty: it has no header line."
        case .unterminatedQuote:
            return "The CSV field quoted at line \(line) never closes its quote."
        case .truncatedLastRow: return "The CSV file is not complete: \(detail)."
        case .rowTooLong, .tooManyFields, .chunkNotRead: return "The CSV file cannot be read: \(detail)."
        }
    }

    /// `1 MiB`, `64 KiB` or `100 bytes`: a limit as people say it.
    static func bytesText(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }
}
