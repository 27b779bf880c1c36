import Foundation

/// A CSV file read as a header and rows of text (RFC 4180, tolerant).
///
/// Quoted fields may hold commas, doubled quotes and line breaks; lines end in CRLF or LF; a
/// UTF-8 byte order mark is skipped; header names are trimmed of white space (U+00A0 and
/// U+3000 included); blank lines are skipped. Rows shorter than the header simply lack the
/// last fields; extra fields of a longer row get the names `column N` (1-based).
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
        var reader = CSVByteReader(bytes)
        guard let first = try reader.nextRecord() else {
            throw CSVParseError(reason: .noHeader, line: 1)
        }
        header = first.fields.map { $0.trimmingFeedSpaces() }
        var rows: [Row] = []
        while let record = try reader.nextRecord() {
            rows.append(Row(fields: record.fields, line: record.line))
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
    }

    /// What went wrong.
    public var reason: Reason
    /// 1-based line of the problem.
    public var line: Int

    public var description: String {
        switch reason {
        case .noHeader: return "The CSV file is empty: it has no header line."
        case .unterminatedQuote:
            return "The CSV field quoted at line \(line) never closes its quote."
        }
    }
}

/// The record splitter behind ``CSVTable``.
struct CSVByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var line = 1
    var field: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The next non-blank record, or nil at the end.
    mutating func nextRecord() throws(CSVParseError) -> (fields: [String], line: Int)? {
        while position < bytes.count {
            let startLine = line
            var fields: [String] = []
            var atRecordEnd = false
            while !atRecordEnd {
                atRecordEnd = try readField()
                fields.append(String(decoding: field, as: UTF8.self))
            }
            if fields.count == 1, fields[0].isEmpty { continue }
            return (fields, startLine)
        }
        return nil
    }

    /// Reads one field into `field`; returns true when it ended its record.
    private mutating func readField() throws(CSVParseError) -> Bool {
        field.removeAll(keepingCapacity: true)
        let count = bytes.count
        if position < count, bytes[position] == UInt8(ascii: "\"") {
            let quoteLine = line
            position += 1
            while true {
                guard position < count else {
                    throw CSVParseError(reason: .unterminatedQuote, line: quoteLine)
                }
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") {
                    if position < count, bytes[position] == UInt8(ascii: "\"") {
                        field.append(byte)
                        position += 1
                        continue
                    }
                    break
                }
                if byte == 0x0A { line += 1 }
                field.append(byte)
            }
        }
        while position < count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: ","):
                return false
            case 0x0A:
                line += 1
                return true
            case 0x0D:
                if position < count, bytes[position] == 0x0A { position += 1 }
                line += 1
                return true
            default:
                field.append(byte)
            }
        }
        return true
    }
}
