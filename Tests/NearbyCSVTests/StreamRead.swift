import NearbyCSV

/// Reads CSV through ``CSVStreamReader`` or ``CSVRowReader`` into strings, for the tests: every
/// row (the header too, untrimmed) with the line it starts on.
enum StreamRead {
    struct Rows: Equatable, CustomStringConvertible {
        var rows: [[String]] = []
        var lines: [Int] = []

        var description: String { "\(rows) at lines \(lines)" }

        mutating func add(_ fields: CSVFields) {
            rows.append((0..<fields.count).map { fields.string($0) })
            lines.append(fields.line)
        }
    }

    /// The rows of `pieces` fed one after another, the last one final.
    static func rows(
        _ pieces: [[UInt8]], maximumRowBytes: Int = 1 << 20, maximumFields: Int = 1 << 16
    ) throws(CSVParseError) -> Rows {
        var stream = CSVStreamReader(maximumRowBytes: maximumRowBytes, maximumFields: maximumFields)
        var row = CSVRow()
        var out = Rows()
        for (index, piece) in pieces.enumerated() {
            try piece.withUnsafeBufferPointer { buffer throws(CSVParseError) in
                try stream.feed(buffer, isFinal: index == pieces.count - 1)
                while try stream.next(into: &row) { out.add(row.fields) }
            }
        }
        if pieces.isEmpty {
            try [UInt8]().withUnsafeBufferPointer { buffer throws(CSVParseError) in
                try stream.feed(buffer, isFinal: true)
                while try stream.next(into: &row) { out.add(row.fields) }
            }
        }
        return out
    }

    /// The rows of `text` fed as pieces of the given texts.
    static func rows(
        _ pieces: [String], maximumRowBytes: Int = 1 << 20, maximumFields: Int = 1 << 16
    ) throws(CSVParseError) -> Rows {
        try rows(pieces.map { Array($0.utf8) }, maximumRowBytes: maximumRowBytes, maximumFields: maximumFields)
    }

    /// The rows of `bytes` read whole, in place (as the feeds read a page).
    static func whole(_ bytes: [UInt8]) throws(CSVParseError) -> Rows {
        try bytes.withUnsafeBufferPointer { buffer throws(CSVParseError) in
            var reader = CSVRowReader(buffer)
            var row = CSVRow()
            var out = Rows()
            while try reader.next(into: &row, columns: nil) { out.add(row.fields) }
            return out
        }
    }
}
