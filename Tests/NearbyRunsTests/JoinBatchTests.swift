import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// The joins ask a locator in batches: the answers are those of one query at a time (the
/// protocol's default batch), also when a locator's batch returns the wrong number of answers.
@Suite("Join: batches answer as single queries")
struct JoinBatchTests {
    @Test(arguments: [UInt64(7), 8])
    func checkpointsAlongAndCorridorAreTheSingleQueryAnswers(seed: UInt64) throws {
        var rng = JoinSupport.Random(state: seed)
        let run = JoinSupport.randomRun(&rng, start: JoinSupport.coordinate(25.0418, 121.5152), segments: 2, fixes: 30)
        let places = JoinSupport.randomPlaces(&rng, around: run, count: 300)
        let checkpoints = Checkpoint.checkpoints(of: run, catalogue: try JoinBruteForceTests.catalogue())
        try #require(checkpoints.count >= 4)
        let index = SpatialIndexLocator(places)
        let single = Batchless(base: index, broken: false)
        let broken = Batchless(base: index, broken: true)
        let join = CheckpointJoin(radius: 300, limit: 3, window: 200)
        let batched = join.join(checkpoints, of: run, with: [index])
        #expect(batched == join.join(checkpoints, of: run, with: [single]))
        #expect(batched == join.join(checkpoints, of: run, with: [broken]))
        #expect(batched.contains { !$0.isEmpty })
        let along = RouteAmenities(unit: 500, reach: 90, spacing: 20)
        #expect(along.along(run, with: [index]) == along.along(run, with: [single]))
        #expect(along.along(run, with: [index]) == along.along(run, with: [broken]))
        let corridor = RouteCorridor(radius: 150, perFix: 3)
        #expect(corridor.places(near: run, with: [index]) == corridor.places(near: run, with: [single]))
        #expect(corridor.places(near: run, with: [index]) == corridor.places(near: run, with: [broken]))
    }
}

/// A locator with the single-query method only (the default batch), or, when `broken`, a batch
/// that answers nothing at all.
private struct Batchless: PlaceLocator {
    let base: SpatialIndexLocator
    let broken: Bool

    func nearest(to query: Coordinate, limit: Int, within: Double) -> [Neighbor] {
        base.nearest(to: query, limit: limit, within: within)
    }

    func nearest(to queries: [Coordinate], limit: Int, within: Double) -> [[Neighbor]] {
        guard !broken else { return [] }
        return queries.map { nearest(to: $0, limit: limit, within: within) }
    }

    func coordinate(of index: Int) -> Coordinate { base.coordinate(of: index) }
}
