/// Splits CSV bytes into rows: the one CSV tokenizer of Nearby, under the feeds' refresh (a whole
/// mapped page, ``init(_:)``) and the export catalogues (chunks as a zip member inflates, through
/// ``CSVStreamReader``). Its rules, RFC 4180 read tolerantly:
///
/// - A field is quoted when its first byte is `"`; a quoted field may hold commas, CR, LF and
///   doubled quotes (`""`, one quote). Text after the closing quote, up to the next comma or line
///   break, is kept (`"A"tail` is `Atail`); a `"` inside an unquoted field is data.
/// - A row ends at LF, CRLF or a lone CR. A lone CR ends a row rather than being data because
///   that is what old Mac and spreadsheet exports mean by it and what Python's `csv` module
///   reads (the feeds' tests compare with it); a bare CR inside a cell must be quoted.
/// - A UTF-8 byte order mark at the very start is skipped. Blank lines (nothing, or only `""`)
///   are skipped; a row of commas is not blank. Rows may be shorter or longer than the header.
/// - A quote still open at the end of the input is refused (``CSVParseError/Reason/unterminatedQuote``).
///   With the header's width (`columns`), a last row that has fewer fields and no line break
///   after it is refused as cut short (``CSVParseError/Reason/truncatedLastRow(fields:columns:)``).
/// - Header names are trimmed of white space (Unicode `White_Space`, U+00A0 and U+3000 included);
///   fields are kept as they are. Bytes become `String` only when asked (``CSVFields/string(_:)``),
///   invalid UTF-8 repaired with U+FFFD.
///
/// Fields are found in place (``CSVRow``): an unquoted field, or a quoted one that holds no
/// doubled quote and no text after its closing quote, is its run of the page; only the others
/// are unquoted into the row's own bytes.
///
/// A reader over a chunk that more bytes follow (``CSVStreamReader``) reads no row the chunk cuts
/// off: ``next(into:columns:)`` returns false there and ``cutRowStart`` says where that row starts.
public struct CSVRowReader {
    /// The bytes read.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next row starts.
    public var position: Int { cursor }
    /// 1-based line where the next row starts.
    public var line: Int { lineNumber }
    /// ``position`` (the reader's stored state is internal and usable from inlinable code, so
    /// ``next(into:columns:)`` is inlined into the feeds' loop).
    @usableFromInline var cursor = 0
    /// ``line``.
    @usableFromInline var lineNumber = 1
    /// False for a chunk that more bytes follow.
    @usableFromInline let isFinal: Bool
    /// Most fields in a row (``CSVParseError/Reason/tooManyFields(limit:)`` past it).
    @usableFromInline let maximumFields: Int
    /// Most bytes in a row before its line break (``CSVParseError/Reason/rowTooLong(limit:)``);
    /// checked where a quoted field is copied, the stream reader checks every row.
    let maximumRowBytes: Int
    /// Where the row last read (or cut off) starts.
    @usableFromInline var rowStart = 0
    /// ``cutRowStart``.
    @usableFromInline var cutStart: Int?
    /// Where the row that the end of a chunk cut off starts, once ``next(into:columns:)`` has
    /// returned false on a chunk that is not final (nil when the chunk ended at a row's end).
    public var cutRowStart: Int? { cutStart }

    /// A reader over a whole input (the last chunk, and the only one): a byte order mark at its
    /// start is skipped; rows have no limit on their length or fields (they are read in place).
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        isFinal = true
        maximumFields = .max
        maximumRowBytes = .max
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { cursor = 3 }
    }

    /// A reader over `chunk` from `start` (no byte order mark: the stream has dealt with it),
    /// whose first row starts at `line`.
    init(
        chunk: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, isFinal: Bool, maximumFields: Int,
        maximumRowBytes: Int
    ) {
        bytes = chunk
        cursor = start
        lineNumber = line
        self.isFinal = isFinal
        self.maximumFields = maximumFields
        self.maximumRowBytes = maximumRowBytes
    }

    /// The header names, trimmed (``CSVFields/headerName(_:maximumBytes:)``); throws when the
    /// input holds no line at all.
    public mutating func readHeader() throws(CSVParseError) -> [String] {
        var row = CSVRow()
        guard try next(into: &row, columns: nil) else {
            throw CSVParseError(reason: .noHeader, line: 1)
        }
        let fields = row.fields
        return (0..<fields.count).map { fields.headerName($0) }
    }

    /// Reads the next non-blank row into `row`; false at the end of the input (or of a chunk
    /// that is not final: see ``cutRowStart``).
    ///
    /// With `columns` (the header's width), a last row that has fewer fields and no line break
    /// after it is refused as cut short.
    @inlinable
    public mutating func next(into row: inout CSVRow, columns: Int?) throws(CSVParseError) -> Bool {
        while cursor < bytes.count {
            let start = cursor
            let startLine = lineNumber
            rowStart = start
            row.reset(page: bytes, line: lineNumber)
            let terminated: Bool
            do {
                terminated = try readFields(into: &row)
            } catch {
                // A quote open at the end of a chunk that more bytes follow may close in them.
                guard !isFinal, error.reason == .unterminatedQuote else { throw error }
                terminated = false
            }
            if !terminated, !isFinal {
                cursor = start
                lineNumber = startLine
                cutStart = start
                return false
            }
            if row.count > maximumFields {
                throw CSVParseError(reason: .tooManyFields(limit: maximumFields), line: startLine)
            }
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
    @usableFromInline
    mutating func readFields(into row: inout CSVRow) throws(CSVParseError) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var fields = 0
        var filled = 0
        var words = row.spanWords
        var filledWords = row.filledWords
        var capacity = row.spanCapacity
        var stop = cursor
        while true {
            if fields == capacity {
                if fields >= maximumFields {
                    throw CSVParseError(reason: .tooManyFields(limit: maximumFields), line: row.line)
                }
                row.setCount(fields, filled: filled)
                row.grow()
                words = row.spanWords
                filledWords = row.filledWords
                capacity = row.spanCapacity
            }
            if stop < count, base[stop] == UInt8(ascii: "\"") {
                row.setCount(fields, filled: filled)
                cursor = stop
                try readQuotedField(into: &row)
                stop = cursor
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
                cursor = stop
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
            lineNumber &+= 1
            cursor = stop
            row.setCount(fields, filled: filled)
            return true
        }
    }

    /// Adds the quoted field at `position` (its opening quote) to `row`, with any text after
    /// its closing quote up to the next comma or line break; leaves `position` there.
    private mutating func readQuotedField(into row: inout CSVRow) throws(CSVParseError) {
        let count = bytes.count
        let quoteLine = lineNumber
        let contentStart = cursor + 1
        cursor = contentStart
        // Where the contents were copied to the row's bytes, once they stop being one run.
        var ownStart: Int?
        var closing = contentStart
        while true {
            var stop = cursor
            while stop < count, bytes[stop] != UInt8(ascii: "\""), bytes[stop] != 0x0A { stop += 1 }
            if ownStart != nil {
                try checkLength(to: stop, row)
                row.appendOwn(UnsafeBufferPointer(rebasing: bytes[cursor..<stop]))
            }
            cursor = stop
            guard cursor < count else {
                throw CSVParseError(reason: .unterminatedQuote, line: quoteLine)
            }
            let byte = bytes[cursor]
            cursor += 1
            if byte == 0x0A {
                lineNumber += 1
                if ownStart != nil { row.appendOwn(UnsafeBufferPointer(rebasing: bytes[(cursor - 1)..<cursor])) }
                continue
            }
            if cursor < count, bytes[cursor] == UInt8(ascii: "\"") {
                // A doubled quote: one quote of the contents, which stop being one run here.
                // The contents so far end in that quote (at `cursor - 1`).
                if ownStart == nil {
                    try checkLength(to: cursor, row)
                    ownStart = row.ownEnd
                    row.appendOwn(UnsafeBufferPointer(rebasing: bytes[contentStart..<cursor]))
                } else {
                    row.appendOwn(UnsafeBufferPointer(rebasing: bytes[(cursor - 1)..<cursor]))
                }
                cursor += 1
                continue
            }
            closing = cursor - 1
            break
        }
        var stop = cursor
        while stop < count {
            let byte = bytes[stop]
            if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { break }
            stop += 1
        }
        if ownStart == nil, stop == cursor {
            row.appendPageField(contentStart, closing)
        } else {
            try checkLength(to: stop, row)
            let start = ownStart ?? row.ownEnd
            if ownStart == nil { row.appendOwn(UnsafeBufferPointer(rebasing: bytes[contentStart..<closing])) }
            row.appendOwn(UnsafeBufferPointer(rebasing: bytes[cursor..<stop]))
            row.appendOwnField(from: start)
        }
        cursor = stop
    }

    /// Refuses the row when the bytes up to `end` are more than ``maximumRowBytes`` (before
    /// unquoting copies them).
    private func checkLength(to end: Int, _ row: CSVRow) throws(CSVParseError) {
        if end - rowStart > maximumRowBytes {
            throw CSVParseError(reason: .rowTooLong(limit: maximumRowBytes), line: row.line)
        }
    }
}
