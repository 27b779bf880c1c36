import Foundation

/// A CSV file read as a header and rows of text (RFC 4180, tolerant).
///
/// Quoted fields may hold commas, doubled quotes and line breaks; lines end in CRLF or LF; a
/// UTF-8 byte order mark is skipped; header names are trimmed of white space (U+00A0 and
/// U+3000 included); blank lines are skipped. Rows shorter than the header simply lack the
/// last fields; extra fields of a longer row get the names `column N` (1-based).
///
/// A file cut short is refused: a quoted field that never closes, or a last row that has fewer
/// fields than the header and no line break after it (see ``CSVParseError/Reason/truncatedLastRow``).
public struct CSVTable: Sendable, Hashable {
    /// One data row and the line it starts on.
    public struct Row: Sendable, Hashable {
        /// The fields, raw (not trimmed).
        public var fields: [String]
        /// 1-based line where the row starts.
        public var line: Int
    }

    /// The trimmed header names.
    public var header: [String]
    /// The data rows in file order.
    public var rows: [Row]

    /// The column name for field `index` of a row (the header name or `column N`).
    public func columnName(_ index: Int) -> String {
        index < header.count ? header[index] : "column \(index + 1)"
    }

    /// Reads `data` as CSV.
    public init(_ data: Data) throws(CSVParseError) {
        let result: Result<CSVTable, CSVParseError> = data.withUnsafeBytes { raw in
            Result { () throws(CSVParseError) -> CSVTable in
                try CSVTable(bytes: raw.assumingMemoryBound(to: UInt8.self))
            }
        }
        self = try result.get()
    }

    /// Reads the bytes as CSV.
    public init(bytes: UnsafeBufferPointer<UInt8>) throws(CSVParseError) {
        var reader = CSVRowReader(bytes)
        header = try reader.readHeader()
        var rows: [Row] = []
        var row = CSVRow()
        while try reader.next(into: &row, columns: header.count) {
            rows.append(Row(fields: (0..<row.count).map { row.string($0) }, line: row.line))
        }
        self.rows = rows
    }
}

/// Why bytes are not readable CSV.
public struct CSVParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        case noHeader
        case unterminatedQuote
        /// The file ends, without a line break, in a row with fewer fields than the header: it
        /// was cut in the middle of that row.
        case truncatedLastRow(fields: Int, columns: Int)
    }

    /// What went wrong.
    public var reason: Reason
    /// 1-based line of the problem.
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
        }
    }

    public var description: String {
        switch reason {
        case .noHeader: return "The CSV file is empty: it has no header line."
        case .unterminatedQuote:
            return "The CSV field quoted at line \(line) never closes its quote."
        case .truncatedLastRow: return "The CSV file is not complete: \(detail)."
        }
    }
}
