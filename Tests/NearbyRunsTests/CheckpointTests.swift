import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

@Suite("Checkpoint: badge distances along a run")
struct CheckpointTests {
    static func catalogue() throws -> BadgeCatalogue {
        let url = AnalysisFixtures.packageRoot.appendingPathComponent("Datasets/badges.json")
        return try BadgeCatalogue(data: try Data(contentsOf: url))
    }

    /// Meridian run, 2500 m at 2.5 m/s: passes Earth (0), Earth's Atmosphere (804.672),
    /// The Moon (1609.344) and Earth's Magnetotail (2414.016).
    /// Expected latitudes: `echo 25.0 121.5 0 804.672 | GeodSolve -p 12` → 25.007264156738739,
    /// 1609.344 → 25.01452830638308, 2414.016 → 25.021792448931535 (GeographicLib Direct).
    @Test func meridianCheckpoints() throws {
        let times: [Double?] = (0...10).map { Double($0) * 100 }
        let run = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: times))
        let points = Checkpoint.checkpoints(of: run, catalogue: try Self.catalogue())
        try #require(points.map(\.badge.name) == ["Earth", "Earth's Atmosphere", "The Moon", "Earth's Magnetotail"])
        let latitudes = [25.0, 25.00726415673874, 25.01452830638308, 25.021792448931535]
        for (checkpoint, lat) in zip(points, latitudes) {
            #expect(abs(checkpoint.coordinate.latitude - lat) < 1e-9)
            #expect(abs(checkpoint.coordinate.longitude - 121.5) < 1e-9)
            #expect(abs((checkpoint.elapsedTime ?? -1) - checkpoint.badge.distance / 2.5) < 1e-6)
        }
        #expect(points[0].paceSincePrevious == nil)
        for checkpoint in points.dropFirst() {
            #expect(abs((checkpoint.paceSincePrevious ?? 0) - 400) < 1e-6)
        }
    }

    /// A run along one geodesic at azimuth 60° from (25.03, 121.56), fixes every 300 m:
    /// python3 -c "from geographiclib.geodesic import Geodesic as G; d=G.WGS84.Direct(25.03,121.56,60,300*k)"
    /// (or `echo 25.03 121.56 60 300 | GeodSolve -p 12`). Checkpoints must land on the same
    /// geodesic: Direct(25.03,121.56,60,804.672) = 25.033631904212342, 121.56690495924293;
    /// Direct(...,1609.344) = 25.037263485821732, 121.57381032505828.
    /// Speeds change per leg (legs of 300 m take 100, 150, 100, 150, … s) so times interpolate.
    @Test func diagonalCheckpointsLieOnTheGeodesic() throws {
        let fixes: [(Double, Double)] = [
            (25.03, 121.56), (25.03135409410224, 121.56257427812419), (25.032708143369945, 121.56514861275582),
            (25.03406214779942, 121.56772300389777), (25.03541610738694, 121.57029745155286),
            (25.036770022128803, 121.572871955724), (25.038123892021293, 121.57544651641402),
            (25.039477717060702, 121.57802113362577),
        ]
        var t = 0.0
        var points: [TrackPoint] = []
        for (k, f) in fixes.enumerated() {
            if k > 0 { t += k % 2 == 1 ? 100 : 150 }
            points.append(TrackPoint(latitude: f.0, longitude: f.1, time: t))
        }
        let run = AnalysisFixtures.clean(Track(segments: [TrackSegment(points: points)]))
        #expect(abs(run.distance - 2100) < 1e-6)
        let cps = Checkpoint.checkpoints(of: run, catalogue: try Self.catalogue())
        try #require(cps.count == 3)
        #expect(abs(cps[1].coordinate.latitude - 25.033631904212342) < 1e-9)
        #expect(abs(cps[1].coordinate.longitude - 121.56690495924293) < 1e-9)
        #expect(abs(cps[2].coordinate.latitude - 25.037263485821732) < 1e-9)
        #expect(abs(cps[2].coordinate.longitude - 121.57381032505828) < 1e-9)
        // Times (hand-computed): fixes at 0, 100, 250, 350, 500, 600, 750, 850 s.
        // 804.672 m is on leg 600→900 m (100 s): 250 + 204.672/300·100 = 318.224 s.
        // 1609.344 m is on leg 1500→1800 m (150 s): 600 + 109.344/300·150 = 654.672 s.
        #expect(abs((cps[1].elapsedTime ?? 0) - 318.224) < 1e-6)
        #expect(abs((cps[2].elapsedTime ?? 0) - 654.672) < 1e-6)
        // Pace since the previous checkpoint: 318.224 / 0.804672 km, then 336.448 / 0.804672 km.
        #expect(abs((cps[1].paceSincePrevious ?? 0) - 318.224 / 0.804672) < 1e-6)
        #expect(abs((cps[2].paceSincePrevious ?? 0) - 336.448 / 0.804672) < 1e-6)
    }

    /// A pause between segments adds time but no distance: 0→1000 m over 0…400 s, stand still
    /// until 1000 s, then 1000→2000 m over 1000…1400 s. The Moon (1609.344 m) is 609.344 m into
    /// the second half: 1000 + 609.344 / 2.5 = 1243.7376 s.
    @Test func pausesCountInElapsedTime() throws {
        let lat = AnalysisFixtures.meridianLatitudes
        let a = (0...4).map { TrackPoint(latitude: lat[$0], longitude: 121.5, time: Double($0) * 100) }
        let b = (4...8).map { TrackPoint(latitude: lat[$0], longitude: 121.5, time: 600 + Double($0) * 100) }
        let run = AnalysisFixtures.clean(Track(segments: [TrackSegment(points: a), TrackSegment(points: b)]))
        let cps = Checkpoint.checkpoints(of: run, catalogue: try Self.catalogue())
        try #require(cps.map(\.badge.name) == ["Earth", "Earth's Atmosphere", "The Moon"])
        #expect(abs((cps[1].elapsedTime ?? 0) - 321.8688) < 1e-6)
        #expect(abs((cps[2].elapsedTime ?? 0) - 1243.7376) < 1e-6)
        #expect(abs(cps[2].coordinate.latitude - 25.01452830638308) < 1e-9)
    }

    @Test func aRunEndingExactlyOnABadgeDistanceDoesNotPassIt() throws {
        // 804.672 m exactly is not "more than" the Atmosphere's distance, so only Earth.
        let start = try #require(Coordinate(latitude: 25.0, longitude: 121.5))
        let end = try #require(Coordinate(latitude: 25.00726415673874, longitude: 121.5))
        let run = CleanedRun(
            segments: [
                CleanedSegment(points: [
                    CleanedPoint(coordinate: start, time: 0, distance: 0),
                    CleanedPoint(coordinate: end, time: 300, distance: 804.672),
                ])
            ], activity: .running)
        let cps = Checkpoint.checkpoints(of: run, catalogue: try Self.catalogue())
        #expect(cps.map(\.badge.name) == ["Earth"])
        #expect(
            Checkpoint.checkpoints(of: CleanedRun(segments: [], activity: .running), catalogue: try Self.catalogue())
                .isEmpty)
    }
}
