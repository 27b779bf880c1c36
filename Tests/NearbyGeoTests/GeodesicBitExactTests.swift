import Foundation
import Testing

@testable import NearbyGeo

/// Geodesic.wgs84 against GeographicLib's Python package (2.1 on CPython 3.11), bit for bit: the
/// port performs the same floating-point operations in the same order (math.hypot included, see
/// GeoMathHypot.swift). Oracle values: Fixtures/geodesic_bitexact.txt, written by
/// `python3 make_bitexact_fixture.py` (in Fixtures/) with repr() of every double.
@Suite struct GeodesicBitExactTests {
    @Test func distancesAreBitIdenticalToPythonGeographicLib() throws {
        let rows = try FixtureFile.rows("geodesic_bitexact.txt")
        #expect(rows.count > 20_000)
        var differing = 0, azimuthsIdentical = 0, worstAzimuthGap = 0.0
        for row in rows {
            try #require(row.count == 7)
            let a = try #require(Coordinate(latitude: row[0], longitude: row[1]))
            let b = try #require(Coordinate(latitude: row[2], longitude: row[3]))
            let r = Geodesic.wgs84.solveInverse(a.latitude, a.longitude, b.latitude, b.longitude)
            if r.s12.bitPattern != row[4].bitPattern {
                differing += 1
                if differing <= 10 { Issue.record("\(row): s12 \(r.s12) vs Python \(row[4])") }
            }
            #expect(Geodesic.wgs84.distance(a, b).bitPattern == r.s12.bitPattern)
            let azi1 = GeoMath.atan2d(r.salp1, r.calp1), azi2 = GeoMath.atan2d(r.salp2, r.calp2)
            if azi1.bitPattern == row[5].bitPattern && azi2.bitPattern == row[6].bitPattern {
                azimuthsIdentical += 1
            }
            worstAzimuthGap = max(
                worstAzimuthGap, FixtureFile.angleGap(azi1, row[5]), FixtureFile.angleGap(azi2, row[6]))
        }
        #expect(differing == 0, "\(differing) of \(rows.count) distances differ from Python")
        // Azimuths go through the same atan2d, so they are expected identical as well; a gap
        // would show as a count below the number of rows.
        #expect(azimuthsIdentical == rows.count, "azimuths identical: \(azimuthsIdentical)")
        #expect(worstAzimuthGap <= 1e-9, "worst azimuth gap \(worstAzimuthGap)°")
    }
}
