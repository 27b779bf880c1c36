import Foundation
import Testing

/// A ride is not a run (issue 23): MoonRunner's badges, medals and running best efforts are for
/// runs on foot; rides are listed with their speed in km/h and earn none; `runs list --activity`
/// filters. And a run that cannot be (issue 22) is bounded: jumps to the antipodes are no
/// distance, and a run stops at its activity's longest distance.
@Suite struct ActivitiesTests {
    let home: URL
    let nearby: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-activities")
        nearby = InProcessRunner(home: home, extra: ["TZ": "UTC"])
    }

    /// 21 fixes on the meridian 121.52° E, 0.009° of latitude (997 m at 25° N) and `seconds`
    /// apart (120 s: about 19.9 km at 8.3 m/s, 30 km/h) from `start`, named `type`; untimed and
    /// zig-zagging between two latitudes when `timed` is false.
    func track(
        _ name: String, type: String?, count: Int = 21, step: Double = 0.009, seconds: Double = 120,
        start: Double = 1_700_000_000, timed: Bool = true
    ) throws -> String {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\"><trk>"
        if let type { text += "<type>\(type)</type>" }
        text += "<trkseg>\n"
        for k in 0..<count {
            let time = timed ? "<time>\(iso(start + seconds * Double(k)))</time>" : ""
            let latitude = timed ? 25 + step * Double(k) : (k % 2 == 0 ? 25 : 25 + step)
            text += "<trkpt lat=\"\(latitude)\" lon=\"121.52\">\(time)</trkpt>\n"
        }
        let path = home.appendingPathComponent(name).path
        try (text + "</trkseg></trk></gpx>\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func iso(_ seconds: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
    }

    func list(_ extra: [String] = []) throws -> [[String: Any]] {
        let result = nearby.run(["runs", "list", "--format", "json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aRideEarnsNoRunningBadgeAndShowsItsSpeed() throws {
        let imported = nearby.run(["runs", "import", try track("ride.gpx", type: "cycling")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains(" km/h); cycling: no running badges, they are for runs on foot\n"))
        #expect(!imported.stdout.contains("badge "))
        let run = try #require(try list().first)
        #expect(run["kind"] as? String == "cycling")
        #expect(run["best_badge"] is NSNull)
        #expect(run["ranked"] as? Bool == false)
        let row = nearby.run(["runs", "list"]).stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(row.contains(" km/h") && !row.contains("/km"), "\(row)")
        let show = nearby.run(["runs", "show", "1"]).stdout
        #expect(show.contains("\nSpeed     ") && show.contains(" km/h\n"))
        #expect(show.contains("Activity  cycling: MoonRunner's badges, medals and best efforts are for runs on foot\n"))
        #expect(!show.contains("Space mode") && !show.contains("Best efforts") && !show.contains("Badge checkpoints"))
        // The track has no <ele>: no elevation figure, not +0 m / −0 m.
        #expect(show.contains("\nElevation –\n"))
        let json = nearby.run(["runs", "show", "1", "--format", "json"]).stdout
        #expect(json.contains("\"elevation_gain_m\": null") && json.contains("\"elevation_loss_m\": null"))
        #expect(show.contains("\nSplits\n  KM  TIME      SPEED\n   1  2:00  29.9 km/h\n"))
        // The picture's legend tells the ride's speeds and the scale's least spread.
        let html = home.appendingPathComponent("ride.html")
        #expect(nearby.run(["runs", "show", "1", "--html", html.path]).status == 0)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("<div class=\"pace-title\">Speed</div>") && page.contains(" km/h · faster"))
        #expect(page.contains("the scale spans at least ±10 % of its middle speed"))
        let badges = nearby.run(["badges"])
        #expect(badges.stderr.contains("0 of 33 badges earned over 0 runs."))
        #expect(
            badges.stderr.contains(
                "Not counted (rides, swims and other activities; the badges are for runs on foot): #1."))
    }

    @Test func theSameTrackAsARunOrUnnamedEarnsBadges() throws {
        let result = nearby.run([
            "runs", "import", try track("run.gpx", type: "running"), try track("plain.gpx", type: nil),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let runs = try list()
        #expect(runs.allSatisfy { $0["best_badge"] is String })
        #expect(Set(runs.compactMap { $0["kind"] as? String }) == ["running", "unknown"])
    }

    @Test func runsListFiltersByActivity() throws {
        let result = nearby.run([
            "runs", "import", try track("ride.gpx", type: "Ride"),
            try track("run.gpx", type: "Run", seconds: 300, start: 1_700_100_000),
            try track("swim.gpx", type: "Swim", step: 0.0009, seconds: 60, start: 1_700_200_000),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try list(["--activity", "cycling"]).compactMap { $0["source"] as? String } == ["ride.gpx"])
        #expect(try list(["--activity", "running"]).compactMap { $0["source"] as? String } == ["run.gpx"])
        #expect(try list(["--activity", "swimming"]).compactMap { $0["source"] as? String } == ["swim.gpx"])
        #expect(try list(["--activity", "hiking"]).isEmpty)
        let none = nearby.run(["runs", "list", "--activity", "hiking"])
        #expect(none.stderr == "No hiking activities among 3 runs.\n")
        let bad = nearby.run(["runs", "list", "--activity", "boating"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("nearby: --activity must be one of running, walking, hiking, cycling, swimming"))
        // A swim's pace is per 100 m: 99.7 m a minute, 1:00 /100 m.
        let swim = nearby.run(["runs", "list", "--activity", "swimming"]).stdout
        #expect(swim.contains(" 1:00 /100 m"))
    }

    /// 61 untimed fixes alternating between 10° N 20° E and its antipode: the jumps are faults,
    /// so the run is 0 m long and has no split.
    @Test func jumpsBetweenAntipodesAreNoDistance() throws {
        var text = "<gpx version=\"1.1\"><trk><trkseg>\n"
        for k in 0...60 {
            text += k % 2 == 0 ? "<trkpt lat=\"10\" lon=\"20\"/>\n" : "<trkpt lat=\"-10\" lon=\"-160\"/>\n"
        }
        let path = home.appendingPathComponent("antipodes.gpx").path
        try (text + "</trkseg></trk></gpx>\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(nearby.run(["runs", "import", path]).status == 0)
        let run = try #require(try list().first)
        #expect(run["distance_m"] as? Double == 0)
        let show = nearby.run(["runs", "show", "1"])
        #expect(show.stdout.contains("Cleaned   30 of 61 fixes dropped (30 spikes,"))
        #expect(!show.stdout.contains("Splits"))
    }

    /// 3,001 untimed fixes zig-zagging 0.89° of latitude (98.5 km a leg at 25° N; 296,000 km in
    /// all) stop at a runner's 1,000 km: 10 legs, 986 splits at most.
    @Test func aRunThatCannotBeStopsAtItsActivitysLimit() throws {
        let path = try track("zigzag.gpx", type: nil, count: 3001, step: 0.89, timed: false)
        let imported = nearby.run(["runs", "import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr
                == "warning: zigzag.gpx goes on past 1000 km, further than an activity can; the 2990 fixes after that "
                + "were left out\n")
        let run = try #require(try list().first)
        let distance = try #require(run["distance_m"] as? Double)
        #expect(distance > 900_000 && distance <= 1_000_000)
        let show = nearby.run(["runs", "show", "1", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(((json["splits"] as? [Any])?.count ?? 0) <= 1000)
        let text = nearby.run(["runs", "show", "1"]).stdout
        #expect(text.contains("2990 after 1000 km, further than one activity goes)"))
        #expect(text.split(separator: "\n").count < 1100)
    }
}
