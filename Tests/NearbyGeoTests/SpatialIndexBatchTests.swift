import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyGeo

/// The batch search (`nearest(to: [Coordinate], …)`) answers each query exactly as the
/// single-query search does, and both as the brute force of `Geodesic.distance` does: over the
/// globe, at the poles, across the antimeridian, with ties, radii, k beyond the count, and on a
/// mapped image.
@Suite struct SpatialIndexBatchTests {
    @Test(arguments: [1, 3, 10, 40])
    func batchEqualsSingleAndBruteForce(k: Int) throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 11, count: 1500)
        let index = SpatialIndex(points)
        let queries = try SpatialIndexTests.queries(seed: UInt64(100 + k), count: 70)
        let batch = index.nearest(to: queries, k: k)
        #expect(batch.count == queries.count)
        for (query, answer) in zip(queries, batch) {
            #expect(answer == index.nearest(to: query, k: k))
            #expect(agrees(answer, bruteForce(points, query, k: k, within: .infinity)))
        }
    }

    @Test func radiiAndLargeKMatchBruteForce() throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 12, count: 900)
        let index = SpatialIndex(points)
        let queries = try SpatialIndexTests.queries(seed: 13, count: 42)
        for radius in [0.0, 50, 2_000, 30_000, 400_000, 15_000_000] {
            for k in [4, 5_000] {
                let batch = index.nearest(to: queries, k: k, within: radius)
                for (query, answer) in zip(queries, batch) {
                    #expect(answer == index.nearest(to: query, k: k, within: radius))
                    #expect(agrees(answer, bruteForce(points, query, k: k, within: radius)))
                }
            }
        }
    }

    /// A radius exactly at a neighbour's solved distance keeps that neighbour (distance ≤ radius),
    /// one a nanometre below it drops it, whatever the chord formula says.
    @Test func radiusAtANeighbourDistanceIsDecidedByTheSolve() throws {
        var rng = SplitMix64(state: 77)
        let points = try (0..<400).map { _ in try rng.coordinate(lat: 25.00...25.10, lon: 121.45...121.60) }
        let index = SpatialIndex(points)
        for _ in 0..<40 {
            let query = try rng.coordinate(lat: 25.02...25.08, lon: 121.48...121.57)
            let fifth = try #require(bruteForce(points, query, k: 5, within: .infinity).last)
            for radius in [fifth.distance, fifth.distance.nextDown, fifth.distance - 1e-9] {
                let want = bruteForce(points, query, k: 10, within: radius)
                let got = index.nearest(to: [query], k: 10, within: radius)
                #expect(got.count == 1)
                #expect(agrees(got.first ?? [], want), "radius \(radius)")
                #expect(got.first?.last?.index == (radius == fifth.distance ? fifth.index : want.last?.index))
            }
        }
    }

    /// Points all about 1 km from the query (bearings apart, solved lengths a few nanometres
    /// apart): the chord formula alone would order some of them differently from the solve; the
    /// index must give the solve's order, ties by index.
    @Test func nearTiesFollowTheSolve() throws {
        let geodesic = Geodesic.wgs84
        for (latitude, longitude) in [(25.04, 121.5), (0.0, 179.99), (89.99, 10.0), (-89.995, -120.0)] {
            let query = try #require(Coordinate(latitude: latitude, longitude: longitude))
            var points = (0..<120).map { geodesic.destination(from: query, bearing: Double($0) * 3, distance: 1_000) }
            points += points.prefix(10)  // exact duplicates: equal distances, ordered by index
            let want = bruteForce(points, query, k: 40, within: .infinity)
            // The chord formula's own order differs somewhere: the case the settling is for.
            let byChord = points.indices.sorted {
                let a = ChordGeodesicTests.length(query, points[$0]) ?? 0
                let b = ChordGeodesicTests.length(query, points[$1]) ?? 0
                return (a, $0) < (b, $1)
            }
            let solved = bruteForce(points, query, k: points.count, within: .infinity).map(\.index)
            #expect(byChord != solved)
            let index = SpatialIndex(points)
            let batch = index.nearest(to: [query, query], k: 40)
            #expect(batch.allSatisfy { $0 == want })
            #expect(index.nearest(to: query, k: 40) == want)
        }
    }

    @Test func emptyAndDegenerateBatches() throws {
        let here = try #require(Coordinate(latitude: 25.04, longitude: 121.5))
        let points = try SpatialIndexTests.mixedPoints(seed: 3, count: 50)
        let index = SpatialIndex(points)
        #expect(index.nearest(to: [], k: 3).isEmpty)
        #expect(index.nearest(to: [here, here], k: 0) == [[], []])
        #expect(index.nearest(to: [here], k: -1) == [[]])
        #expect(index.nearest(to: [here], k: 3, within: -1) == [[]])
        #expect(index.nearest(to: [here], k: 3, within: .nan) == [[]])
        #expect(SpatialIndex([]).nearest(to: [here, here], k: 3) == [[], []])
        // k above the count: every point, sorted, for each query.
        let all = index.nearest(to: [here, here], k: Int.max)
        #expect(all.count == 2 && all[0] == all[1])
        #expect(agrees(all[0], bruteForce(points, here, k: 50, within: .infinity)))
    }

    /// The batch visits queries in its own order but answers in the caller's.
    @Test func answersKeepTheQueryOrder() throws {
        var rng = SplitMix64(state: 5)
        let points = try (0..<2_000).map { _ in try rng.coordinate(lat: 21.9...25.3, lon: 120...122) }
        let queries = try (0..<300).map { _ in try rng.coordinate(lat: 21.9...25.3, lon: 120...122) }
        let index = SpatialIndex(points)
        let batch = index.nearest(to: queries, k: 10)
        #expect(batch == queries.map { index.nearest(to: $0, k: 10) })
        #expect(index.nearest(to: queries.reversed(), k: 10) == batch.reversed())
    }

    @Test func mappedBatchEqualsInMemory() throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 21, count: 1200)
        let built = SpatialIndex(points)
        let bytes = built.serialized()
        let region = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 64)
        defer { region.deallocate() }
        region.copyBytes(from: bytes)
        let mapped = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(region), owner: nil)
        let queries = try SpatialIndexTests.queries(seed: 22, count: 56)
        for (k, radius) in [(10, Double.infinity), (3, 5_000), (2_000, 300_000)] {
            let want = built.nearest(to: queries, k: k, within: radius)
            #expect(try mapped.nearest(to: queries, k: k, within: radius) == want)
            for (query, answer) in zip(queries, want) {
                #expect(try mapped.nearest(to: query, k: k, within: radius) == answer)
            }
        }
        #expect(try mapped.nearest(to: [], k: 3).isEmpty)
    }

    @Test func locatorBatchEqualsItsSingleQueries() throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 31, count: 600)
        let locator = SpatialIndexLocator(points)
        let queries = try SpatialIndexTests.queries(seed: 32, count: 35)
        let batch = locator.nearest(to: queries, limit: 4, within: 50_000)
        #expect(batch == queries.map { locator.nearest(to: $0, limit: 4, within: 50_000) })
        // The protocol's default (one query at a time) gives the same.
        let looped = OneAtATime(base: locator).nearest(to: queries, limit: 4, within: 50_000)
        #expect(looped == batch)
    }
}

/// A locator with only the single-query method: the protocol's default batch.
private struct OneAtATime: PlaceLocator {
    let base: SpatialIndexLocator
    func nearest(to query: Coordinate, limit: Int, within: Double) -> [Neighbor] {
        base.nearest(to: query, limit: limit, within: within)
    }
    func coordinate(of index: Int) -> Coordinate { base.coordinate(of: index) }
}
