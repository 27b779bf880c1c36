/// Where a streaming decode puts each place as soon as it is built (see
/// ``FeedStreamDecoder``): an array, or a place archive being written.
public protocol PlaceSink {
    /// Takes the next place, in feed order; throws when the sink can hold no more.
    mutating func add(_ place: Place) throws(PlaceSinkFull)
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
