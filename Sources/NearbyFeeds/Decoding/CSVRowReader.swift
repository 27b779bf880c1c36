/// Splits CSV bytes into rows (RFC 4180, tolerant; see ``CSVTable``).
///
/// Fields are found in place (``CSVRow``): an unquoted field, or a quoted one that holds no
/// doubled quote and no text after its closing quote, is its run of the page; only the others
/// are unquoted into the row's own bytes.
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
            row.reset(page: bytes, line: line)
            let terminated = try readFields(into: &row)
            if row.count == 1, row.fields.isEmpty(0) { continue }
            if !terminated, let columns, row.count < columns {
                throw CSVParseError(
                    reason: .truncatedLastRow(fields: row.count, columns: columns), line: row.line)
            }
            return true
        }
        return false
    }

    /// Adds the fields of one row to `row`; true when a line break ended it, false for the end
    /// of the input.
    ///
    /// The loop keeps the position and the spans in locals: an unquoted field (the common
    /// case) costs a scan to its end and two stores.
    private mutating func readFields(into row: inout CSVRow) throws(CSVParseError) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var fields = 0
        var filled = 0
        var words = row.spanWords
        var filledWords = row.filledWords
        var capacity = row.spanCapacity
        var stop = position
        while true {
            if fields == capacity {
                row.setCount(fields, filled: filled)
                row.grow()
                words = row.spanWords
                filledWords = row.filledWords
                capacity = row.spanCapacity
            }
            if stop < count, base[stop] == UInt8(ascii: "\"") {
                row.setCount(fields, filled: filled)
                position = stop
                try readQuotedField(into: &row)
                stop = position
                fields = row.count
                filled = row.filledCount
                words = row.spanWords
                filledWords = row.filledWords
                capacity = row.spanCapacity
            } else {
                let start = stop
                while stop < count {
                    let byte = base[stop]
                    // Every byte that ends a field is at most a comma (0x2C).
                    if byte <= UInt8(ascii: ","), byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { break }
                    stop &+= 1
                }
                words[2 &* fields] = start
                words[2 &* fields &+ 1] = stop
                // Listed always, kept only when the field holds something (no branch).
                filledWords[filled] = fields
                filled &+= stop != start ? 1 : 0
                fields &+= 1
            }
            guard stop < count else {
                position = stop
                row.setCount(fields, filled: filled)
                return false
            }
            let byte = base[stop]
            stop &+= 1
            if byte == UInt8(ascii: ",") {
                // A run of empty fields (`,,,,`, the padding of a wide feed): each is its two
                // words; the field after the run is read above.
                while stop < count, base[stop] == UInt8(ascii: ","), fields < capacity {
                    words[2 &* fields] = stop
                    words[2 &* fields &+ 1] = stop
                    fields &+= 1
                    stop &+= 1
                }
                continue
            }
            if byte == 0x0D, stop < count, base[stop] == 0x0A { stop &+= 1 }
            line &+= 1
            position = stop
            row.setCount(fields, filled: filled)
            return true
        }
    }

    /// Adds the quoted field at `position` (its opening quote) to `row`, with any text after
    /// its closing quote up to the next comma or line break; leaves `position` there.
    private mutating func readQuotedField(into row: inout CSVRow) throws(CSVParseError) {
        let count = bytes.count
        let quoteLine = line
        let contentStart = position + 1
        position = contentStart
        // Where the contents were copied to the row's bytes, once they stop being one run.
        var ownStart: Int?
        var closing = contentStart
        while true {
            var stop = position
            while stop < count, bytes[stop] != UInt8(ascii: "\""), bytes[stop] != 0x0A { stop += 1 }
            if ownStart != nil { row.appendOwn(UnsafeBufferPointer(rebasing: bytes[position..<stop])) }
            position = stop
            guard position < count else {
                throw CSVParseError(reason: .unterminatedQuote, line: quoteLine)
            }
            let byte = bytes[position]
            position += 1
            if byte == 0x0A {
                line += 1
                if ownStart != nil { row.appendOwn(UnsafeBufferPointer(rebasing: bytes[(position - 1)..<position])) }
                continue
            }
            if position < count, bytes[position] == UInt8(ascii: "\"") {
                // A doubled quote: one quote of the contents, which stop being one run here.
                // The contents so far end in that quote (at `position - 1`).
                if ownStart == nil {
                    ownStart = row.ownEnd
                    row.appendOwn(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
                } else {
                    row.appendOwn(UnsafeBufferPointer(rebasing: bytes[(position - 1)..<position]))
                }
                position += 1
                continue
            }
            closing = position - 1
            break
        }
        var stop = position
        while stop < count {
            let byte = bytes[stop]
            if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { break }
            stop += 1
        }
        if ownStart == nil, stop == position {
            row.appendPageField(contentStart, closing)
        } else {
            let start = ownStart ?? row.ownEnd
            if ownStart == nil { row.appendOwn(UnsafeBufferPointer(rebasing: bytes[contentStart..<closing])) }
            row.appendOwn(UnsafeBufferPointer(rebasing: bytes[position..<stop]))
            row.appendOwnField(from: start)
        }
        position = stop
    }
}
