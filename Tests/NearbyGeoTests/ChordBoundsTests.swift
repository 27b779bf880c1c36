import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyGeo

/// The chord bounds against GeodSolve distances (fixture from make_geodesic_fixtures.py).
@Suite struct ChordBoundsTests {
    @Test func boundsBracketOracleDistances() throws {
        let rows = try FixtureFile.rows("geodesic_inverse.txt")
        var usedUpper = 0
        for row in rows {
            let p = ChordBounds.ecef(latitude: row[0], longitude: row[1])
            let q = ChordBounds.ecef(latitude: row[2], longitude: row[3])
            let dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z
            let c = (dx * dx + dy * dy + dz * dz).squareRoot()
            let g = row[6]  // GeodSolve -i -p 10
            #expect(ChordBounds.lower(chord: c) <= g, "\(row)")
            #expect(ChordBounds.lower(p, q) <= g, "\(row)")
            let upper = ChordBounds.upper(chord: c)
            if upper.isFinite { usedUpper += 1 }
            #expect(g <= upper, "\(row)")
        }
        #expect(usedUpper > 50)
    }

    /// The Schur bound needs g ≤ πρ; the plane-section bound proves it up to the chord limit.
    @Test func upperBoundPremiseHolds() {
        let limit = ChordBounds.upperBoundChordLimit
        #expect(ChordBounds.premiseBound(chord: limit) < Double.pi * ChordBounds.rhoMin)
        #expect(ChordBounds.upper(chord: limit * 1.0001) == .infinity)
        // ρ = b²/a for WGS84: 6 335 439.327 m (a(1 − e²), hand computed).
        #expect(abs(ChordBounds.rhoMin - 6_335_439.327) < 1e-3)
    }

    /// The fast squared limit used during the search is never below the plain composition.
    @Test func fastChordLimitIsConservative() {
        var rng = SplitMix64(state: 77)
        for _ in 0..<20_000 {
            let c = pow(10, rng.uniform(-3, 6.5))
            let fast = ChordBounds.chordLimit2(forUpperBoundOfChord2: c * c)
            let plain = ChordBounds.chordLimit(forDistance: ChordBounds.upper(chord: c))
            #expect(fast >= plain * plain, "chord \(c)")
            #expect(plain.isInfinite || fast.squareRoot() - plain < 1e-5 + 1e-11 * c, "chord \(c)")
            #expect(plain.isFinite == fast.isFinite)
        }
        #expect(ChordBounds.chordLimit2(forUpperBoundOfChord2: 3.1e6 * 3.1e6) == .infinity)
    }

    /// The index places points by reduced latitude, (a cos β cos λ, a cos β sin λ, b sin β);
    /// it must agree with the geodetic formula (ν cos φ cos λ, ν cos φ sin λ, ν(1 − e²) sin φ)
    /// far inside the bounds' 1 µm slack.
    @Test func reducedLatitudePositionMatchesGeodetic() {
        var rng = SplitMix64(state: 5)
        for i in 0..<5_000 {
            let lat = i < 4 ? [90.0, -90, 0, 45][i] : rng.uniform(-90, 90)
            let lon = rng.uniform(-180, 180)
            let p = ChordBounds.ecef(terms: Geodesic.wgs84.latitudeTerms(lat), longitude: lon)
            let q = ChordBounds.ecef(latitude: lat, longitude: lon)
            let d = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) + (p.z - q.z) * (p.z - q.z)).squareRoot()
            #expect(d < 1e-7, "\(lat), \(lon): \(d) m")
        }
    }
}
