// An exact nearest-neighbour index over WGS84 coordinates: a k-d tree on ECEF positions, searched
// by chord distance with rigorous geodesic bounds (ChordBounds), exact geodesics only at the end.

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
///
/// The neighbours and their order are exactly those of `Geodesic.wgs84.distance(query, point)`.
/// Each distance is that value bit for bit, or, for lines of 10 m to 30 km measured by their
/// chord, within 2e-8 m of it (closer to the true length than the solve itself; see
/// ``ChordGeodesic``): near ties and lengths near the radius are always solved. The index is a balanced
/// k-d tree over Earth-centred positions stored in one flat image, which ``serialized()`` writes
/// out and ``init(mapping:owner:)`` (verifies everything at open) or ``MappedSpatialIndex``
/// (verifies each block when a query first reads it) query in place, e.g. from a memory map.
public final class SpatialIndex: Sendable {
    let image: IndexImage
    let view: IndexView

    /// Builds an index; each point's id is its position in `points` (at most 2³² − 1 points).
    /// The build's large buffers come from `memory` when it lends them (the same index either
    /// way).
    public init(_ points: [Coordinate], memory: (any IndexBuildMemory)? = nil) {
        let built = SpatialIndexBuilder.build(
            points, leafSize: SpatialIndexLayout.defaultLeafSize, memory: memory)
        image = built
        view = IndexView(
            base: built.base,
            layout: SpatialIndexLayout(
                count: points.count, leafSize: SpatialIndexLayout.defaultLeafSize))
    }

    private init(image: IndexImage, layout: SpatialIndexLayout) {
        self.image = image
        self.view = IndexView(base: image.base, layout: layout)
    }

    /// Uses serialized index bytes in place, without copying or rebuilding, after checking all
    /// of them: header, block table, math-library fingerprint and every data block (this reads
    /// the whole image; ``MappedSpatialIndex`` checks blocks lazily instead).
    ///
    /// `owner` must keep `bytes` valid and unchanged for as long as the index lives (the index
    /// retains it). Bytes that are not 8-byte aligned are copied once.
    public convenience init(
        mapping bytes: UnsafeRawBufferPointer, owner: (any AnyObject & Sendable)?
    ) throws(SpatialIndexError) {
        let layout = try SpatialIndexLayout.validateHeader(bytes)
        let image = try indexImage(bytes, owner: owner)
        let verifier = try layout.verifier(base: image.base)
        do { try verifier.verifyAll() } catch { throw SpatialIndexError(error) }
        self.init(image: image, layout: layout)
    }

    /// Number of indexed points.
    public var count: Int { view.layout.count }

    /// The `k` nearest points no farther than `maxDistance` metres, nearest first (ties by index).
    public func nearest(
        to query: Coordinate, k: Int, within maxDistance: Double = .infinity
    ) -> [Neighbor] {
        guard k > 0, count > 0, maxDistance >= 0 else { return [] }
        // More than `count` answers cannot exist; clamping also keeps the search's sums in range.
        return IndexSearch(
            view: view, guard: TrustedImage(), query: query, k: min(k, count), maxDistance: maxDistance
        ).run()
    }

    /// ``nearest(to:k:within:)`` for each of `queries`, on the calling thread: `result[i]` is
    /// exactly `nearest(to: queries[i], k: k, within: maxDistance)`, but a batch is faster (the
    /// queries are taken in Z order so that neighbouring ones share the index's cache lines and
    /// each starts from the bound of the previous answer, and their buffers are reused).
    public func nearest(
        to queries: [Coordinate], k: Int, within maxDistance: Double = .infinity
    ) -> [[Neighbor]] {
        var statistics = SearchStatistics()
        return nearest(to: queries, k: k, within: maxDistance, statistics: &statistics)
    }

    /// ``nearest(to:k:within:)-([Coordinate],_,_)`` that also counts its work into `statistics`.
    @_spi(Benchmarks) public func nearest(
        to queries: [Coordinate], k: Int, within maxDistance: Double = .infinity,
        statistics: inout SearchStatistics
    ) -> [[Neighbor]] {
        guard k > 0, count > 0, maxDistance >= 0 else { return [[Neighbor]](repeating: [], count: queries.count) }
        return BatchSearch(view: view, readGuard: TrustedImage(), k: min(k, count), maxDistance: maxDistance)
            .run(queries, &statistics)
    }

    /// Work done by queries, for benchmarks.
    @_spi(Benchmarks) public struct SearchStatistics: Sendable {
        /// Points collected by the chord search (before the final chord limit).
        public var candidates = 0
        /// Exact geodesic evaluations (inverse solves).
        public var geodesics = 0
        /// Lengths measured by the chord formula (``ChordGeodesic``).
        public var chordLengths = 0
        /// Inverse solves that settled near ties or the radius (also counted in ``geodesics``).
        public var settled = 0
        /// Tree nodes entered, and leaves scanned.
        public var nodes = 0
        public var leaves = 0
        public init() {}
    }

    /// ``nearest(to:k:within:)`` that also counts its work into `statistics`.
    @_spi(Benchmarks) public func nearest(
        to query: Coordinate, k: Int, within maxDistance: Double = .infinity,
        statistics: inout SearchStatistics
    ) -> [Neighbor] {
        guard k > 0, count > 0, maxDistance >= 0 else { return [] }
        return IndexSearch(
            view: view, guard: TrustedImage(), query: query, k: min(k, count), maxDistance: maxDistance
        ).run(&statistics)
    }

    /// Every point within `radius` metres, nearest first (ties by index).
    public func within(_ radius: Double, of query: Coordinate) -> [Neighbor] {
        nearest(to: query, k: count, within: radius)
    }

    /// The index as bytes for a cache file: little-endian, versioned, with checksums; see
    /// ``init(mapping:owner:)`` and ``MappedSpatialIndex``.
    public func serialized() -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: image.base, count: image.byteCount))
    }

    /// Calls `body` with the bytes ``serialized()`` would copy, in place (a writer that copies
    /// them into a bigger file needs no second copy of the index).
    public func withSerializedBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: image.base, count: image.byteCount))
    }
}
