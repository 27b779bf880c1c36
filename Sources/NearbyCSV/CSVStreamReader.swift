/// CSV read a chunk at a time (an archive member as it inflates), by the rules of
/// ``CSVRowReader``, with the rows each chunk completes read in place.
///
/// ``feed(_:isFinal:)`` a chunk, then ``next(into:columns:)`` until it returns false, then the
/// next chunk; the last one (empty if need be) is marked final so the rules of the end of the
/// input apply. A row that a chunk cuts off (no line break yet, or inside a quote) is carried
/// into the next: only that row's bytes are kept, and a row of more than ``maximumRowBytes``
/// bytes before its line break is refused (``CSVParseError/Reason/rowTooLong(limit:)``), where
/// it lies, so what a chunking reads never depends on where the chunks were cut and a hostile
/// one-row input holds at most that much. A byte order mark split between chunks is skipped, and
/// so is the LF of a CRLF split between them.
///
/// One final chunk is read as ``CSVRowReader/init(_:)`` reads a whole buffer, apart from the
/// bounds on a row (which that reader, keeping nothing, does not need).
public struct CSVStreamReader {
    /// The longest row, in bytes before its line break.
    public let maximumRowBytes: Int
    /// The most fields in a row.
    public let maximumFields: Int
    /// 1-based line where the next row starts.
    public private(set) var line = 1

    private var chunk = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var isFinal = false
    /// Where reading `chunk` in place goes on.
    private var offset = 0
    /// The start of a row cut off by the end of a chunk, or (``carryReady``) a whole row.
    private let carry: CSVCarryStore
    /// Where in a field the carried bytes stop.
    private var carryEnd = CSVRowEnd()
    /// True when ``carry`` holds a whole row, to read before the rest of the chunk.
    private var carryReady = false
    /// Bytes of a byte order mark matched at the start of the input, until decided.
    private var bomMatched = 0
    private var bomDecided = false
    /// True when the last chunk ended in a CR that ended a row: an LF first in the next is its partner.
    private var skipLineFeed = false

    /// A reader keeping rows of at most `maximumRowBytes` bytes with at most `maximumFields` fields.
    public init(maximumRowBytes: Int = 1 << 20, maximumFields: Int = 1 << 16) {
        self.maximumRowBytes = max(maximumRowBytes, 0)
        self.maximumFields = max(maximumFields, 1)
        carry = CSVCarryStore(limit: maximumRowBytes > Int.max - 2 ? Int.max : max(maximumRowBytes, 0) + 2)
    }

    /// Takes the next chunk; read its rows with ``next(into:columns:)`` before the next chunk
    /// (``CSVParseError/Reason/chunkNotRead`` otherwise). The bytes must stay valid until then.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) throws(CSVParseError) {
        guard offset >= chunk.count, !carryReady else { throw CSVParseError(reason: .chunkNotRead, line: line) }
        chunk = bytes
        self.isFinal = isFinal
        offset = 0
        if !bomDecided {
            let earlier = bomMatched
            while offset < bytes.count, bomMatched < 3, bytes[offset] == Self.byteOrderMark[bomMatched] {
                bomMatched += 1
                offset += 1
            }
            if bomMatched == 3 {
                bomDecided = true
            } else if offset < bytes.count || isFinal {
                // Not a byte order mark: the bytes matched are the first row's.
                bomDecided = true
                if earlier == 0 {
                    offset = 0
                } else {
                    Self.byteOrderMark.prefix(earlier).withUnsafeBufferPointer { carry.append($0) }
                    offset -= bomMatched - earlier
                    _ = carryEnd.scan(carry.buffer, from: 0)
                }
            } else {
                return
            }
        }
        if skipLineFeed, offset < bytes.count {
            skipLineFeed = false
            if bytes[offset] == 0x0A { offset += 1 }
        }
        guard carry.count > 0 else { return }
        if let (end, breakLength) = carryEnd.scan(bytes, from: offset) {
            try checkLength(carry.count + (end - offset) - breakLength)
            carry.append(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
            carryReady = true
        } else {
            try checkLength(carry.count + (bytes.count - offset))
            carry.append(UnsafeBufferPointer(rebasing: bytes[offset...]))
            offset = bytes.count
            carryReady = isFinal
        }
    }

    /// Reads the next non-blank row of the chunk into `row` (its fields valid until the next
    /// call); false when the chunk has no more (feed the next one). `columns` as for
    /// ``CSVRowReader/next(into:columns:)``.
    public mutating func next(into row: inout CSVRow, columns: Int? = nil) throws(CSVParseError) -> Bool {
        if carryReady {
            carryReady = false
            var reader = CSVRowReader(
                chunk: carry.buffer, from: 0, line: line, isFinal: true, maximumFields: maximumFields,
                maximumRowBytes: maximumRowBytes)
            let found = try reader.next(into: &row, columns: columns)
            line = reader.line
            carry.removeAll()
            carryEnd = CSVRowEnd()
            if found { return true }
        }
        // A row still open: the next chunk goes on with it.
        guard carry.count == 0, offset < chunk.count else { return endOfChunk() }
        var reader = CSVRowReader(
            chunk: chunk, from: offset, line: line, isFinal: isFinal, maximumFields: maximumFields,
            maximumRowBytes: maximumRowBytes)
        let found = try reader.next(into: &row, columns: columns)
        line = reader.line
        offset = reader.position
        if found {
            let length = Self.contentEnd(chunk, from: reader.rowStart, to: offset) - reader.rowStart
            try checkLength(length, line: row.line)
            return true
        }
        if let cut = reader.cutRowStart {
            try checkLength(chunk.count - cut)
            carry.append(UnsafeBufferPointer(rebasing: chunk[cut...]))
            _ = carryEnd.scan(carry.buffer, from: 0)
        }
        offset = chunk.count
        return endOfChunk()
    }

    /// False, after noting whether the chunk ended in the CR of a row's end.
    private mutating func endOfChunk() -> Bool {
        if carry.count == 0, !isFinal, let last = chunk.last, last == 0x0D { skipLineFeed = true }
        return false
    }

    /// Refuses a row of `length` bytes (before its line break) when it is longer than the bound.
    private func checkLength(_ length: Int, line: Int? = nil) throws(CSVParseError) {
        if length > maximumRowBytes {
            throw CSVParseError(reason: .rowTooLong(limit: maximumRowBytes), line: line ?? self.line)
        }
    }

    /// Where the row `start..<end` ends before its line break (LF, CRLF or CR).
    private static func contentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var stop = end
        if stop > start, bytes[stop - 1] == 0x0A { stop -= 1 }
        if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
        return stop
    }

    /// The bytes of the row carried into the next chunk, and the room held for them (for tests
    /// of the bound).
    var carried: (count: Int, capacity: Int) { (carry.count, carry.capacity) }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

/// The bytes of the row a stream reader carries from one chunk into the next: one allocation,
/// grown as the row needs and kept for the next one (a class, so a row lent from it stays where
/// it is while the reader moves).
final class CSVCarryStore {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The most it grows to unless a single append needs more (the row's bound and its break).
    private let limit: Int
    /// The bytes held.
    private(set) var count = 0

    init(limit: Int) {
        self.limit = limit
        capacity = min(256, limit)
        base = .allocate(capacity: capacity)
    }

    /// The bytes held, to read.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Appends `bytes` (the caller has checked the row's bound).
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count {
            var size = max(2 * capacity, 1)
            while size - count < bytes.count { size *= 2 }
            size = max(min(size, limit), count + bytes.count)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
            capacity = size
        }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Forgets the bytes (the allocation stays, and what was lent from it stays readable until
    /// the next ``append(_:)``).
    func removeAll() { count = 0 }

    deinit { base.deallocate() }
}
