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
/// Distances are `Geodesic.wgs84.distance(query, point)`, bit for bit. The index is a balanced
/// k-d tree over Earth-centred positions stored in one flat image, which ``serialized()`` writes
/// out and ``init(mapping:owner:)`` queries in place (for example from a memory map).
public final class SpatialIndex: Sendable {
    let image: IndexImage
    let view: IndexView

    /// Builds an index; each point's id is its position in `points` (at most 2³² − 1 points).
    public init(_ points: [Coordinate]) {
        let built = SpatialIndexBuilder.build(points, leafSize: SpatialIndexLayout.defaultLeafSize)
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

    /// Uses serialized index bytes in place, without copying or rebuilding.
    ///
    /// Checks the magic, version, sizes and checksum first. `owner` must keep `bytes` valid and
    /// unchanged for as long as the index lives (the index retains it). Bytes that are not
    /// 8-byte aligned are copied once.
    public convenience init(
        mapping bytes: UnsafeRawBufferPointer, owner: (any AnyObject & Sendable)?
    ) throws(SpatialIndexError) {
        let layout = try Self.validate(bytes)
        guard let base = bytes.baseAddress else { throw .tooShort(0) }
        if Int(bitPattern: base) % 8 == 0 {
            self.init(
                image: IndexImage(borrowing: base, byteCount: bytes.count, owner: owner),
                layout: layout)
        } else {
            let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
            copy.copyMemory(from: base, byteCount: bytes.count)
            self.init(image: IndexImage(adopting: copy, byteCount: bytes.count), layout: layout)
        }
    }

    /// Number of indexed points.
    public var count: Int { view.layout.count }

    /// The `k` nearest points no farther than `maxDistance` metres, nearest first (ties by index).
    public func nearest(
        to query: Coordinate, k: Int, within maxDistance: Double = .infinity
    ) -> [Neighbor] {
        guard k > 0, count > 0, maxDistance >= 0 else { return [] }
        // More than `count` answers cannot exist; clamping also keeps the search's sums in range.
        return IndexSearch(view: view, query: query, k: min(k, count), maxDistance: maxDistance).run()
    }

    /// Work done by queries, for benchmarks.
    @_spi(Benchmarks) public struct SearchStatistics: Sendable {
        /// Points collected by the chord search (before the final chord limit).
        public var candidates = 0
        /// Exact geodesic evaluations.
        public var geodesics = 0
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
        return IndexSearch(view: view, query: query, k: min(k, count), maxDistance: maxDistance).run(&statistics)
    }

    /// Every point within `radius` metres, nearest first (ties by index).
    public func within(_ radius: Double, of query: Coordinate) -> [Neighbor] {
        nearest(to: query, k: count, within: radius)
    }

    /// The index as bytes for a cache file: little-endian, versioned, with a checksum; see
    /// ``init(mapping:owner:)``.
    public func serialized() -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: image.base, count: image.byteCount))
    }

    /// Checks header, size and checksum of an image.
    static func validate(_ bytes: UnsafeRawBufferPointer) throws(SpatialIndexError) -> SpatialIndexLayout {
        guard 1.littleEndian == 1 else { throw .bigEndianHost }
        let header = SpatialIndexLayout.headerSize
        guard bytes.count >= header, let base = bytes.baseAddress else {
            throw .tooShort(bytes.count)
        }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        guard word(0) == SpatialIndexLayout.magic else { throw .badMagic }
        let version = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version == SpatialIndexLayout.version else { throw .unsupportedVersion(version) }
        let leafSize = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let count = word(16), nodeCount = word(24), total = word(40)
        // Each point takes at least 44 bytes, so a count above size/44 cannot be genuine.
        guard leafSize >= 1, leafSize <= 1 << 16, count <= UInt64(bytes.count / 44),
            nodeCount
                == UInt64(
                    SpatialIndexLayout.nodeCount(count: Int(count), leafSize: Int(leafSize)))
        else { throw .badShape(count: count, leafSize: leafSize, nodeCount: nodeCount) }
        let layout = SpatialIndexLayout(count: Int(count), leafSize: Int(leafSize))
        guard total == UInt64(layout.totalSize), bytes.count == layout.totalSize else {
            throw .sizeMismatch(expected: layout.totalSize, actual: bytes.count)
        }
        let sum = IndexChecksum.hash(base + header, byteCount: bytes.count - header)
        guard sum == word(32) else { throw .checksumMismatch }
        return layout
    }
}
