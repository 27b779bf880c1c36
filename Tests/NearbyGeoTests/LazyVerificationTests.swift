import NearbyTestSupport
import Testing

@_spi(Benchmarks) @testable import NearbyGeo

/// A mapped image checks its header and block table at open and each 64 KiB data block the
/// first time a query reads it; damage surfaces as a thrown error, never as a wrong answer.
@Suite struct LazyVerificationTests {
    typealias Box = SpatialIndexSerializationTests.Box

    /// 20 000 Taipei-area points (≈ 1.4 MB image, about 21 blocks) and one query.
    static let points: [Coordinate] = {
        var rng = SplitMix64(state: 31)
        return (0..<20_000).compactMap { _ in
            Coordinate(latitude: rng.uniform(24.9, 25.2), longitude: rng.uniform(121.3, 121.7))
        }
    }()
    static let query = Coordinate(latitude: 25.04, longitude: 121.51)

    /// The blocks one k=5 query reads, found by opening a clean image and querying it.
    func blocksRead(_ bytes: [UInt8], _ query: Coordinate) throws -> Set<Int> {
        let box = Box(bytes)
        let index = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        #expect(index.verifiedBlocks.verified == 0)
        _ = try index.nearest(to: query, k: 5)
        let layout = SpatialIndexLayout(count: Self.points.count, leafSize: SpatialIndexLayout.defaultLeafSize)
        var blocks = Set<Int>()
        for block in 0..<layout.blockCount where index.isVerified(block) { blocks.insert(block) }
        return blocks
    }

    @Test func queryReadsFewBlocksAndAnswersExactly() throws {
        let query = try #require(Self.query)
        let bytes = SpatialIndex(Self.points).serialized()
        let box = Box(bytes)
        let index = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        #expect(agrees(try index.nearest(to: query, k: 5), bruteForce(Self.points, query, k: 5, within: .infinity)))
        let (verified, total) = index.verifiedBlocks
        #expect(total > 15)
        #expect(verified > 0 && verified < total / 2)
        try index.verifyAll()
        #expect(index.verifiedBlocks.verified == total)
    }

    @Test func flipInABlockTheQueryReadsThrows() throws {
        let query = try #require(Self.query)
        let good = SpatialIndex(Self.points).serialized()
        let read = try blocksRead(good, query)
        let layout = SpatialIndexLayout(count: Self.points.count, leafSize: SpatialIndexLayout.defaultLeafSize)
        // The block holding the query's nearest point's terms, which the query must read.
        let nearest = try #require(bruteForce(Self.points, query, k: 1, within: .infinity).first)
        let position = try #require(try treePosition(of: nearest.index, in: good, layout))
        let offset = layout.pointOffset + 64 * position + 32  // its longitude
        let block = (offset - layout.dataOffset) >> SpatialIndexLayout.blockShift
        #expect(read.contains(block))
        var damaged = good
        damaged[offset] ^= 0x01
        let box = Box(damaged)
        let index = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        #expect(throws: SpatialIndexError.damagedBlock(block)) { try index.nearest(to: query, k: 5) }
        // And again: a damaged block is never marked verified.
        #expect(throws: SpatialIndexError.damagedBlock(block)) { try index.nearest(to: query, k: 5) }
        // The eager initializer refuses the same bytes outright.
        #expect(throws: SpatialIndexError.damagedBlock(block)) {
            try SpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        }
    }

    @Test func flipInABlockNoQueryReadsStillOpens() throws {
        let query = try #require(Self.query)
        let good = SpatialIndex(Self.points).serialized()
        let read = try blocksRead(good, query)
        let layout = SpatialIndexLayout(count: Self.points.count, leafSize: SpatialIndexLayout.defaultLeafSize)
        let unread = try #require((0..<layout.blockCount).first { !read.contains($0) })
        var damaged = good
        damaged[layout.blockRange(unread).lowerBound + 100] ^= 0x40
        let box = Box(damaged)
        let index = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        #expect(agrees(try index.nearest(to: query, k: 5), bruteForce(Self.points, query, k: 5, within: .infinity)))
        #expect(throws: SpatialIndexError.damagedBlock(unread)) { try index.verifyAll() }
    }

    @Test func flipInTheBlockTableFailsOpen() throws {
        var damaged = SpatialIndex(Self.points).serialized()
        damaged[SpatialIndexLayout.headerSize + 8 * 3 + 2] ^= 0x04  // checksum of block 3
        let box = Box(damaged)
        #expect(throws: SpatialIndexError.checksumMismatch) {
            try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        }
    }

    /// Concurrent first queries agree with brute force (the verified bitset is shared).
    @Test func concurrentQueriesAgree() async throws {
        let bytes = SpatialIndex(Self.points).serialized()
        let box = Box(bytes)
        let index = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        var rng = SplitMix64(state: 3)
        let queries = try (0..<16).map { _ in try rng.coordinate(lat: 24.85...25.25, lon: 121.25...121.75) }
        let answers = try await withThrowingTaskGroup(of: (Int, [Neighbor]).self) { group in
            for (i, q) in queries.enumerated() {
                group.addTask { (i, try index.nearest(to: q, k: 3)) }
            }
            var out = [[Neighbor]](repeating: [], count: queries.count)
            for try await (i, answer) in group { out[i] = answer }
            return out
        }
        for (q, answer) in zip(queries, answers) {
            #expect(agrees(answer, bruteForce(Self.points, q, k: 3, within: .infinity)))
        }
    }

    /// Position in tree order of the point with id `id` (from the ids section).
    func treePosition(of id: Int, in bytes: [UInt8], _ layout: SpatialIndexLayout) throws -> Int? {
        bytes.withUnsafeBytes { raw in
            (0..<layout.count).first {
                raw.loadUnaligned(fromByteOffset: layout.pointOffset + 64 * $0 + 56, as: UInt32.self) == UInt32(id)
            }
        }
    }
}
