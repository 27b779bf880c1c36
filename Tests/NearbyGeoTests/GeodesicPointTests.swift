import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyGeo

/// Solves from prepared points (``GeodesicPoint``) must give the very bits of solves from
/// coordinates, and so of GeographicLib's Python package (Fixtures/geodesic_bitexact.txt, written
/// by `python3 make_bitexact_fixture.py` in Fixtures/, repr() of every double).
@Suite struct GeodesicPointTests {
    @Test func preparedDistancesMatchPythonGeographicLibBitForBit() throws {
        let rows = try FixtureFile.rows("geodesic_bitexact.txt")
        #expect(rows.count > 20_000)
        var differing = 0
        for row in rows {
            try #require(row.count == 7)
            let a = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let b = try #require(Coordinate(latitude: row[2], longitude: row[3]))
            let pa = GeodesicPoint(a), pb = GeodesicPoint(b)
            let d = Geodesic.wgs84.distance(pa, pb)
            if d.bitPattern != row[4].bitPattern
                || d.bitPattern != Geodesic.wgs84.distance(a, b).bitPattern
            {
                differing += 1
                if differing <= 10 { Issue.record("\(row): prepared s12 \(d) vs Python \(row[4])") }
            }
            // The full solve from prepared points: distance and bearings as from coordinates.
            #expect(Geodesic.wgs84.inverse(pa, pb) == Geodesic.wgs84.inverse(a, b))
        }
        #expect(differing == 0, "\(differing) of \(rows.count) prepared distances differ")
    }

    /// Random pairs in every regime: short GPS legs, poles, the antimeridian, coincident and
    /// nearly antipodal points; reversed order too. Each must match the coordinate solve.
    @Test func randomPairsMatchTheCoordinateSolve() throws {
        var rng = SplitMix64(state: 0x6E65_6172_6279)
        let special: [Double] = [90, -90, 0, 89.999_999_9, -89.999_999_9, 45, 1e-300]
        let specialLon: [Double] = [180, -180, 0, 179.999_999, -179.999_999, 90, -0.0]
        var pairs: [(Coordinate, Coordinate)] = []
        for la in special {
            for lo in specialLon {
                let a = try Coordinate(validatingLatitude: la, longitude: lo)
                pairs.append((a, a))  // coincident
                let b = try Coordinate(validatingLatitude: -la, longitude: lo < 0 ? lo + 180 : lo - 180)
                pairs.append((a, b))  // antipodal
                pairs.append((a, try rng.coordinate(lat: -90...90, lon: -180...180)))
            }
        }
        for _ in 0..<4000 {
            let a = try rng.coordinate(lat: -90...90, lon: -180...180)
            pairs.append((a, try rng.coordinate(lat: -90...90, lon: -180...180)))
            // A short leg (metres), possibly across the antimeridian or a pole.
            let b = try rng.coordinate(
                lat: (a.latitude - 1e-4)...(a.latitude + 1e-4),
                lon: (a.longitude - 1e-4)...(a.longitude + 1e-4))
            pairs.append((a, b))
            // Nearly antipodal.
            let c = try rng.coordinate(
                lat: (-a.latitude - 0.5)...(-a.latitude + 0.5),
                lon: (a.longitude + 179.5)...(a.longitude + 180.5))
            pairs.append((a, c))
        }
        var differing = 0
        for (a, b) in pairs {
            for (x, y) in [(a, b), (b, a)] {
                let prepared = Geodesic.wgs84.distance(GeodesicPoint(x), GeodesicPoint(y))
                let direct = Geodesic.wgs84.distance(x, y)
                if prepared.bitPattern != direct.bitPattern {
                    differing += 1
                    if differing <= 10 { Issue.record("\(x) → \(y): \(prepared) vs \(direct)") }
                }
            }
        }
        #expect(differing == 0, "\(differing) of \(2 * pairs.count) differ")
    }

    /// Coincident points are 0 m apart (hand-computed), poles included.
    @Test(arguments: [(0.0, 0.0), (90, 12), (-90, -180), (25.04, 121.51), (-33.9, 180)])
    func coincidentPointsAreZeroApart(latitude: Double, longitude: Double) throws {
        let p = GeodesicPoint(try Coordinate(validatingLatitude: latitude, longitude: longitude))
        #expect(Geodesic.wgs84.distance(p, p) == 0)
    }

    /// A point prepared for WGS84 used on another ellipsoid still gives that ellipsoid's answer.
    @Test func pointsPreparedForAnotherEllipsoidAreRecomputed() throws {
        let sphere = Geodesic(equatorialRadius: 6_371_000, flattening: 0)
        let a = try Coordinate(validatingLatitude: 25.04, longitude: 121.51)
        let b = try Coordinate(validatingLatitude: -33.9, longitude: 151.2)
        let d = sphere.distance(GeodesicPoint(a), GeodesicPoint(b))
        #expect(d.bitPattern == sphere.distance(a, b).bitPattern)
        #expect(d != Geodesic.wgs84.distance(a, b))
        let pa = GeodesicPoint(a, on: sphere), pb = GeodesicPoint(b, on: sphere)
        #expect(sphere.distance(pa, pb).bitPattern == d.bitPattern)
        #expect(pa != GeodesicPoint(a))
        #expect(pa == GeodesicPoint(a, on: sphere))
    }
}
