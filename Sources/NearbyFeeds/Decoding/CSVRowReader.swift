/// One CSV row as bytes: every field's unquoted contents back to back, and where each ends.
///
/// The reader refills one row in place, so a feed of millions of rows allocates nothing per
/// row, and a field becomes a `String` only when something asks for it (an empty field never).
struct CSVRow: Sendable {
    /// The fields' contents, unquoted, one after the other.
    var bytes: [UInt8] = []
    /// The end offset in ``bytes`` of each field.
    var ends: [Int] = []
    /// 1-based line where the row starts.
    var line = 1

    /// The number of fields.
    var count: Int { ends.count }

    private func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// True when field `index` holds no bytes.
    func isEmpty(_ index: Int) -> Bool { range(index).isEmpty }

    /// Field `index` as it is (not trimmed).
    func string(_ index: Int) -> String {
        let range = range(index)
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// Field `index` normalised (see ``Swift/String/normalizedFeedValue()``), or nil when it is
    /// empty or blank.
    func text(_ index: Int) -> String? {
        let range = range(index)
        if range.isEmpty { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            let slice = UnsafeBufferPointer(rebasing: buffer[range])
            let text = String(decoding: slice, as: UTF8.self)
            return String.isAlreadyNormal(slice) ? text : text.normalizedFeedValue()
        }
    }
}

/// Splits CSV bytes into rows (RFC 4180, tolerant; see ``CSVTable``).
struct CSVRowReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    private(set) var line = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The header names, trimmed; throws when the file holds no line at all.
    mutating func readHeader() throws(CSVParseError) -> [String] {
        var row = CSVRow()
        guard try next(into: &row, columns: nil) else {
            throw CSVParseError(reason: .noHeader, line: 1)
        }
        return (0..<row.count).map { row.string($0).trimmingFeedSpaces() }
    }

    /// Reads the next non-blank row into `row`; false at the end of the input.
    ///
    /// With `columns` (the header's width), a last row that has fewer fields and no line break
    /// after it is refused as cut short.
    mutating func next(into row: inout CSVRow, columns: Int?) throws(CSVParseError) -> Bool {
        while position < bytes.count {
            row.bytes.removeAll(keepingCapacity: true)
            row.ends.removeAll(keepingCapacity: true)
            row.line = line
            var terminated = false
            while true {
                let end = try readField(into: &row.bytes)
                row.ends.append(row.bytes.count)
                if end != .comma {
                    terminated = end == .lineBreak
                    break
                }
            }
            if row.ends.count == 1, row.bytes.isEmpty { continue }
            if !terminated, let columns, row.ends.count < columns {
                throw CSVParseError(
                    reason: .truncatedLastRow(fields: row.ends.count, columns: columns),
                    line: row.line)
            }
            return true
        }
        return false
    }

    private enum FieldEnd { case comma, lineBreak, endOfInput }

    /// Appends one field's contents to `output`; says what ended it.
    private mutating func readField(into output: inout [UInt8]) throws(CSVParseError) -> FieldEnd {
        let count = bytes.count
        if position < count, bytes[position] == UInt8(ascii: "\"") {
            let quoteLine = line
            position += 1
            while true {
                var stop = position
                while stop < count, bytes[stop] != UInt8(ascii: "\""), bytes[stop] != 0x0A {
                    stop += 1
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<stop]))
                position = stop
                guard position < count else {
                    throw CSVParseError(reason: .unterminatedQuote, line: quoteLine)
                }
                let byte = bytes[position]
                position += 1
                if byte == 0x0A {
                    line += 1
                    output.append(byte)
                    continue
                }
                if position < count, bytes[position] == UInt8(ascii: "\"") {
                    output.append(byte)
                    position += 1
                    continue
                }
                break
            }
        }
        var stop = position
        while stop < count {
            let byte = bytes[stop]
            if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { break }
            stop += 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<stop]))
        position = stop
        guard position < count else { return .endOfInput }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: ","):
            return .comma
        case 0x0D:
            if position < count, bytes[position] == 0x0A { position += 1 }
            line += 1
            return .lineBreak
        default:
            line += 1
            return .lineBreak
        }
    }
}
