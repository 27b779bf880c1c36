import Foundation
import Testing

@testable import NearbyGeo

/// Geodesic.wgs84 against GeographicLib's GeodSolve. The fixtures and the command that wrote
/// them are in Fixtures/make_geodesic_fixtures.py (GeodSolve -i -p 10 and GeodSolve -p 10).
@Suite struct GeodesicTests {
    let geod = Geodesic.wgs84

    @Test func inverseMatchesGeodSolveOnEveryFixturePair() throws {
        let rows = try FixtureFile.rows("geodesic_inverse.txt")
        #expect(rows.count > 500)
        for row in rows {
            try #require(row.count == 7)
            let a = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let b = try #require(Coordinate(latitude: row[2], longitude: row[3]))
            let result = geod.inverse(a, b)
            let expected = row[6]
            // GeodSolve prints 1e-10 m; 1e-9 relative is the contract.
            #expect(
                abs(result.distance - expected) <= 1e-9 * expected + 1e-9,
                "\(row): distance \(result.distance) vs \(expected)")
            #expect(geod.distance(a, b) == result.distance)
            // Azimuths to 1e-9°, except that on a line of s metres one double-precision ulp of
            // position (~1e-9 m) already turns the azimuth by ~1e-9/s rad, so allow 1e-7/s °.
            let azimuthTolerance = 1e-9 + 1e-7 / max(expected, 1e-9)
            #expect(
                FixtureFile.angleGap(result.initialBearing, row[4]) <= azimuthTolerance,
                "\(row): azi1 \(result.initialBearing)")
            #expect(
                FixtureFile.angleGap(result.finalBearing, row[5]) <= azimuthTolerance,
                "\(row): azi2 \(result.finalBearing)")
            #expect((0..<360).contains(result.initialBearing))
            #expect((0..<360).contains(result.finalBearing))
        }
    }

    @Test func destinationMatchesGeodSolveDirect() throws {
        let rows = try FixtureFile.rows("geodesic_direct.txt")
        #expect(rows.count > 200)
        for row in rows {
            try #require(row.count == 7)
            let start = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let end = geod.destination(from: start, bearing: row[2], distance: row[3])
            #expect(abs(end.latitude - row[4]) <= 1e-9, "\(row): lat \(end.latitude)")
            #expect(FixtureFile.angleGap(end.longitude, row[5]) <= 1e-9, "\(row): lon \(end.longitude)")
        }
    }

    /// Going out along a bearing and solving the inverse back gives the distance and bearing
    /// (for lines shorter than half a meridian, which are shortest paths).
    @Test func destinationThenInverseRoundTrips() throws {
        let rows = try FixtureFile.rows("geodesic_direct.txt")
        for row in rows where row[3] < 19_000_000 && abs(row[0]) < 89 && row[3] > 0 {
            let start = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let end = geod.destination(from: start, bearing: row[2], distance: row[3])
            let back = geod.inverse(start, end)
            #expect(abs(back.distance - row[3]) <= 1e-8 * row[3] + 1e-6, "\(row)")
        }
    }

    /// Hand-checkable values: a quarter meridian (WGS84, 10 001 965.729 m per GeographicLib's
    /// documentation), an equatorial degree a·π/180, and coincident points.
    @Test func handCheckedValues() throws {
        let equator = try #require(Coordinate(latitude: 0, longitude: 0))
        let pole = try #require(Coordinate(latitude: 90, longitude: 0))
        #expect(abs(geod.distance(equator, pole) - 10_001_965.729_3) < 1e-4)
        let east = try #require(Coordinate(latitude: 0, longitude: 1))
        let r = geod.inverse(equator, east)
        #expect(abs(r.distance - 6_378_137 * Double.pi / 180) < 1e-9)
        #expect(r.initialBearing == 90 && r.finalBearing == 90)
        let here = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
        #expect(geod.distance(here, here) == 0)
        let same = geod.destination(from: here, bearing: 45, distance: 0)
        #expect(abs(same.latitude - here.latitude) < 1e-12)
        #expect(abs(same.longitude - here.longitude) < 1e-12)
        #expect(geod.destination(from: here, bearing: .nan, distance: 10) == here)
    }

    @Test func distanceIsSymmetric() throws {
        let rows = try FixtureFile.rows("geodesic_inverse.txt")
        for row in rows.prefix(200) {
            let a = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let b = try #require(Coordinate(latitude: row[2], longitude: row[3]))
            #expect(abs(geod.distance(a, b) - geod.distance(b, a)) <= 1e-9 * geod.distance(a, b) + 1e-9)
        }
    }
}
