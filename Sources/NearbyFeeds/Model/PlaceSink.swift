/// Where a streaming decode puts each place as soon as it is built (see
/// ``FeedStreamDecoder``): an array, or a place archive being written.
public protocol PlaceSink {
    /// Takes the next place, in feed order; throws when the sink can hold no more.
    mutating func add(_ place: Place) throws(PlaceSinkFull)

    /// Takes the next place as a draft whose bytes are lent for this call only (the stream
    /// decoder's way: no `String` per field). By default it is made a ``Place`` and added.
    mutating func add(_ draft: PlaceDraft) throws(PlaceSinkFull)
}

extension PlaceSink {
    public mutating func add(_ draft: PlaceDraft) throws(PlaceSinkFull) {
        try add(draft.place())
    }
}

/// A sink reached a limit of its own format (such as 4 GiB of text in a place archive).
public struct PlaceSinkFull: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is full, as a phrase: `"the archive's text exceeds 4 GiB"`.
    public var what: String

    public init(_ what: String) {
        self.what = what
    }

    public var description: String { what }
}

/// Collecting places in an array: the whole feed in memory, for small feeds and tests.
extension Array: PlaceSink where Element == Place {
    public mutating func add(_ place: Place) throws(PlaceSinkFull) {
        append(place)
    }
}
