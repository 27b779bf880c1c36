/// One CSV row: where each field's unquoted contents lie, and the line it starts on.
///
/// A field is lent from the page whenever its contents are one run of the page's bytes (an
/// unquoted field, or a quoted one without a doubled quote or text after its closing quote);
/// only the others are unquoted into the row's own ``bytes``. The reader refills one row in
/// place, so a feed of millions of rows allocates nothing per row and copies no field that
/// needs no unquoting; a field becomes a `String` only when something asks for it (an empty
/// field never). Valid only while its page is (the reader's bytes), and until the reader
/// refills it: copies of a row share its spans.
struct CSVRow {
    /// The page the row was read from.
    private(set) var page = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The contents of the fields that unquoting changed, one after the other.
    var bytes: [UInt8] = []
    /// Each field's start and end, two words per field: offsets in ``page``, or, for a field in
    /// ``bytes``, its start as `~offset` (negative) and its end in ``bytes``.
    private var spans = CSVSpanStore(capacity: 32)
    /// The number of fields.
    private(set) var count = 0

    /// The span words (``spans``), for the reader's loop: room for ``spanCapacity`` fields.
    var spanWords: UnsafeMutablePointer<Int> { spans.base }
    /// The fields the span words have room for.
    var spanCapacity: Int { spans.capacity }

    /// Sets the number of fields after the reader wrote their spans into ``spanWords``.
    @inline(__always)
    mutating func setCount(_ fields: Int) { count = fields }

    /// Doubles the room for fields (the spans written so far are kept).
    mutating func grow() { spans = spans.grown() }
    /// 1-based line where the row starts.
    var line = 1

    /// Empties the row for the next one read from `page`.
    @inline(__always)
    mutating func reset(page: UnsafeBufferPointer<UInt8>, line: Int) {
        self.page = page
        self.line = line
        count = 0
        if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
    }

    /// Adds a field lent from the page: `start..<end`.
    @inline(__always)
    mutating func appendPageField(_ start: Int, _ end: Int) {
        if count == spans.capacity { spans = spans.grown() }
        spans.base[2 &* count] = start
        spans.base[2 &* count &+ 1] = end
        count &+= 1
    }

    /// Adds a field whose contents are ``bytes`` from `start` to their end.
    mutating func appendOwnField(from start: Int) {
        if count == spans.capacity { spans = spans.grown() }
        spans.base[2 &* count] = ~start
        spans.base[2 &* count &+ 1] = bytes.count
        count &+= 1
    }

    /// True when field `index` lies in the page (then ``pageRange(_:)`` is its place there).
    func isInPage(_ index: Int) -> Bool { spans.base[2 &* index] >= 0 }

    /// Field `index`'s range in the page (only for a field ``isInPage(_:)``).
    func pageRange(_ index: Int) -> Range<Int> {
        spans.base[2 &* index]..<spans.base[2 &* index &+ 1]
    }

    /// The number of bytes of field `index`.
    func length(_ index: Int) -> Int {
        let start = spans.base[2 &* index]
        return spans.base[2 &* index &+ 1] - (start >= 0 ? start : ~start)
    }

    /// True when field `index` holds no bytes.
    func isEmpty(_ index: Int) -> Bool { length(index) == 0 }

    /// True when field `index` is an empty run of the page (a quick test: an empty field is
    /// always one, as unquoting only ever copies a field that holds something).
    @inline(__always)
    func isEmptyInPage(_ index: Int) -> Bool { spans.base[2 &* index] == spans.base[2 &* index &+ 1] }

    /// Calls `body` with the bytes of field `index` (lent for the call).
    func withBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = spans.base[2 &* index]
        let end = spans.base[2 &* index &+ 1]
        if start >= 0 { return body(UnsafeBufferPointer(rebasing: page[start..<end])) }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[(~start)..<end])) }
    }

    /// Field `index` as it is (not trimmed).
    func string(_ index: Int) -> String {
        withBytes(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Field `index` normalised (see ``Swift/String/normalizedFeedValue()``), or nil when it is
    /// empty or blank.
    func text(_ index: Int) -> String? {
        withBytes(index) { slice -> String? in
            if slice.isEmpty { return nil }
            let text = String(decoding: slice, as: UTF8.self)
            return String.isAlreadyNormal(slice) ? text : text.normalizedFeedValue()
        }
    }
}

/// The words of a row's field spans: a fixed allocation freed with its owner (constant
/// properties only, so an access costs no exclusivity check).
private final class CSVSpanStore {
    let base: UnsafeMutablePointer<Int>
    /// Fields it has room for (two words each).
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: 2 * capacity)
    }

    /// A store twice as large holding the same words.
    func grown() -> CSVSpanStore {
        let larger = CSVSpanStore(capacity: 2 * capacity)
        larger.base.update(from: base, count: 2 * capacity)
        return larger
    }

    deinit { base.deallocate() }
}
