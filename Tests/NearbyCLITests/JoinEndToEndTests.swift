import Foundation
import Testing

/// `checkpoints` and `along` in process: the meridian run (Fixtures/meridian-2km.gpx,
/// 2,000 m due north from 25.03,121.52) against our toilets fixture (Fixtures/mirror/toilets.csv).
/// Expected values from GeographicLib (python3, `Geodesic.WGS84.Inverse` from the checkpoint
/// `Direct(25.03, 121.52, 0, d)` to each toilet; route distances by sampling the route every
/// 0.1 m with `Geodesic.WGS84.Line(25.03, 121.52, 0).Position(s)`).
@Suite(.serialized) struct JoinEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let run = TestPaths.fixture("meridian-2km.gpx").path
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-join")
        nearby = InProcessRunner(home: home)
    }

    @Test func checkpointsNearToilets() throws {
        let result = nearby.run([
            "checkpoints", run, "--near", "toilets", "--within", "600m", "--format", "json", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["badge"] as? String } == ["Earth's Atmosphere", "The Moon"])
        let atmosphere = try #require((items[0]["near"] as? [String: Any])?["toilets"] as? [[String: Any]])
        #expect(atmosphere.map { $0["id"] as? String } == ["3"])
        #expect(abs((atmosphere[0]["distance_m"] as? Double ?? 0) - 557.391) < 0.01)
        #expect(abs((atmosphere[0]["bearing_deg"] as? Double ?? 0) - 317.94) < 0.06)
        let moon = try #require((items[1]["near"] as? [String: Any])?["toilets"] as? [[String: Any]])
        #expect(moon.map { $0["id"] as? String } == ["1", "2", "3"])
        #expect(abs((moon[0]["distance_m"] as? Double ?? 0) - 427.673) < 0.01)
        #expect(abs((moon[1]["distance_m"] as? Double ?? 0) - 531.228) < 0.01)
        // Toilet 1 is 227.05 m from the route at 1,971.8 m, inside the ±600 m window: out and back.
        #expect(abs((moon[0]["detour_m"] as? Double ?? 0) - 2 * 227.0498) < 0.05)
    }

    @Test func checkpointWithNothingNearSaysSo() throws {
        let result = nearby.run(["checkpoints", run, "--near", "toilets", "--within", "100m", "--from", mirror])
        #expect(result.status == 0)
        #expect(result.stdout.contains("nothing within 100 m"))
    }

    @Test func alongTheRoute() throws {
        let result = nearby.run([
            "along", run, "--near", "toilets", "--within", "300m", "--format", "json", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let pieces = try #require(report["pieces"] as? [[String: Any]])
        #expect(pieces.count == 2)
        let first = try #require((pieces[0]["nearest"] as? [String: Any])?["toilets"] as? [String: Any])
        #expect(first["id"] as? String == "3")
        #expect(abs((first["distance_m"] as? Double ?? 0) - 432.630) < 0.01)
        let second = try #require((pieces[1]["nearest"] as? [String: Any])?["toilets"] as? [String: Any])
        #expect(second["id"] as? String == "1")
        #expect(abs((second["distance_m"] as? Double ?? 0) - 227.050) < 0.01)
        let gap = try #require((report["longest_gaps"] as? [String: Any])?["toilets"] as? [String: Any])
        #expect(abs((gap["start_m"] as? Double ?? -1) - 0) < 0.01)
        #expect(abs((gap["end_m"] as? Double ?? 0) - 1775.7) < 0.1)
    }

    @Test func joinNeedsDatasets() throws {
        let result = nearby.run(["checkpoints", run])
        #expect(result.status == 2)
    }
}
