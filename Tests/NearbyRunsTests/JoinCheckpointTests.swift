import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// Hand-built routes with known answers. The route runs north along the meridian 121.5° E from
/// 25.0° N, fixes 250 m apart (AnalysisFixtures.meridianLatitudes), 2500 m long; route distance d
/// is the point Direct(25, 121.5, 0, d). Oracle values from GeographicLib (python geographiclib
/// 2.x, same as GeodSolve):
///   P1 = Direct(Direct(25,121.5,0,1000), 90, 100) = 25.00902747109729, 121.50099066091121
///     `echo 25.00902747439668 121.5 90 100 | GeodSolve -p 12`
///   P3 = Direct(Direct(25,121.5,0,2500), 0, 300) = 25.025276900696632, 121.5
///   Inverse(Direct(25,121.5,0,804.672), P1): s12 = 219.43798117186665, azi1 = 27.110602021298998
///   Inverse(Direct(25,121.5,0,904.672), P1): s12 = 138.15725671638478
/// P1 leaves the meridian at a right angle, so its nearest route point is d = 1000 at 100 m.
@Suite("Join: checkpoints near places")
struct JoinCheckpointTests {
    static let p1 = JoinSupport.coordinate(25.00902747109729, 121.50099066091121)
    static let p3 = JoinSupport.coordinate(25.025276900696632, 121.5)

    static func meridianRun() -> CleanedRun {
        JoinSupport.run([AnalysisFixtures.meridianLatitudes.map { JoinSupport.coordinate($0, 121.5) }])
    }

    static func checkpoints(_ run: CleanedRun) throws -> [Checkpoint] {
        let url = AnalysisFixtures.packageRoot.appendingPathComponent("Datasets/badges.json")
        return Checkpoint.checkpoints(of: run, catalogue: try BadgeCatalogue(data: try Data(contentsOf: url)))
    }

    @Test func placeEastOfTheRouteNearTheAtmosphereCheckpoint() throws {
        let run = Self.meridianRun()
        let cps = try Self.checkpoints(run)
        try #require(cps.map(\.badge.distance) == [0, 804.672, 1609.344, 2414.016])
        let places = SpatialIndexLocator([Self.p3, Self.p1])
        let result = CheckpointJoin(radius: 300).join(cps, of: run, with: [places])
        try #require(result.count == 4)
        // Earth (0 m) is 1000+ m from P1 and 2800 m from P3: nothing near.
        #expect(result[0].isEmpty)
        let near = try #require(result[1].places.first?.first)
        #expect(result[1].places[0].count == 1)
        #expect(near.index == 1)
        #expect(abs(near.distance - 219.43798117186665) < 1e-6)
        #expect(abs(near.bearing - 27.110602021298998) < 1e-9)
        // Window ±300 m holds d = 1000: leave there, 100 m out and back.
        #expect(abs(near.detour - 200) < 0.01)
        #expect(abs(near.departure.distance - 1000) < 0.01)
        #expect(abs(near.departure.coordinate.latitude - 25.00902747439668) < 1e-7)
        #expect(result[1].routeDistance == 804.672)
        // The Moon (1609.344) is about 617 m from P1 and 1190.656 m from P3; the Magnetotail (2414.016)
        // is 385.98 m from P3 (85.984 + 300 along the meridian): both outside 300 m.
        #expect(result[2].isEmpty)
        #expect(result[3].isEmpty)
    }

    @Test func aNarrowWindowLeavesFromItsEdge() throws {
        let run = Self.meridianRun()
        let cps = try Self.checkpoints(run)
        let result = CheckpointJoin(radius: 300, window: 100).join(cps, of: run, with: [SpatialIndexLocator([Self.p1])])
        let near = try #require(result[1].places.first?.first)
        // Window [704.672, 904.672]: the nearest point to P1 is its upper end.
        #expect(abs(near.detour - 2 * 138.15725671638478) < 0.01)
        #expect(abs(near.departure.distance - 904.672) < 0.01)
        // A window of 0 leaves from the checkpoint itself.
        let zero = CheckpointJoin(radius: 300, window: 0).join(cps, of: run, with: [SpatialIndexLocator([Self.p1])])
        #expect(abs((zero[1].places[0].first?.detour ?? 0) - 2 * 219.43798117186665) < 1e-6)
    }

    @Test func aPlaceExactlyAtTheRadiusIsIncludedAndJustBeyondIsNot() throws {
        let run = Self.meridianRun()
        let cps = try Self.checkpoints(run)
        let exact = Geodesic.wgs84.distance(cps[1].coordinate, Self.p1)
        let at = CheckpointJoin(radius: exact).join(cps, of: run, with: [SpatialIndexLocator([Self.p1])])
        #expect(at[1].places[0].map(\.index) == [0])
        let below = CheckpointJoin(radius: exact.nextDown).join(cps, of: run, with: [SpatialIndexLocator([Self.p1])])
        #expect(below[1].isEmpty)
    }

    @Test func limitsKeepTheNearestInIndexOrderForTies() throws {
        let run = Self.meridianRun()
        let cps = try Self.checkpoints(run)
        // Three copies of P1 and P3: the limit keeps the two lowest indices of the tie.
        let places = SpatialIndexLocator([Self.p1, Self.p3, Self.p1, Self.p1])
        let result = CheckpointJoin(radius: 300, limit: 2).join(cps, of: run, with: [places])
        #expect(result[1].places[0].map(\.index) == [0, 2])
        #expect(CheckpointJoin(radius: 300, limit: 0).join(cps, of: run, with: [places])[1].isEmpty)
    }

    @Test func emptyDatasetsAndNoCheckpoints() throws {
        let run = Self.meridianRun()
        let cps = try Self.checkpoints(run)
        let empty = SpatialIndexLocator([])
        let result = CheckpointJoin(radius: 5000).join(cps, of: run, with: [empty, SpatialIndexLocator([Self.p1])])
        #expect(result.count == 4)
        #expect(result.allSatisfy { $0.places.count == 2 && $0.places[0].isEmpty && !$0.places[1].isEmpty })
        #expect(CheckpointJoin(radius: 300).join([], of: run, with: [empty]).isEmpty)
        let none = CheckpointJoin(radius: 300).join(cps, of: run, with: [SpatialIndexLocator]())
        #expect(none.count == 4 && none.allSatisfy { $0.places.isEmpty && $0.isEmpty })
    }
}
