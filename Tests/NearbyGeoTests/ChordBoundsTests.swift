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
}
