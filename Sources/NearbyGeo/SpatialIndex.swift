// PLACEHOLDER: brute force until the real index lands. The API is fixed.

/// One answer of a nearest-neighbour query: the position of the point in the indexed array and
/// its geodesic distance in metres from the query point.
public struct Neighbor: Sendable, Hashable {
    /// Position of the point in the array the index was built from (its stable id).
    public var index: Int
    /// Geodesic distance on WGS84 from the query point, metres.
    public var distance: Double

    public init(index: Int, distance: Double) {
        self.index = index
        self.distance = distance
    }
}

/// An exact spatial index over coordinates: answers are the same as a brute-force geodesic scan,
/// ordered by distance, ties broken by index.
public final class SpatialIndex: Sendable {
    private let points: [Coordinate]

    /// Builds an index; each point's id is its position in `points`.
    public init(_ points: [Coordinate]) {
        self.points = points
    }

    /// Number of indexed points.
    public var count: Int { points.count }

    /// The `k` nearest points no farther than `maxDistance`, nearest first (ties by index).
    public func nearest(to query: Coordinate, k: Int, within maxDistance: Double = .infinity) -> [Neighbor] {
        let all = points.enumerated().map { Neighbor(index: $0.offset, distance: Geodesic.wgs84.distance(query, $0.element)) }
        return Array(
            all.filter { $0.distance <= maxDistance }
                .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
                .prefix(max(0, k)))
    }

    /// Every point within `radius` metres, nearest first (ties by index).
    public func within(_ radius: Double, of query: Coordinate) -> [Neighbor] {
        nearest(to: query, k: points.count, within: radius)
    }
}
