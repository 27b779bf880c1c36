// A serialized SpatialIndex queried in place, its data verified lazily block by block.

/// A ``SpatialIndex`` image used in place (for example from a memory-mapped cache file) whose
/// data blocks are verified the first time a query reads them, so opening touches only the
/// header and the block table and a query only the few dozen pages it needs.
///
/// Answers are those of the ``SpatialIndex`` the image was serialized from. A query that reads a
/// damaged block throws ``SpatialIndexError/damagedBlock(_:)`` instead of answering; the caller
/// should then rebuild the image. Safe to query from several threads at once.
public final class MappedSpatialIndex: Sendable {
    private let image: IndexImage
    private let view: IndexView
    private let verifier: BlockVerifier

    /// Checks the header, the block table and the math-library fingerprint of `bytes`
    /// (``SpatialIndexError/builtElsewhere`` when the image's stored sines came from another
    /// libm), without reading the data.
    ///
    /// `owner` must keep `bytes` valid and unchanged for as long as the index lives (the index
    /// retains it). Bytes that are not 8-byte aligned are copied once.
    public init(mapping bytes: UnsafeRawBufferPointer, owner: (any AnyObject & Sendable)?) throws(SpatialIndexError) {
        let layout = try SpatialIndexLayout.validateHeader(bytes)
        image = try indexImage(bytes, owner: owner)
        view = IndexView(base: image.base, layout: layout)
        verifier = try layout.verifier(base: image.base)
    }

    /// Number of indexed points.
    public var count: Int { view.layout.count }

    /// The `k` nearest points no farther than `maxDistance` metres, nearest first (ties by
    /// index); throws when a block the query reads is damaged.
    public func nearest(
        to query: Coordinate, k: Int, within maxDistance: Double = .infinity
    ) throws(SpatialIndexError) -> [Neighbor] {
        guard k > 0, count > 0, maxDistance >= 0 else { return [] }
        return try IndexSearch(
            view: view, guard: LazyImage(verifier: verifier), query: query, k: min(k, count),
            maxDistance: maxDistance
        ).run()
    }

    /// ``nearest(to:k:within:)`` for each of `queries`, on the calling thread: `result[i]` is
    /// exactly `nearest(to: queries[i], k: k, within: maxDistance)` (see
    /// ``SpatialIndex/nearest(to:k:within:)-([Coordinate],_,_)``); throws when a block a query
    /// reads is damaged.
    public func nearest(
        to queries: [Coordinate], k: Int, within maxDistance: Double = .infinity
    ) throws(SpatialIndexError) -> [[Neighbor]] {
        guard k > 0, count > 0, maxDistance >= 0 else { return [[Neighbor]](repeating: [], count: queries.count) }
        var statistics = SpatialIndex.SearchStatistics()
        return try BatchSearch(
            view: view, readGuard: LazyImage(verifier: verifier), k: min(k, count), maxDistance: maxDistance
        ).run(queries, &statistics)
    }

    /// Every point within `radius` metres, nearest first (ties by index).
    public func within(_ radius: Double, of query: Coordinate) throws(SpatialIndexError) -> [Neighbor] {
        try nearest(to: query, k: count, within: radius)
    }

    /// Verifies every data block now (reads the whole image).
    public func verifyAll() throws(SpatialIndexError) {
        do { try verifier.verifyAll() } catch { throw SpatialIndexError(error) }
    }

    /// Data blocks verified so far, and in all.
    @_spi(Benchmarks) public var verifiedBlocks: (verified: Int, total: Int) {
        (verifier.verifiedCount, view.layout.blockCount)
    }
}

extension MappedSpatialIndex {
    /// Whether data block `block` has been verified (for tests).
    func isVerified(_ block: Int) -> Bool { verifier.isVerified(block) }
}
