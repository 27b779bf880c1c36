import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// Along-route answers on the meridian route of JoinCheckpointTests (same oracle points).
/// More GeographicLib values (python geographiclib):
///   Inverse(Direct(25,121.5,0,2000), P1).s12 = 1004.9875620715478
///   Points of the meridian exactly 150 m from P1 (bisection on d of
///   Inverse(Direct(25,121.5,0,d), P1).s12 − 150): d = 888.1966011204258 and 1111.803398878414.
@Suite("Join: places along the route")
struct JoinAlongTests {
    let p1 = JoinCheckpointTests.p1
    let p3 = JoinCheckpointTests.p3

    @Test func nearestPlacePerKilometre() throws {
        let run = JoinCheckpointTests.meridianRun()
        let report = RouteAmenities(unit: 1000, reach: 150).along(run, with: [SpatialIndexLocator([p3, p1])])
        try #require(report.pieces.count == 3)
        #expect(report.pieces.map(\.startDistance) == [0, 1000, 2000])
        #expect(zip(report.pieces.map(\.endDistance), [1000.0, 2000, 2500]).allSatisfy { abs($0 - $1) < 1e-6 })
        // Kilometres 1 and 2 both touch d = 1000, where P1 is 100 m off the route.
        for piece in report.pieces.prefix(2) {
            let near = try #require(piece.nearest[0])
            #expect(near.index == 1)
            #expect(abs(near.distance - 100) < 0.01)
            #expect(abs(near.closest.distance - 1000) < 0.01)
        }
        // The last half kilometre: P3 (300 m past the end) beats P1 (1004.99 m from d = 2000).
        let last = try #require(report.pieces[2].nearest[0])
        #expect(last.index == 0)
        #expect(abs(last.distance - 300) < 0.01)
        #expect(abs(last.closest.distance - 2500) < 0.01)
        // Without P3 the last piece's nearest is P1 from its start.
        let alone = RouteAmenities(unit: 1000, reach: 150).along(run, with: [SpatialIndexLocator([p1])])
        #expect(abs((alone.pieces[2].nearest[0]?.distance ?? 0) - 1004.9875620715478) < 0.01)
    }

    @Test func longestGapEndsWherePlacesComeWithinReach() throws {
        let run = JoinCheckpointTests.meridianRun()
        let report = RouteAmenities(unit: 1000, reach: 150).along(run, with: [SpatialIndexLocator([p3, p1])])
        // P1 covers [888.197, 1111.803]; P3 is 300 m away, covering nothing. The longer of
        // [0, 888.197] and [1111.803, 2500] is the second.
        let gap = try #require(report.gaps.first ?? nil)
        #expect(abs(gap.start.distance - 1111.803398878414) < 0.01)
        #expect(abs(gap.end.distance - 2500) < 1e-6)
        #expect(abs(gap.end.coordinate.latitude - 25.022568665446055) < 1e-9)
        #expect(report.combinedGap == gap)
        // Reach 400: P1 covers 1000 ± 387.298 m (√(400² − 100²); the plane agrees with the
        // ellipsoid to 1e-8 m at this size, as the 150 m case above shows) and P3 covers
        // d ≥ 2400 (2800 − d ≤ 400 along the meridian), so [1387.298, 2400] beats [0, 612.702].
        let wide = RouteAmenities(unit: 1000, reach: 400).along(run, with: [SpatialIndexLocator([p3, p1])])
        let open = try #require(wide.combinedGap)
        #expect(abs(open.start.distance - (1000 + (400.0 * 400 - 100 * 100).squareRoot())) < 0.01)
        #expect(abs(open.end.distance - 2400) < 0.01)
    }

    @Test func twoDatasetsHaveTheirOwnGapsAndACombinedOne() throws {
        let run = JoinCheckpointTests.meridianRun()
        let report = RouteAmenities(unit: 1000, reach: 150).along(
            run, with: [SpatialIndexLocator([p1]), SpatialIndexLocator([])])
        #expect(report.pieces.allSatisfy { $0.nearest.count == 2 && $0.nearest[1] == nil })
        // The empty dataset covers nothing: its gap is the whole run.
        let whole = try #require(report.gaps[1])
        #expect(whole.start.distance == 0 && abs(whole.end.distance - 2500) < 1e-6)
        #expect(abs((report.combinedGap?.start.distance ?? 0) - 1111.803398878414) < 0.01)
    }

    @Test func aGapRunsOnAcrossTheJumpBetweenSegments() throws {
        // Two segments: fixes 0–4 (0…1000 m) and 6–10 (the jump from 1000 to 1500 m has no length).
        let lat = AnalysisFixtures.meridianLatitudes
        let run = JoinSupport.run([
            (0...4).map { JoinSupport.coordinate(lat[$0], 121.5) },
            (6...10).map { JoinSupport.coordinate(lat[$0], 121.5) },
        ])
        #expect(abs(run.distance - 2000) < 1e-6)
        let report = RouteAmenities(unit: 1000, reach: 150).along(run, with: [SpatialIndexLocator([p1])])
        // P1 covers route distance [888.197, 1000] only (the second segment starts 500 m
        // further north): the gap starts at 1000 on the second segment's first fix and runs
        // to the end, 1000 m; [0, 888.197] is shorter.
        let gap = try #require(report.combinedGap)
        #expect(abs(gap.start.distance - 1000) < 1e-6)
        #expect(abs(gap.start.coordinate.latitude - lat[6]) < 1e-9)
        #expect(abs(gap.end.distance - 2000) < 1e-6)
    }

    @Test func emptyRunHasNoPieces() {
        let report = RouteAmenities(reach: 100).along(
            CleanedRun(segments: [], activity: .running), with: [SpatialIndexLocator([p1])])
        #expect(report.pieces.isEmpty)
        #expect(report.combinedGap == nil)
    }
}
