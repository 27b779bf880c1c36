import NearbyTestSupport
import Testing

@testable import NearbyGeo

/// The index must return exactly what a brute-force geodesic scan returns (same neighbours, same
/// tie order, the same distances bit for bit or, for lines measured by their chord, within 2e-8 m:
/// see ``agrees(_:_:)``).
@Suite struct SpatialIndexTests {
    /// Points spread over the globe, clusters at both poles, across the date line, around
    /// Taipei, and exact duplicates.
    static func mixedPoints(seed: UInt64, count: Int) throws -> [Coordinate] {
        var rng = SplitMix64(state: seed)
        var points: [Coordinate] = []
        for i in 0..<count {
            switch i % 6 {
            case 0: points.append(try rng.coordinate(lat: -90...90, lon: -180...180))
            case 1: points.append(try rng.coordinate(lat: 89.5...90, lon: -180...180))
            case 2: points.append(try rng.coordinate(lat: -90 ... -89.9, lon: -180...180))
            case 3: points.append(try rng.coordinate(lat: -10...10, lon: 179.9...180.1))
            case 4: points.append(try rng.coordinate(lat: 24.9...25.2, lon: 121.3...121.7))
            default: points.append(points[rng.int(points.count)])  // duplicate
            }
        }
        return points
    }

    static func queries(seed: UInt64, count: Int) throws -> [Coordinate] {
        var rng = SplitMix64(state: seed)
        var out: [Coordinate] = []
        for i in 0..<count {
            switch i % 7 {
            case 0: out.append(try rng.coordinate(lat: -90...90, lon: -180...180))
            case 1: out.append(try rng.coordinate(lat: 89.8...90, lon: -180...180))
            case 2: out.append(try rng.coordinate(lat: -90 ... -89.95, lon: -180...180))
            case 3: out.append(try rng.coordinate(lat: -5...5, lon: 179.95...180.05))
            case 4: out.append(try rng.coordinate(lat: 24.95...25.15, lon: 121.4...121.6))
            case 5: out.append(try rng.coordinate(lat: -25.2 ... -24.9, lon: -58.7 ... -58.3))  // antipode of Taipei
            default: out.append(try rng.coordinate(lat: 0...0, lon: -180...180))
            }
        }
        return out
    }

    @Test(arguments: [1, 3, 10, 40])
    func nearestMatchesBruteForce(k: Int) throws {
        let points = try Self.mixedPoints(seed: 42, count: 1500)
        let index = SpatialIndex(points)
        #expect(index.count == 1500)
        for query in try Self.queries(seed: UInt64(k), count: 60) {
            #expect(agrees(index.nearest(to: query, k: k), bruteForce(points, query, k: k, within: .infinity)))
        }
    }

    @Test func withinRadiusMatchesBruteForce() throws {
        let points = try Self.mixedPoints(seed: 7, count: 1200)
        let index = SpatialIndex(points)
        var rng = SplitMix64(state: 99)
        for query in try Self.queries(seed: 5, count: 35) {
            let radius = [0, 50, 2_000, 30_000, 400_000, 15_000_000][rng.int(6)]
            let r = Double(radius)
            #expect(agrees(index.within(r, of: query), bruteForce(points, query, k: points.count, within: r)))
            #expect(agrees(index.nearest(to: query, k: 4, within: r), bruteForce(points, query, k: 4, within: r)))
        }
    }

    @Test func duplicatesTieByIndex() throws {
        let p = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
        let other = try #require(Coordinate(latitude: 25.05, longitude: 121.52))
        let points = [other, p, other, p, p, other]
        let index = SpatialIndex(points)
        let result = index.nearest(to: p, k: 4)
        #expect(result.map(\.index) == [1, 3, 4, 0])
        #expect(result.prefix(3).allSatisfy { $0.distance == 0 })
        #expect(agrees([result[3]], [Neighbor(index: 0, distance: Geodesic.wgs84.distance(p, other))]))
    }

    /// One site stored several times (four toilets at one coordinate), a mirror site at the
    /// same geodesic distance (same latitude, the other side of the query's meridian) and a
    /// nearer point: every k cuts the ties in index order, alone and in a batch.
    @Test func oneSiteStoredManyTimesTiesByIndex() throws {
        let query = try #require(Coordinate(latitude: 25.04, longitude: 121.5))
        let site = try #require(Coordinate(latitude: 25.04, longitude: 121.52))
        let mirror = try #require(Coordinate(latitude: 25.04, longitude: 121.48))
        let near = try #require(Coordinate(latitude: 25.041, longitude: 121.5))
        let points = [site, mirror, site, near, site, mirror, site, near]
        let index = SpatialIndex(points)
        for k in 1...points.count {
            let want = bruteForce(points, query, k: k, within: .infinity)
            #expect(agrees(index.nearest(to: query, k: k), want), "k = \(k)")
            #expect(agrees(index.nearest(to: [query, query], k: k)[1], want), "batch, k = \(k)")
        }
        // Geodesic.distance itself orders the two sites (or ties them): the answer follows it.
        let toSite = Geodesic.wgs84.distance(query, site)
        let toMirror = Geodesic.wgs84.distance(query, mirror)
        let sites = index.nearest(to: query, k: 8).dropFirst(2).map(\.index)
        #expect(
            sites
                == (toSite < toMirror
                    ? [0, 2, 4, 6, 1, 5] : toSite > toMirror ? [1, 5, 0, 2, 4, 6] : [0, 1, 2, 4, 5, 6]))
    }

    @Test func edgeCases() throws {
        let here = try #require(Coordinate(latitude: 25.04, longitude: 121.5))
        #expect(SpatialIndex([]).nearest(to: here, k: 3).isEmpty)
        #expect(SpatialIndex([]).within(1e9, of: here).isEmpty)
        let points = try Self.mixedPoints(seed: 3, count: 50)
        let index = SpatialIndex(points)
        #expect(index.nearest(to: here, k: 0).isEmpty)
        #expect(index.nearest(to: here, k: -2).isEmpty)
        #expect(index.nearest(to: here, k: 10, within: -1).isEmpty)
        #expect(index.nearest(to: here, k: 10, within: .nan).isEmpty)
        // k above the count returns everything, sorted.
        #expect(agrees(index.nearest(to: here, k: 500), bruteForce(points, here, k: 500, within: .infinity)))
        let single = SpatialIndex([here])
        #expect(single.nearest(to: here, k: 5) == [Neighbor(index: 0, distance: 0)])
    }

    /// Big blocks of one coordinate (a feed listing every stall of a market at one point):
    /// the build's median selection meets thousands of equal keys on every axis, and must still
    /// split them and answer like brute force; an index of nothing but one coordinate too.
    @Test func bigBlocksOfOneCoordinateMatchBruteForce() throws {
        var rng = SplitMix64(state: 77)
        let market = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
        let station = try #require(Coordinate(latitude: 25.0478, longitude: 121.5170))
        var points: [Coordinate] = []
        for i in 0..<3000 {
            switch i % 5 {
            case 0, 1: points.append(market)
            case 2: points.append(station)
            default: points.append(try rng.coordinate(lat: 25.03...25.06, lon: 121.50...121.53))
            }
        }
        let index = SpatialIndex(points)
        for k in [1, 10, 1300, 3000] {
            for query in [market, station, try rng.coordinate(lat: 25.03...25.06, lon: 121.50...121.53)] {
                let want = bruteForce(points, query, k: k, within: .infinity)
                #expect(agrees(index.nearest(to: query, k: k), want), "k = \(k)")
            }
        }
        let alone = SpatialIndex(Array(repeating: station, count: 5000))
        let answer = alone.nearest(to: market, k: 3)
        #expect(answer.map(\.index) == [0, 1, 2])
    }

    /// Many points in a dense city, like the real data, with few-metre spacing.
    @Test func denseClusterMatchesBruteForce() throws {
        var rng = SplitMix64(state: 2024)
        let points = try (0..<3000).map { _ in try rng.coordinate(lat: 25.03...25.05, lon: 121.50...121.52) }
        let index = SpatialIndex(points)
        for _ in 0..<60 {
            let q = try rng.coordinate(lat: 25.02...25.06, lon: 121.49...121.53)
            #expect(agrees(index.nearest(to: q, k: 10), bruteForce(points, q, k: 10, within: .infinity)))
        }
    }

    /// A north–south neighbour can be nearer by chord yet farther by geodesic than an east–west
    /// one (the meridian curves more), so the index must not trust chord order.
    @Test(arguments: [0.0, 35.0, 70.0])
    func chordOrderDiffersFromGeodesicOrder(latitude: Double) throws {
        let geod = Geodesic.wgs84
        let query = try #require(Coordinate(latitude: latitude, longitude: 10))
        func chord(_ c: Coordinate) -> Double {
            let p = ChordBounds.ecef(latitude: c.latitude, longitude: c.longitude)
            let q = ChordBounds.ecef(latitude: query.latitude, longitude: query.longitude)
            return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) + (p.z - q.z) * (p.z - q.z))
                .squareRoot()
        }
        for d in [20_000.0, 100_000, 600_000] {
            let east = geod.destination(from: query, bearing: 90, distance: d)
            let north0 = geod.destination(from: query, bearing: 0, distance: d)
            let gap = chord(east) - chord(north0)
            try #require(gap > 0)
            let north = geod.destination(from: query, bearing: 0, distance: d + gap / 2)
            try #require(chord(north) < chord(east))
            try #require(geod.distance(query, north) > geod.distance(query, east))
            var rng = SplitMix64(state: UInt64(d))
            var points = try (0..<40).map { _ in try rng.coordinate(lat: -60...80, lon: -170...170) }
            points += [north, east]
            let index = SpatialIndex(points)
            #expect(agrees(index.nearest(to: query, k: 1), bruteForce(points, query, k: 1, within: .infinity)))
            #expect(index.nearest(to: query, k: 1).first?.index == points.count - 1)
        }
    }
}

extension SpatialIndexTests {
    /// A k far beyond the count (from `--limit 9223372036854775807`) answers every point.
    @Test func hugeKAnswersEveryPoint() throws {
        let points = [(25.0, 121.5), (25.01, 121.5), (25.0, 121.51)].compactMap {
            Coordinate(latitude: $0.0, longitude: $0.1)
        }
        let index = SpatialIndex(points)
        // 0.01° of longitude at 25° N is about 1,009 m, of latitude about 1,109 m (GeodSolve).
        #expect(index.nearest(to: points[0], k: Int.max).map(\.index) == [0, 2, 1])
    }
}
