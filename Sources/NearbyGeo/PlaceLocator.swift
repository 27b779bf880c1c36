/// A set of places that can answer exact nearest-neighbour questions: the seam between places and
/// runs. The join (`NearbyRuns`) asks it; place datasets conform where they live (`NearbyFeeds`'
/// opened datasets), so neither side knows the other and nothing adapts between them;
/// ``SpatialIndexLocator`` serves a plain ``SpatialIndex``.
///
/// Contract: `nearest(to:limit:within:)` answers exactly what a brute-force scan would:
/// the `limit` places whose WGS84 geodesic distance (`Geodesic.wgs84.distance(query, place)`)
/// is at most `within` metres, ordered by (distance, index); each distance reported is that
/// geodesic distance, or within 2e-8 m of it where measured by a faster exact means (as
/// ``SpatialIndex`` does for short lines), never in another order. Indices are the locator's own
/// stable place numbers, and `coordinate(of:)` gives the position of any index it returned.
public protocol PlaceLocator: Sendable {
    /// What a lookup can fail with (`Never` for in-memory locators).
    associatedtype Failure: Error

    /// The `limit` nearest places no farther than `within` metres, nearest first, ties by index.
    /// The join asks with `limit` 1, the caller's limit, or ``PlaceLocatorLimit/all`` (2³²)
    /// for every place within a small radius.
    func nearest(to query: Coordinate, limit: Int, within: Double) throws(Failure) -> [Neighbor]

    /// ``nearest(to:limit:within:)-(Coordinate,_,_)`` for each of `queries`, in their order:
    /// `result[i]` is exactly the answer for `queries[i]`. The join asks this way when it has many
    /// queries for one locator. The default asks one query at a time; a locator with a faster way
    /// (``SpatialIndexLocator``: one pass over its index) overrides it.
    func nearest(to queries: [Coordinate], limit: Int, within: Double) throws(Failure) -> [[Neighbor]]

    /// The position of the place with number `index` (one that `nearest` returned).
    func coordinate(of index: Int) throws(Failure) -> Coordinate
}

extension PlaceLocator {
    /// One ``nearest(to:limit:within:)-(Coordinate,_,_)`` after another.
    public func nearest(to queries: [Coordinate], limit: Int, within: Double) throws(Failure) -> [[Neighbor]] {
        var answers: [[Neighbor]] = []
        answers.reserveCapacity(queries.count)
        for query in queries { answers.append(try nearest(to: query, limit: limit, within: within)) }
        return answers
    }
}

/// Limits the join passes to ``PlaceLocator/nearest(to:limit:within:)-(Coordinate,_,_)``.
public enum PlaceLocatorLimit {
    /// "Every place within the radius": larger than any dataset, small enough to do sums with.
    public static let all = 1 << 32
}

/// A ``PlaceLocator`` over coordinates in memory, searched with a ``SpatialIndex``; place
/// numbers are positions in the array.
public struct SpatialIndexLocator: PlaceLocator {
    /// The indexed coordinates.
    public let coordinates: [Coordinate]
    /// The index built over ``coordinates``.
    public let index: SpatialIndex

    /// Builds the index over `coordinates`.
    public init(_ coordinates: [Coordinate]) {
        self.coordinates = coordinates
        self.index = SpatialIndex(coordinates)
    }

    /// Number of places.
    public var count: Int { coordinates.count }

    public func nearest(to query: Coordinate, limit: Int, within: Double) -> [Neighbor] {
        index.nearest(to: query, k: Swift.min(limit, index.count), within: within)
    }

    /// The index's batch search (``SpatialIndex/nearest(to:k:within:)-([Coordinate],_,_)``).
    public func nearest(to queries: [Coordinate], limit: Int, within: Double) -> [[Neighbor]] {
        index.nearest(to: queries, k: Swift.min(limit, index.count), within: within)
    }

    public func coordinate(of index: Int) -> Coordinate { coordinates[index] }
}
