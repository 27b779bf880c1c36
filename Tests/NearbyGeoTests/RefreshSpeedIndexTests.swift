import Foundation
import Testing

@testable import NearbyGeo

/// The index build on two threads (issue 8, a refresh as fast as `json.load`): the halves of
/// the work write disjoint parts of the image, so the image is the one-thread image byte for
/// byte, and its answers are brute force's.
@Suite struct RefreshSpeedIndexTests {
    private static func bytes(_ image: IndexImage) -> [UInt8] {
        [UInt8](UnsafeRawBufferPointer(start: image.base, count: image.byteCount))
    }

    /// Where two images first differ (their lengths if one is a prefix of the other), or nil
    /// when they are equal: a failure names an offset instead of printing megabytes.
    private static func firstDifference(_ a: IndexImage, _ b: IndexImage) -> Int? {
        let (left, right) = (bytes(a), bytes(b))
        if let offset = left.indices.first(where: { $0 >= right.count || left[$0] != right[$0] }) {
            return offset
        }
        return left.count == right.count ? nil : left.count
    }

    /// Sizes around the leaf size and odd counts split unevenly at every level.
    @Test(arguments: [17, 33, 1_000, 4_099, 20_011])
    func twoThreadsBuildTheOneThreadImage(count: Int) throws {
        let points = try SpatialIndexTests.mixedPoints(seed: UInt64(count), count: count)
        let leaf = SpatialIndexLayout.defaultLeafSize
        let alone = SpatialIndexBuilder.build(points, leafSize: leaf, parallelFrom: .max)
        let split = SpatialIndexBuilder.build(points, leafSize: leaf, parallelFrom: 1)
        #expect(Self.firstDifference(split, alone) == nil)
    }

    /// Memory lent to the build holding old bytes (here 0xA5 everywhere) gives the image built
    /// in fresh memory, byte for byte: every byte of the image is written, the boxes of nodes
    /// under a leaf (17 and 33 points leave some) and the pad after each id included.
    @Test(arguments: [1, 17, 33, 1_000, 4_099])
    func lentMemoryOfAnyContentBuildsTheSameImage(count: Int) throws {
        let points = try SpatialIndexTests.mixedPoints(seed: UInt64(count) + 3, count: count)
        let leaf = SpatialIndexLayout.defaultLeafSize
        let memory = FilledMemory()
        let lent = SpatialIndexBuilder.build(points, leafSize: leaf, parallelFrom: 1, memory: memory)
        let fresh = SpatialIndexBuilder.build(points, leafSize: leaf, parallelFrom: 1)
        #expect(Self.firstDifference(lent, fresh) == nil)
        #expect(memory.lentBases.count == 3)
        #expect(memory.lentBases.first == UnsafeMutableRawPointer(mutating: lent.base))
    }

    /// Lends blocks filled with 0xA5, freed when it goes.
    private final class FilledMemory: IndexBuildMemory, @unchecked Sendable {
        private(set) var lentBases: [UnsafeMutableRawPointer] = []

        func lend(byteCount: Int) -> UnsafeMutableRawPointer? {
            let block = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
            block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: byteCount)
            lentBases.append(block)
            return block
        }

        deinit { for block in lentBases { block.deallocate() } }
    }

    /// Every node splits its points at the median of its widest axis: the left half's largest
    /// key is at most the right half's smallest (the implicit tree's ranges are halves, so a
    /// selection that is not exact would leave a good search slower and this false). Duplicates
    /// (a tenth of the points) and ranges far above the selection's sampling size included.
    @Test(arguments: [4_099, 20_011, 70_001])
    func everySplitIsAMedianSplit(count: Int) throws {
        var points = try SpatialIndexTests.mixedPoints(seed: UInt64(count) + 7, count: count)
        for i in stride(from: 0, to: count, by: 10) { points[i] = points[(i * 7) % count] }
        let index = SpatialIndex(points)
        let layout = index.view.layout
        let records = index.view.points
        func key(_ position: Int, _ axis: Int) -> Double { records[8 * position + axis] }
        var failures = 0
        var pending = [(node: 0, lo: 0, hi: count)]
        while let (node, lo, hi) = pending.popLast(), failures < 5 {
            guard hi - lo > layout.leafSize else { continue }
            var low = [Double.infinity, .infinity, .infinity]
            var high = [-Double.infinity, -.infinity, -.infinity]
            for i in lo..<hi {
                for axis in 0..<3 {
                    low[axis] = min(low[axis], key(i, axis))
                    high[axis] = max(high[axis], key(i, axis))
                }
            }
            let span = (0..<3).map { high[$0] - low[$0] }
            let axis = span[0] >= span[1] && span[0] >= span[2] ? 0 : (span[1] >= span[2] ? 1 : 2)
            let mid = lo + (hi - lo) / 2
            let leftMax = (lo..<mid).map { key($0, axis) }.max() ?? -.infinity
            let rightMin = (mid..<hi).map { key($0, axis) }.min() ?? .infinity
            if leftMax > rightMin { failures += 1 }
            #expect(leftMax <= rightMin, "node \(node) [\(lo), \(hi)) axis \(axis)")
            pending.append((2 * node + 1, lo, mid))
            pending.append((2 * node + 2, mid, hi))
        }
    }

    /// Past the default threshold the build uses both threads; answers stay brute force's.
    @Test func largeIndexAnswersLikeBruteForce() throws {
        let count = ForkJoin.minimumItems + 4_321
        let points = try SpatialIndexTests.mixedPoints(seed: 808, count: count)
        let index = SpatialIndex(points)
        for query in try SpatialIndexTests.queries(seed: 809, count: 12) {
            #expect(agrees(index.nearest(to: query, k: 5), bruteForce(points, query, k: 5, within: .infinity)))
        }
        let mapped = try index.serialized().withUnsafeBytes { raw in
            try SpatialIndex(mapping: raw, owner: nil).serialized()
        }
        #expect(mapped == index.serialized())
    }
}
