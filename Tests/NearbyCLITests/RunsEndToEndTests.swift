import Foundation
import Testing

/// Runs in process: import, list, show, badges, export, delete, and a broken file.
///
/// Fixtures/meridian-2km.gpx: 21 fixes due north from 25.03,121.52, one every 100 m (GeographicLib
/// Direct, `G.WGS84.Direct(25.03, 121.52, 0, 100*k)`) and every 30 s: 2,000 m in 600 s, 5:00 /km.
/// Fixtures/broken.gpx: the same file cut off inside the third <trkpt>.
@Suite(.serialized) struct RunsEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let run = TestPaths.fixture("meridian-2km.gpx").path
    let broken = TestPaths.fixture("broken.gpx").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-runs")
        nearby = InProcessRunner(home: home, extra: ["LANG": "zh_TW.UTF-8", "TZ": "Asia/Taipei"])
    }

    func json(_ words: [String]) throws -> Any {
        let result = nearby.run(words)
        #expect(result.status == 0, "\(words): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test func importListAndShow() throws {
        let imported = nearby.run(["runs", "import", run])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported #1 meridian-2km.gpx: 2.00 km in 10:00 (5:00 /km), badge The Moon"))
        let again = nearby.run(["runs", "import", run])
        #expect(again.stdout.contains("already imported as #1"))

        let list = try #require(try json(["runs", "list", "--format", "json"]) as? [[String: Any]])
        #expect(list.count == 1)
        #expect(abs((list[0]["distance_m"] as? Double ?? 0) - 2000) < 0.05)
        #expect(list[0]["moving_s"] as? Double == 600)
        #expect(list[0]["name"] as? String == "Morning & meridian")
        #expect(list[0]["start"] as? String == "2025-12-01T00:00:00Z")

        let show = try #require(try json(["runs", "show", "1", "--format", "json"]) as? [String: Any])
        let splits = try #require(show["splits"] as? [[String: Any]])
        #expect(splits.count == 2)
        #expect(splits.allSatisfy { abs(($0["pace_s_per_km"] as? Double ?? 0) - 300) < 1e-6 })
        #expect(show["best_badge"] as? String == "The Moon")
        #expect(show["next_badge"] as? String == "Earth's Magnetotail")
        #expect(abs((show["distance_to_next_badge_m"] as? Double ?? 0) - (2414.016 - 2000)) < 0.05)
        let checkpoints = try #require(show["checkpoints"] as? [[String: Any]])
        let moon = try #require(checkpoints.first { $0["badge"] as? String == "The Moon" })
        // GeographicLib: G.WGS84.Direct(25.03, 121.52, 0, 1609.344) → lat2 25.044528248
        #expect(abs((moon["latitude"] as? Double ?? 0) - 25.044528248) < 1e-7)  // JSON keeps 7 decimals (1 cm)
        #expect(abs((moon["elapsed_s"] as? Double ?? 0) - 1609.344 * 0.3) < 1e-6)
    }

    @Test func textShowUsesTheLocaleUnits() throws {
        _ = nearby.run(["runs", "import", run])
        let metric = nearby.run(["runs", "show", "meridian-2km.gpx"])
        #expect(metric.stdout.contains("5:00 /km"))
        let imperial = nearby.run(["runs", "show", "1", "--units", "imperial"])
        // 300 s/km × 1.609344 = 482.8 s/mi = 8:03 /mi
        #expect(imperial.stdout.contains("8:03 /mi"))
    }

    @Test func brokenFileIsOneSentenceAndLeavesTheStoreUnchanged() throws {
        _ = nearby.run(["runs", "import", run])
        let result = nearby.run(["runs", "import", broken])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.contains("broken.gpx") == true)
        #expect(lines.first?.contains("line") == true)
        let list = try #require(try json(["runs", "list", "--format", "json"]) as? [[String: Any]])
        #expect(list.count == 1)
    }

    @Test func badgesFollowTheRules() throws {
        _ = nearby.run(["runs", "import", run])
        let badges = try #require(try json(["badges", "--format", "json"]) as? [[String: Any]])
        #expect(badges.count == 33)
        let earned = badges.filter { !($0["earned"] is NSNull) }.map { $0["name"] as? String }
        #expect(earned == ["Earth", "Earth's Atmosphere", "The Moon"])
        let magnetotail = try #require(badges.first { $0["name"] as? String == "Earth's Magnetotail" })
        #expect(abs((magnetotail["distance_left_m"] as? Double ?? 0) - 414.016) < 0.05)
    }

    @Test func exportsGeoJSONGPXAndCSV() throws {
        _ = nearby.run(["runs", "import", run])
        let geojson = try #require(try json(["runs", "export", "1", "--format", "geojson"]) as? [String: Any])
        let features = try #require(geojson["features"] as? [[String: Any]])
        #expect(features.count == 20)
        let gpxPath = home.appendingPathComponent("out.gpx").path
        let gpx = nearby.run(["runs", "export", "1", "--format", "gpx", "--output", gpxPath])
        #expect(gpx.status == 0)
        // The exported GPX reads back as the same run (a new file, so a new hash).
        let reimport = nearby.run(["runs", "import", gpxPath])
        #expect(reimport.stdout.contains("2.00 km in 10:00"))
        let csv = nearby.run(["runs", "export", "1", "--format", "csv"])
        #expect(csv.stdout.split(separator: "\r\n").count == 22)
        let delete = nearby.run(["runs", "delete", "1"])
        #expect(delete.status == 0)
        let missing = nearby.run(["runs", "show", "1"])
        #expect(missing.status == 1)
    }
}

extension RunsEndToEndTests {
    /// The picture of a run with the places of a dataset near it: one self-contained file.
    @Test func htmlPictureIsSelfContained() throws {
        _ = nearby.run(["runs", "import", run])
        let page = home.appendingPathComponent("run.html")
        let result = nearby.run([
            "runs", "show", "1", "--html", page.path, "--near", "toilets", "--within", "300m",
            "--from", TestPaths.fixture("mirror").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(html.contains("Earth&#39;s Atmosphere") || html.contains("Earth's Atmosphere"))
        #expect(html.contains("The Moon"))
        // Toilets within 300 m of the route 25.03…25.048 N at 121.52 E: 臺北車站一樓東側 (121.51775,
        // 25.0478) is 227 m west of it; 捷運台大醫院站 (121.5163, 25.041) 373 m: only the first.
        #expect(html.contains("臺北車站一樓東側"))
        #expect(!html.contains("捷運台大醫院站"))
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<link"))
    }
}

extension RunsEndToEndTests {
    /// `--max-speed` overrides the activity's spike limit: the meridian run moves at 3.33 m/s, so
    /// a 3 m/s limit rejects every fix after the first, leaving no distance.
    @Test func maxSpeedOverridesTheSpikeLimit() throws {
        let strict = nearby.run(["runs", "show", run, "--max-speed", "3", "--format", "json"])
        #expect(strict.status == 0, "\(strict.stderr)")
        let show = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any])
        #expect(show["distance_m"] as? Double == 0)
        let usage = nearby.run(["runs", "show", run, "--max-speed", "fast"])
        #expect(usage.status == 2)
    }
}
