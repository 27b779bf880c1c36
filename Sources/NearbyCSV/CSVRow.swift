/// One CSV row as the reader fills it: where each field's unquoted contents lie, and the line
/// it starts on.
///
/// A field is lent from the page whenever its contents are one run of the page's bytes (an
/// unquoted field, or a quoted one without a doubled quote or text after its closing quote);
/// only the others are unquoted into the row's own bytes. The reader refills one row in place,
/// so a feed of millions of rows allocates nothing per row and copies no field that needs no
/// unquoting; a field becomes a `String` only when something asks for it (an empty field
/// never). Read it through ``fields``.
public struct CSVRow {
    /// The page the row was read from.
    @usableFromInline var page = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Each field's start and end, two words per field: offsets in ``page``, or, for a field in
    /// the row's own bytes, its start as `~offset` (negative) and its end there.
    @usableFromInline var spans = CSVWordStore(capacity: 32)
    /// The columns of the fields that hold something, in order, so a wide row of empty fields
    /// is walked by its few values: one word per field, so half the capacity of ``spans``
    /// (whose fields take two).
    @usableFromInline var filled = CSVWordStore(capacity: 16)
    /// The number of entries of ``filled``.
    @usableFromInline var filledFields = 0
    /// The contents of the fields that unquoting changed, one after the other.
    @usableFromInline var own = CSVByteStore(capacity: 256)
    @usableFromInline var ownCount = 0
    /// The number of fields (``count``).
    @usableFromInline var fieldCount = 0
    /// 1-based line where the row starts (``line``).
    @usableFromInline var startLine = 1

    /// The number of fields.
    public var count: Int { fieldCount }
    /// The number of fields that hold something.
    public var filledCount: Int { filledFields }
    /// 1-based line where the row starts.
    public var line: Int { startLine }

    /// An empty row, to pass to ``CSVRowReader/next(into:columns:)`` again and again.
    public init() {}

    /// The row as it is now, to read (valid until the row is refilled or dropped).
    @inlinable
    public var fields: CSVFields {
        CSVFields(
            page: page, words: UnsafePointer(spans.base), own: UnsafePointer(own.base), count: fieldCount,
            filled: UnsafePointer(filled.base), filledCount: filledFields, line: startLine)
    }

    /// The span words, for the reader's loop: room for ``spanCapacity`` fields.
    var spanWords: UnsafeMutablePointer<Int> { spans.base }
    /// The columns that hold something, for the reader's loop: room for ``spanCapacity``.
    var filledWords: UnsafeMutablePointer<Int> { filled.base }
    /// The fields the span words have room for.
    var spanCapacity: Int { spans.capacity }

    /// Empties the row for the next one read from `page`.
    @inlinable
    mutating func reset(page: UnsafeBufferPointer<UInt8>, line: Int) {
        self.page = page
        startLine = line
        fieldCount = 0
        filledFields = 0
        ownCount = 0
    }

    /// Sets the number of fields and of those that hold something, after the reader wrote
    /// them into ``spanWords`` and ``filledWords``.
    @inline(__always)
    mutating func setCount(_ fields: Int, filled: Int) {
        fieldCount = fields
        filledFields = filled
    }

    /// Doubles the room for fields (what was written so far is kept).
    mutating func grow() {
        spans = spans.grown(keeping: 2 * fieldCount)
        filled = filled.grown(keeping: filledFields)
    }

    /// Adds a field lent from the page: `start..<end`.
    mutating func appendPageField(_ start: Int, _ end: Int) {
        if fieldCount == spans.capacity { grow() }
        spans.base[2 &* fieldCount] = start
        spans.base[2 &* fieldCount &+ 1] = end
        if end > start {
            filled.base[filledFields] = fieldCount
            filledFields &+= 1
        }
        fieldCount &+= 1
    }

    /// The offset in the row's own bytes where the next ``appendOwn(_:)`` goes.
    var ownEnd: Int { ownCount }

    /// Appends `bytes` to the row's own bytes.
    mutating func appendOwn(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if own.capacity - ownCount < bytes.count {
            own = own.grown(keeping: ownCount, toHold: ownCount + bytes.count)
        }
        (own.base + ownCount).update(from: source, count: bytes.count)
        ownCount += bytes.count
    }

    /// Adds a field whose contents are the row's own bytes from `start` to their end.
    mutating func appendOwnField(from start: Int) {
        if fieldCount == spans.capacity { grow() }
        spans.base[2 &* fieldCount] = ~start
        spans.base[2 &* fieldCount &+ 1] = ownCount
        // Unquoting copies only a field that holds something.
        filled.base[filledFields] = fieldCount
        filledFields &+= 1
        fieldCount &+= 1
    }

    /// Field `index` as it is (not trimmed).
    @inlinable
    public func string(_ index: Int) -> String { fields.string(index) }
}

/// Words of a row: a fixed allocation of `2 * capacity` words freed with its owner (constant
/// properties only, so an access costs no exclusivity check).
@usableFromInline
final class CSVWordStore {
    @usableFromInline let base: UnsafeMutablePointer<Int>
    /// Half the words it holds: the fields it has room for at two words each.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: 2 * capacity)
    }

    /// A store twice as large holding the first `words` words.
    func grown(keeping words: Int) -> CSVWordStore {
        let larger = CSVWordStore(capacity: 2 * capacity)
        larger.base.update(from: base, count: words)
        return larger
    }

    deinit { base.deallocate() }
}

/// A row's own bytes: a fixed allocation freed with its owner (constant properties only).
@usableFromInline
final class CSVByteStore {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// A store of room for at least `needed` bytes holding the first `bytes` bytes.
    func grown(keeping bytes: Int, toHold needed: Int) -> CSVByteStore {
        var size = 2 * capacity
        while size < needed { size *= 2 }
        let larger = CSVByteStore(capacity: size)
        larger.base.update(from: base, count: bytes)
        return larger
    }

    deinit { base.deallocate() }
}
