import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyGeo

/// The chord formula the index measures short lines with (``ChordGeodesic``), against the 40-digit
/// reference lengths of the legs (Fixtures/leg_reference.txt) and against the inverse solve over
/// its whole range (10 m to 30 km) in every regime.
@Suite struct ChordGeodesicTests {
    /// The length from two coordinates as the index computes it: ECEF positions from the
    /// latitude terms, then the formula (nil outside its range).
    static func length(_ a: Coordinate, _ b: Coordinate) -> Double? {
        let geodesic = Geodesic.wgs84
        let p = ChordBounds.ecef(terms: geodesic.latitudeTerms(a.latitude), longitude: a.longitude)
        let q = ChordBounds.ecef(terms: geodesic.latitudeTerms(b.latitude), longitude: b.longitude)
        let chord2 = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) + (p.z - q.z) * (p.z - q.z)
        guard chord2 >= ChordGeodesic.minimumChord2, chord2 <= ChordGeodesic.chordLimit2 else { return nil }
        return ChordGeodesic.length(chord2: chord2, p, q)
    }

    /// Within 5 nm of the reference where the formula applies (the positions carry about 1 nm).
    @Test func legsWithinNanometresOfTheFortyDigitReference() throws {
        var compared = 0
        var worst = 0.0
        for row in try FixtureFile.rows("leg_reference.txt") {
            try #require(row.count == 5)
            let a = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let b = try #require(Coordinate(latitude: row[2], longitude: row[3]))
            guard let length = Self.length(a, b) else { continue }
            worst = max(worst, abs(length - row[4]))
            compared += 1
        }
        #expect(compared > 500, "only \(compared) reference legs of 10 m or more")
        #expect(worst <= 5e-9, "worst \(worst) m")
    }

    /// Random lines of 10 m to 30 km at both poles, the equator, across the antimeridian, in
    /// Taiwan and anywhere: within the tolerance of the solve (in fact within about 3 nm).
    @Test func randomLinesWithinToleranceOfTheSolve() throws {
        var rng = SplitMix64(state: 0x6368_6F72_64)
        let geodesic = Geodesic.wgs84
        var worst = 0.0
        var compared = 0
        for i in 0..<20_000 {
            let start: Coordinate
            switch i % 5 {
            case 0: start = try rng.coordinate(lat: -90...90, lon: -180...180)
            case 1: start = try rng.coordinate(lat: 89.7...90, lon: -180...180)
            case 2: start = try rng.coordinate(lat: -90 ... -89.7, lon: -180...180)
            case 3: start = try rng.coordinate(lat: -1...1, lon: 179.8...180.2)
            default: start = try rng.coordinate(lat: 21.9...25.3, lon: 120...122)
            }
            let distance = 10 * pow(10, rng.uniform(0, 3.5))
            let end = geodesic.destination(from: start, bearing: rng.uniform(0, 360), distance: distance)
            guard let length = Self.length(start, end) else { continue }
            worst = max(worst, abs(length - geodesic.distance(start, end)))
            compared += 1
        }
        #expect(compared > 15_000)
        #expect(worst <= ChordGeodesic.tolerance / 2, "worst \(worst) m")
    }
}
