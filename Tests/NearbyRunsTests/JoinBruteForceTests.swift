import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// The join against brute force on generated runs and places (fixed seeds): every checkpoint
/// against every place, every piece against every place and leg, and the longest gap by a
/// half-metre scan (see JoinSupport).
@Suite("Join: agrees with brute force")
struct JoinBruteForceTests {
    static func catalogue() throws -> BadgeCatalogue {
        try BadgeCatalogue(
            badges: (0...12).map {
                Badge(id: "b\($0)", name: "B\($0)", distance: Double($0) * 400, description: "", image: "")
            })
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func checkpointsMatchBruteForce(seed: UInt64) throws {
        var rng = JoinSupport.Random(state: seed)
        let run = JoinSupport.randomRun(&rng, start: JoinSupport.coordinate(25.0418, 121.5152), segments: 2, fixes: 30)
        let places = JoinSupport.randomPlaces(&rng, around: run, count: 400)
        let checkpoints = Checkpoint.checkpoints(of: run, catalogue: try Self.catalogue())
        try #require(checkpoints.count >= 4)
        let radius = 250.0
        let window = 200.0
        let result = CheckpointJoin(radius: radius, limit: 3, window: window)
            .join(checkpoints, of: run, with: [SpatialIndexLocator(places)])
        let legs = JoinSupport.legs(run)
        var matched = 0
        for (checkpoint, matches) in zip(checkpoints, result) {
            let expected = JoinSupport.nearest(places, to: checkpoint.coordinate, limit: 3, within: radius)
            let got = matches.places[0]
            #expect(got.map(\.index) == expected.map(\.index))
            for (g, e) in zip(got, expected) {
                #expect(abs(g.distance - e.distance) <= 2e-8)  // the locator's contract (PlaceLocator)
                let c = checkpoint.badge.distance
                let reference = try #require(
                    JoinSupport.routeDistance(places[e.index], legs, from: c - window, to: c + window))
                #expect(abs(g.detour - 2 * reference.distance) < 0.01)
                #expect(abs(g.departure.distance - reference.at) < 0.5 || abs(g.detour - 2 * reference.distance) < 1e-6)
                matched += 1
            }
        }
        #expect(matched > 0)
    }

    @Test(arguments: [UInt64(4), 5])
    func piecesAndGapsMatchBruteForce(seed: UInt64) throws {
        var rng = JoinSupport.Random(state: seed)
        let run = JoinSupport.randomRun(&rng, start: JoinSupport.coordinate(25.05, 121.55), segments: 2, fixes: 25)
        let places = JoinSupport.randomPlaces(&rng, around: run, count: 120)
        let legs = JoinSupport.legs(run)
        for reach in [40.0, 90.0] {
            let report = RouteAmenities(unit: 500, reach: reach, spacing: 20)
                .along(run, with: [SpatialIndexLocator(places)])
            for piece in report.pieces {
                var best: (distance: Double, index: Int)?
                for (i, place) in places.enumerated() {
                    guard
                        let r = JoinSupport.routeDistance(place, legs, from: piece.startDistance, to: piece.endDistance)
                    else { continue }
                    if best == nil || (r.distance, i) < (best?.distance ?? 0, best?.index ?? 0) {
                        best = (r.distance, i)
                    }
                }
                let got = try #require(piece.nearest[0])
                #expect(got.index == best?.index)
                #expect(abs(got.distance - (best?.distance ?? -1)) < 0.01)
            }
            let expected = JoinSupport.longestGap(places, run, reach: reach)
            let got = report.combinedGap
            if reach == 40 { #expect(expected != nil) }  // sparse places: some gap must exist
            #expect((got == nil) == (expected == nil))
            if let got, let expected {
                #expect(abs(got.start.distance - expected.0) < 0.01)
                #expect(abs(got.end.distance - expected.1) < 0.01)
            }
        }
    }
}
