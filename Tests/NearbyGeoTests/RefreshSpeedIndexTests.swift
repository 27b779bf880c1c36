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

    /// Sizes around the leaf size and odd counts split unevenly at every level.
    @Test(arguments: [17, 33, 1_000, 4_099, 20_011])
    func twoThreadsBuildTheOneThreadImage(count: Int) throws {
        let points = try SpatialIndexTests.mixedPoints(seed: UInt64(count), count: count)
        let leaf = SpatialIndexLayout.defaultLeafSize
        let alone = SpatialIndexBuilder.build(points, leafSize: leaf, parallelFrom: .max)
        let split = SpatialIndexBuilder.build(points, leafSize: leaf, parallelFrom: 1)
        #expect(Self.bytes(split) == Self.bytes(alone))
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
