import Foundation
import NearbyTestSupport
import Testing

/// Issue 10: a recording without positions (an indoor ride, a treadmill run, a TCX without
/// `<Position>`) imports as a run without a route, and every command answers it sensibly. Figures
/// by hand from ``IndoorFixtures``: 241 records one second apart from 2021-09-08T01:46:45Z
/// (240 s = 4:00 first to last record), device 240.5 s elapsed (4:01 rounded; the elapsed time
/// shown since issue 23) and 238.25 s timer (3:58).
@Suite struct IndoorRunTests {
    let home: URL
    let runner: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-indoor")
        runner = InProcessRunner(home: home, extra: ["TZ": "UTC"])
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = home.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func json(_ words: [String]) throws -> Any {
        let result = runner.run(words + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Imports the default indoor ride as run #1.
    func importRide() throws -> InProcessRunner.Result {
        let result = runner.run(["runs", "import", try write("indoor.fit", IndoorFixtures.indoorRide())])
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test func anIndoorRideImportsWithItsElapsedTimeAndNoMadeUpDistance() throws {
        let imported = try importRide()
        #expect(
            imported.stdout
                == "imported #1 indoor.fit: indoor, no route: 4:01 elapsed, distance unknown; cycling: no running "
                + "badges, they are for runs on foot\n")
        let runs = try #require(try json(["runs", "list"]) as? [[String: Any]])
        let run = try #require(runs.first)
        #expect(runs.count == 1)
        #expect(run["start"] as? String == "2021-09-08T01:46:45Z")
        #expect(run["elapsed_s"] as? Double == 241)  // 240.5, rounded
        #expect(run["distance_m"] is NSNull && run["moving_s"] is NSNull && run["best_badge"] is NSNull)
        #expect(run["activity"] as? String == "cycling")
        #expect(run["points"] as? Int == 0)
        #expect(run["ranked"] as? Bool == false)
        let table = runner.run(["runs", "list"])
        let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix(" 1 ") })
        #expect(row.contains("indoor.fit") && row.contains(" – ") && row.contains("4:01") && !row.contains("0 m"))
        // No row has a pace to star, so the footnote about starred rows has nothing to explain.
        #expect(!row.contains("*") && !table.stderr.contains("not ranked for medals"))
        let csv = runner.run(["runs", "list", "--format", "csv"])
        #expect(
            csv.stdout.components(separatedBy: "\r\n").dropFirst().first == "1,2021-09-08T01:46:45Z,indoor.fit,,,241,–")
    }

    @Test func showSaysIndoorNoRouteWithTheDevicesTotals() throws {
        _ = try importRide()
        let text = runner.run(["runs", "show", "1"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Date      2021-09-08 01:46"))
        #expect(lines.contains("Route     indoor, no route (cycling)"))
        #expect(lines.contains("Distance  unknown (no route, no device distance)"))
        #expect(lines.contains("Time      4:01 elapsed (first to last record: 4:00)"))
        #expect(lines.contains("Device    3:58 timer"))
        #expect(
            !text.stdout.contains("Splits") && !text.stdout.contains("Pace") && !text.stdout.contains("checkpoints"))
        let show = try #require(try json(["runs", "show", "1"]) as? [String: Any])
        #expect(show["route"] as? Bool == false)
        #expect(show["activity"] as? String == "cycling")
        #expect(show["distance_m"] is NSNull && show["moving_s"] is NSNull)
        #expect(show["elapsed_s"] as? Double == 240.5)
        #expect(show["fix_elapsed_s"] as? Double == 240)
        #expect(show["device_timer_s"] as? Double == 238.25)
        #expect(show["device_elapsed_s"] as? Double == 240.5)
        #expect((show["splits"] as? [Any])?.isEmpty == true)
        #expect((show["checkpoints"] as? [Any])?.isEmpty == true)
        // The file itself, without importing, says the same.
        let file = runner.run(["runs", "show", home.appendingPathComponent("indoor.fit").path])
        #expect(file.stdout.contains("Route     indoor, no route (cycling)\n"))
        #expect(file.stdout.contains("Time      4:01 elapsed (first to last record: 4:00)\n"))
        #expect(file.stdout.contains("Device    3:58 timer\n"))
    }

    @Test func commandsThatNeedARouteSayOneSentence() throws {
        _ = try importRide()
        let html = home.appendingPathComponent("ride.html").path
        let cases: [([String], String)] = [
            (["runs", "show", "1", "--html", html], "draw ('nearby runs show' gives its figures)"),
            (["checkpoints", "1", "--near", "toilets"], "join with places"),
            (["along", "1", "--near", "toilets"], "join with places"),
            (["runs", "export", "1", "--format", "gpx"], "export"),
            (["runs", "export", "1", "--format", "csv"], "export"),
            (["runs", "export", "1", "--format", "geojson"], "export"),
        ]
        for (words, purpose) in cases {
            let result = runner.run(words)
            #expect(result.status == 1, "\(words)")
            #expect(
                result.stderr
                    == "nearby: #1 indoor.fit has no route (indoor, or recorded without GPS); there is nothing to \(purpose).\n",
                "\(words)")
            #expect(result.stdout.isEmpty, "\(words)")
        }
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    /// A treadmill run without a distance (a run on foot, so it takes part in the badges).
    @Test func anUnknownDistanceEarnsNoBadge() throws {
        let bytes = IndoorFixtures.indoorRide(sport: 1, subSport: 1)
        #expect(runner.run(["runs", "import", try write("treadmill.fit", bytes)]).status == 0)
        let badges = runner.run(["badges"])
        #expect(badges.status == 0, "\(badges.stderr)")
        #expect(badges.stderr.contains("0 of 33 badges earned over 1 run."))
        let awards = try #require(try json(["badges"]) as? [[String: Any]])
        #expect(awards.allSatisfy { $0["earned"] is NSNull })
    }

    @Test func aTreadmillRunShowsTheDevicesDistance() throws {
        // 2.5 m a record over 240 steps: 600 m, which passes Earth (0 m) only.
        let bytes = IndoorFixtures.indoorRide(distancePerRecordCm: 250, sport: 1, subSport: 1)
        let imported = runner.run(["runs", "import", try write("treadmill.fit", bytes)])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.hasPrefix(
                "imported #1 treadmill.fit: indoor, no route: 4:01 elapsed, 0.60 km by the device, badge Earth;"))
        let run = try #require((try json(["runs", "list"]) as? [[String: Any]])?.first)
        #expect(run["distance_m"] as? Double == 600)
        #expect(run["activity"] as? String == "running")
        let show = runner.run(["runs", "show", "1"])
        #expect(show.stdout.contains("Distance  0.60 km (the device's)\n"))
        #expect(show.stdout.contains("Device    0.60 km, 3:58 timer\n"))
    }

    @Test func aTCXWithoutPositionsImportsToo() throws {
        let imported = runner.run(["runs", "import", try write("treadmill.tcx", Array(IndoorFixtures.tcx().utf8))])
        #expect(imported.status == 0, "\(imported.stderr)")
        // 11 trackpoints 30 s apart, 75 m apart: 300 s (5:00) and 750 m.
        #expect(
            imported.stdout.hasPrefix(
                "imported #1 treadmill.tcx: indoor, no route: 5:00 elapsed, 0.75 km by the device, badge Earth;"))
        let run = try #require((try json(["runs", "list"]) as? [[String: Any]])?.first)
        #expect(run["elapsed_s"] as? Double == 300 && run["distance_m"] as? Double == 750)
        #expect(run["start"] as? String == "2021-09-08T01:46:45Z")
    }

    @Test func oneStrayFixDoesNotMakeARoute() throws {
        let bytes = IndoorFixtures.indoorRide(positioned: 1)
        let imported = runner.run(["runs", "import", try write("stray.fit", bytes)])
        #expect(imported.status == 0, "\(imported.stderr)")
        let run = try #require((try json(["runs", "list"]) as? [[String: Any]])?.first)
        #expect(run["points"] as? Int == 1 && run["elapsed_s"] as? Double == 241 && run["distance_m"] is NSNull)
        // Read back from the store, it is still a run without a route.
        let show = runner.run(["runs", "show", "1"])
        #expect(show.stdout.contains("Route     indoor, no route (cycling)\n"))
        #expect(show.stdout.contains("Time      4:01 elapsed (first to last record: 4:00)\n"))
        #expect(runner.run(["runs", "export", "1", "--format", "gpx"]).status == 1)
    }

    @Test func aFileWithNeitherPositionsNorTimeIsStillRefused() throws {
        let result = runner.run(["runs", "import", try write("one.fit", IndoorFixtures.indoorRide(records: 1))])
        #expect(result.status == 1)
        #expect(result.stderr.contains("nearby: one.fit has no route and no timed records; nothing was imported\n"))
        #expect((try json(["runs", "list"]) as? [Any])?.isEmpty == true)
    }

    /// ORACLE.md: `fitparse__sample-activity-indoor-trainer.fit` — import as an indoor ride with no
    /// route, 2,263 s from first to last record (2011-11-02T12:54:19Z → 13:32:02Z), cycling; its
    /// elapsed time is the session's 2,261.85 s (issue 23).
    @Test(.enabled(if: ImportFixtures.sharedFit != nil)) func theRealIndoorTrainerFile() throws {
        let folder = try #require(ImportFixtures.sharedFit)
        let path = folder.appendingPathComponent("fitparse__sample-activity-indoor-trainer.fit").path
        let imported = runner.run(["runs", "import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let run = try #require((try json(["runs", "list"]) as? [[String: Any]])?.first)
        #expect(run["elapsed_s"] as? Double == 2262)
        #expect(run["start"] as? String == "2011-11-02T12:54:19Z")
        #expect(run["activity"] as? String == "cycling")
        #expect(run["distance_m"] is NSNull)
        let show = try #require(try json(["runs", "show", "1"]) as? [String: Any])
        #expect(show["route"] as? Bool == false)
        #expect(abs((show["device_elapsed_s"] as? Double ?? 0) - 2261.85) < 1e-9)
        #expect(abs((show["elapsed_s"] as? Double ?? 0) - 2261.85) < 1e-9)
        #expect(show["fix_elapsed_s"] as? Double == 2263)
    }
}
