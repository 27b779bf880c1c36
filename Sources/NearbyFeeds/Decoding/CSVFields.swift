/// The fields of one CSV row, to read: pointers into the page and into the row's own bytes,
/// so a copy costs a few words and no reference counting (a record is passed around by value
/// many times per row). Valid only while the ``CSVRow`` it came from is neither refilled nor
/// dropped, and while its page is.
struct CSVFields {
    /// The page the row was read from.
    let page: UnsafeBufferPointer<UInt8>
    /// Two words per field (see ``CSVRow``): a start and an end in the page, or `~start` and an
    /// end in ``own``.
    let words: UnsafePointer<Int>
    /// The row's own bytes (fields that unquoting changed).
    let own: UnsafePointer<UInt8>
    /// The number of fields.
    let count: Int
    /// The columns of the fields that hold something, in order.
    let filled: UnsafePointer<Int>
    /// The number of entries of ``filled``.
    let filledCount: Int
    /// 1-based line where the row starts.
    let line: Int

    /// True when field `index` lies in the page (then ``pageRange(_:)`` is its place there).
    func isInPage(_ index: Int) -> Bool { words[2 &* index] >= 0 }

    /// Field `index`'s range in the page (only for a field ``isInPage(_:)``).
    func pageRange(_ index: Int) -> Range<Int> { words[2 &* index]..<words[2 &* index &+ 1] }

    /// True when field `index` holds no bytes.
    func isEmpty(_ index: Int) -> Bool { bytes(index).isEmpty }

    /// The bytes of field `index`.
    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = words[2 &* index]
        let end = words[2 &* index &+ 1]
        if start >= 0 { return UnsafeBufferPointer(rebasing: page[start..<end]) }
        return UnsafeBufferPointer(start: own + ~start, count: end - ~start)
    }

    /// Field `index` as it is (not trimmed).
    func string(_ index: Int) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }

    /// Field `index` normalised (see ``Swift/String/normalizedFeedValue()``), or nil when it is
    /// empty or blank.
    func text(_ index: Int) -> String? {
        let slice = bytes(index)
        if slice.isEmpty { return nil }
        let text = String(decoding: slice, as: UTF8.self)
        return String.isAlreadyNormal(slice) ? text : text.normalizedFeedValue()
    }
}
