/// The fields of one CSV row, to read: pointers into the page and into the row's own bytes,
/// so a copy costs a few words and no reference counting (a record is passed around by value
/// many times per row). Valid only while the ``CSVRow`` it came from is neither refilled nor
/// dropped, and while its page is.
///
/// Its accessors are inlinable: the feeds call them for every field of every row.
public struct CSVFields {
    /// The page the row was read from (a chunk, or the stream reader's copy of a row it carried).
    public let page: UnsafeBufferPointer<UInt8>
    /// Two words per field (see ``CSVRow``): a start and an end in the page, or `~start` and an
    /// end in ``own``.
    @usableFromInline let words: UnsafePointer<Int>
    /// The row's own bytes (fields that unquoting changed).
    @usableFromInline let own: UnsafePointer<UInt8>
    /// The number of fields.
    public let count: Int
    /// The columns of the fields that hold something, in order.
    public let filled: UnsafePointer<Int>
    /// The number of entries of ``filled``.
    public let filledCount: Int
    /// 1-based line where the row starts.
    public let line: Int

    @inlinable
    init(
        page: UnsafeBufferPointer<UInt8>, words: UnsafePointer<Int>, own: UnsafePointer<UInt8>, count: Int,
        filled: UnsafePointer<Int>, filledCount: Int, line: Int
    ) {
        self.page = page
        self.words = words
        self.own = own
        self.count = count
        self.filled = filled
        self.filledCount = filledCount
        self.line = line
    }

    /// True when field `index` lies in the page (then ``pageRange(_:)`` is its place there).
    @inlinable
    public func isInPage(_ index: Int) -> Bool { words[2 &* index] >= 0 }

    /// Field `index`'s range in the page (only for a field ``isInPage(_:)``).
    @inlinable
    public func pageRange(_ index: Int) -> Range<Int> { words[2 &* index]..<words[2 &* index &+ 1] }

    /// True when field `index` holds no bytes.
    @inlinable
    public func isEmpty(_ index: Int) -> Bool { bytes(index).isEmpty }

    /// The bytes of field `index` (`0..<count`).
    @inlinable
    public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = words[2 &* index]
        let end = words[2 &* index &+ 1]
        if start >= 0 { return UnsafeBufferPointer(rebasing: page[start..<end]) }
        return UnsafeBufferPointer(start: own + ~start, count: end - ~start)
    }

    /// Field `index` as it is (not trimmed), invalid UTF-8 repaired with U+FFFD.
    @inlinable
    public func string(_ index: Int) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }

    /// Field `index` as a header name: its first `maximumBytes` bytes, invalid UTF-8 repaired
    /// with U+FFFD, trimmed of white space at both ends (Unicode `White_Space`, which holds
    /// U+00A0 and U+3000).
    public func headerName(_ index: Int, maximumBytes: Int = .max) -> String {
        let name = String(decoding: bytes(index).prefix(maximumBytes), as: UTF8.self)
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return name }
        return String(scalars[first...last])
    }
}
