import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyGeo

/// The chord formula for short legs (``Geodesic/legDistance(_:_:)-(LegPoint,LegPoint)``) against
/// 40-digit reference lengths (Fixtures/leg_reference.txt, mpmath), GeographicLib's Python
/// package (Fixtures/geodesic_bitexact.txt) and the inverse solve ported from it, which matches
/// that package bit for bit (GeodesicBitExactTests).
@Suite struct LegDistanceTests {
    /// Agreement with GeographicLib's inverse, whose own error on short lines is about 3e-9 m.
    static let tolerance = 2e-8

    /// Every leg within a few units in the last place of the 40-digit length; the inverse solve
    /// on the same pairs is within GeographicLib's 15 nm, and much further off than that.
    @Test func legsMatchTheFortyDigitReference() throws {
        let rows = try FixtureFile.rows("leg_reference.txt")
        #expect(rows.count == 3_000)
        var worstRelative = 0.0
        var worstInverse = 0.0
        for row in rows {
            try #require(row.count == 5)
            let a = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let b = try #require(Coordinate(latitude: row[2], longitude: row[3]))
            let leg = Geodesic.wgs84.legDistance(a, b)
            #expect(abs(leg - row[4]) <= 2e-15 * row[4] + 1e-18, "\(row): \(leg)")
            if row[4] > 1e-6 { worstRelative = max(worstRelative, abs(leg - row[4]) / row[4]) }
            worstInverse = max(worstInverse, abs(Geodesic.wgs84.distance(a, b) - row[4]))
        }
        #expect(worstInverse <= 15e-9)
        print("legDistance: worst relative error \(worstRelative); the inverse solve's worst \(worstInverse) m")
    }

    @Test func shortPairsOfThePythonFixtureAgree() throws {
        let rows = try FixtureFile.rows("geodesic_bitexact.txt")
        var compared = 0
        var worst = 0.0
        for row in rows {
            try #require(row.count == 7)
            let a = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let b = try #require(Coordinate(latitude: row[2], longitude: row[3]))
            let leg = Geodesic.wgs84.legDistance(a, b)
            if row[4] <= 900 {
                worst = max(worst, abs(leg - row[4]))
                compared += 1
            } else if row[4] > 1_100 {
                // Beyond the chord limit: the inverse solve itself, GeographicLib's bits.
                #expect(leg.bitPattern == row[4].bitPattern, "\(row)")
            }
        }
        #expect(compared > 100, "the fixture has \(compared) short pairs")
        #expect(worst <= Self.tolerance, "worst difference \(worst) m")
    }

    /// Random legs of 0–1.2 km (a third under a metre) in every regime: both poles, the equator,
    /// the antimeridian, every azimuth. Each within the tolerance of the inverse solve, the same
    /// bits from prepared points and from coordinates, and symmetric to within the tolerance.
    @Test func randomShortLegsMatchTheInverseSolve() throws {
        var rng = SplitMix64(state: 0x6C65_6773)
        let geodesic = Geodesic.wgs84
        let latitudes: [Double] = [90, -90, 0, 89.999_99, -89.999_99, 25.04]
        let longitudes: [Double] = [180, -180, 0, 179.999_99, -179.999_99, 121.5]
        var worst = 0.0
        var worstRelative = 0.0
        var beyond = 0
        for i in 0..<60_000 {
            let latitude = i < 36 ? latitudes[i % 6] : rng.uniform(-90, 90)
            let longitude = i < 36 ? longitudes[i / 6] : rng.uniform(-180, 180)
            let start = try #require(Coordinate(latitude: latitude, longitude: longitude))
            let length: Double
            switch rng.int(3) {
            case 0: length = rng.uniform(0, 1)
            case 1: length = rng.uniform(0, 100)
            default: length = rng.uniform(0, 1_200)
            }
            let end = geodesic.destination(from: start, bearing: rng.uniform(0, 360), distance: length)
            let exact = geodesic.distance(start, end)
            let leg = geodesic.legDistance(start, end)
            #expect(leg.bitPattern == geodesic.legDistance(LegPoint(start), LegPoint(end)).bitPattern)
            #expect(abs(leg - geodesic.legDistance(end, start)) <= Self.tolerance)
            if exact > 1_001 {
                #expect(leg.bitPattern == exact.bitPattern)
                beyond += 1
            }
            worst = max(worst, abs(leg - exact))
            if exact > 0.1 { worstRelative = max(worstRelative, abs(leg - exact) / exact) }
        }
        #expect(beyond > 1_000)
        #expect(worst <= Self.tolerance, "worst difference \(worst) m")
        // Legs over 10 cm: the inverse solve's absolute error (about 3e-9 m) is under 1e-7 of them.
        #expect(worstRelative <= 1e-7, "worst relative difference \(worstRelative)")
    }

    /// Hand cases: the same point is 0; one metre of meridian at the equator is M·Δφ, with
    /// M = a(1 − e²) = 6 335 439.327 m (Δφ = 1 / M radians gives 1 m to 1e-12 m).
    @Test func handCases() throws {
        let geodesic = Geodesic.wgs84
        let here = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
        #expect(geodesic.legDistance(here, here) == 0)
        let a = 6_378_137.0
        let f = 1 / 298.257_223_563
        let meridian = a * (1 - f * (2 - f))
        let north = try #require(Coordinate(latitude: (1 / meridian) * 180 / .pi, longitude: 0))
        let origin = try #require(Coordinate(latitude: 0, longitude: 0))
        #expect(abs(geodesic.legDistance(origin, north) - 1) < 1e-9)
        // The same place written as longitude 180 and −180.
        let east = try #require(Coordinate(latitude: 10, longitude: 180))
        let west = try #require(Coordinate(latitude: 10, longitude: -180))
        #expect(abs(geodesic.legDistance(east, west)) < 1e-8)
    }
}
