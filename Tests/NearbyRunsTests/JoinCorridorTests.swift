import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// ``RouteCorridor`` (the places a run's picture draws) against brute force: for every fix, the
/// five places nearest to it within the radius by (geodesic distance, index), every place once.
@Suite("Join: the places near a route agree with brute force")
struct JoinCorridorTests {
    static func bruteForce(_ places: [Coordinate], _ run: CleanedRun, radius: Double, perFix: Int) -> [Int] {
        var numbers = Set<Int>()
        for fix in run.points {
            for neighbour in JoinSupport.nearest(places, to: fix.coordinate, limit: perFix, within: radius) {
                numbers.insert(neighbour.index)
            }
        }
        return numbers.sorted()
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func placesNearTheFixesMatchBruteForce(seed: UInt64) throws {
        var rng = JoinSupport.Random(state: seed)
        let run = JoinSupport.randomRun(&rng, start: JoinSupport.coordinate(25.0418, 121.5152), segments: 2, fixes: 30)
        let places = JoinSupport.randomPlaces(&rng, around: run, count: 400)
        let sparse = JoinSupport.randomPlaces(&rng, around: run, count: 20)
        for radius in [50.0, 200.0, 1000.0] {
            let got = RouteCorridor(radius: radius).places(
                near: run, with: [SpatialIndexLocator(places), SpatialIndexLocator(sparse)])
            #expect(got.count == 2)
            #expect(got[0] == Self.bruteForce(places, run, radius: radius, perFix: 5))
            #expect(got[1] == Self.bruteForce(sparse, run, radius: radius, perFix: 5))
        }
        // The five-per-fix rule binds on the dense set at 1 km: some place within reach is left out.
        let everything = Self.bruteForce(places, run, radius: 1000, perFix: places.count)
        #expect(
            RouteCorridor(radius: 1000).places(near: run, with: [SpatialIndexLocator(places)])[0].count
                < everything.count)
    }

    @Test func edgeValues() {
        let run = JoinSupport.run([[JoinSupport.coordinate(25.03, 121.52), JoinSupport.coordinate(25.031, 121.52)]])
        let places = SpatialIndexLocator([
            JoinSupport.coordinate(25.03, 121.52), JoinSupport.coordinate(25.0305, 121.5201),
        ])
        #expect(RouteCorridor(radius: 0).places(near: run, with: [places]) == [[0]])
        #expect(RouteCorridor(radius: .nan).places(near: run, with: [places]) == [[0]])
        #expect(RouteCorridor(radius: 100, perFix: 0).places(near: run, with: [places]) == [[]])
        #expect(RouteCorridor(radius: 100, perFix: -3).places(near: run, with: [places]) == [[]])
        #expect(
            RouteCorridor(radius: 100).places(near: run, with: [places, SpatialIndexLocator([])]) == [[0, 1], []])
    }
}
