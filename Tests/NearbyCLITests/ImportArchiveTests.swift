import Foundation
import NearbyTestSupport
import Testing

/// `nearby runs import` of FIT files, gzips and export zips, in process, on fixtures of our own
/// (ImportFixtures): figures are the meridian route's (2,000 m in 600 s by construction) and the
/// device totals the fixture writes.
@Suite struct ImportArchiveTests {
    let home: URL
    let runner: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-import")
        runner = InProcessRunner(home: home, extra: ["TZ": "Asia/Taipei"])
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = home.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func list() throws -> [[String: Any]] {
        let result = runner.run(["runs", "list", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aFITFileImportsWithItsDeviceTotalsBesideNearbysFigures() throws {
        let path = try write("ride.fit", ImportFixtures.fit())
        let imported = runner.run(["runs", "import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported #1 ride.fit: 2.00 km in 10:00 (5:00 /km), badge The Moon\n")
        let runs = try list()
        #expect(runs.count == 1)
        #expect(runs.first?["activity"] as? String == "running")
        #expect(runs.first?["start"] as? String == "2021-09-08T01:46:40Z")
        let show = runner.run(["runs", "show", "1"])
        // Device: 1,980 m and 590 s as written; Nearby: 2,000 m and 600 s.
        #expect(
            show.stdout.contains(
                "Device    1.98 km (Nearby's geodesic: 2.00 km), 9:50 timer (Nearby's moving time: 10:00)"))
        let json = runner.run(["runs", "show", "1", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["device_distance_m"] as? Double == 1980)
        #expect(object["device_timer_s"] as? Double == 590)
    }

    @Test func deviceTotalsThatAgreeAreNotRepeated() throws {
        let path = try write("ride.fit", ImportFixtures.fit(deviceMetres: 2000, timerSeconds: 600))
        #expect(runner.run(["runs", "import", path]).status == 0)
        #expect(!runner.run(["runs", "show", "1"]).stdout.contains("Device"))
    }

    @Test func aGzippedFITIsTheSameRunAsTheFIT() throws {
        let gz = try write("12866632127.fit.gz", ImportFixtures.gzip(ImportFixtures.fit()))
        let plain = try write("ride.fit", ImportFixtures.fit())
        let first = runner.run(["runs", "import", gz])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("imported #1 "))
        let second = runner.run(["runs", "import", plain])
        #expect(second.status == 0)
        #expect(second.stdout.hasPrefix("already imported as #1"))
        #expect(try list().count == 1)
    }

    @Test func aStravaExportTakesNamesFromItsCatalogueAndReimportAddsNothing() throws {
        let path = try write("export_123456789.zip", ImportFixtures.strava())
        let first = runner.run(["runs", "import", path])
        #expect(first.status == 0, "\(first.stderr)")
        // Three members are not activities (activities.csv, bikes.csv, the PDF) and one row has no file.
        #expect(first.stderr.contains("2 imported, 0 already there, 0 skipped"))
        let runs = try list()
        #expect(Set(runs.compactMap { $0["name"] as? String }) == ["Laufen Landal Park", "Station stroll"])
        #expect(Set(runs.compactMap { $0["source"] as? String }) == ["12866632127.fit.gz", "1681613317.gpx"])
        let again = runner.run(["runs", "import", path])
        #expect(again.status == 0)
        #expect(again.stderr.contains("0 imported, 2 already there, 0 skipped"))
        #expect(try list().count == 2)
    }

    @Test func aGarminExportFollowsItsPartsAndIgnoresSettingsFiles() throws {
        let path = try write("garmin.zip", ImportFixtures.garmin())
        let result = runner.run(["runs", "import", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 imported, 0 already there, 0 skipped"))
        #expect(
            result.stderr.contains(
                "1 imported, 0 already there, 0 skipped; 2 files that are not activities were ignored."))
        let runs = try list()
        #expect(runs.map { $0["name"] as? String } == ["Laufen Landal Park"])
    }

    @Test func aRunkeeperExportTakesTheRouteName() throws {
        let path = try write("runkeeper.zip", ImportFixtures.runkeeper())
        let result = runner.run(["runs", "import", path])
        #expect(result.status == 0, "\(result.stderr)")
        let runs = try list()
        #expect(runs.map { $0["name"] as? String } == ["River loop"])
        #expect(runs.first?["start"] as? String == "2021-09-08T01:46:40Z")  // the track's UTC, not the local text
    }

    @Test func theSameActivityFromGPXAndFITIsOneRun() throws {
        let gpx = try write("meridian.gpx", Array(ImportFixtures.gpx(stride: 3).utf8))
        let fit = try write("ride.fit", ImportFixtures.fit())
        #expect(runner.run(["runs", "import", gpx]).status == 0)
        let second = runner.run(["runs", "import", fit])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("already imported as #1 from another file"))
        #expect(try list().count == 1)
        // The same start on a route 0.01° (about 1 km) further east is another activity.
        let elsewhere = try write("elsewhere.fit", ImportFixtures.fit(east: 0.01))
        let third = runner.run(["runs", "import", elsewhere])
        #expect(third.stdout.hasPrefix("imported #2 "))
    }

    @Test func oneBadMemberNeverStopsTheRest() throws {
        let broken = ImportFixtures.gpx().prefix(300)
        let path = try write(
            "export_1.zip",
            ImportFixtures.strava(extra: [
                TestZip.Member("activities/3.gpx", text: String(broken)),
                TestZip.Member("activities/4.fit", Array("not a FIT file at all".utf8)),
            ]))
        let result = runner.run(["runs", "import", path])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("export_1.zip!activities/3.gpx") }.count == 1)
        #expect(lines.filter { $0.contains("export_1.zip!activities/4.fit") }.count == 1)
        #expect(result.stderr.contains("2 imported, 0 already there, 2 skipped"))
        #expect(try list().count == 2)
    }

    @Test func progressIsShownOnATerminalOnly() throws {
        let path = try write("export_1.zip", ImportFixtures.strava())
        var terminal = runner
        terminal.terminal = true
        let shown = terminal.run(["runs", "import", path])
        #expect(shown.stderr.contains("\r\u{1B}[2K[2] 0 imported, reading "))
        let other = try TestPaths.temporaryDirectory("nearby-import")
        let piped = InProcessRunner(home: other).run(["runs", "import", path])
        #expect(!piped.stderr.contains("\u{1B}"))
        #expect(!piped.stderr.contains("\r"))
    }

    @Test func aFITSettingsFileNamedDirectlyIsRefusedInOneSentence() throws {
        let path = try write("Settings.fit", ImportFixtures.settingsFIT())
        let result = runner.run(["runs", "import", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Settings.fit is a FIT settings file, not an activity."))
        #expect(try list().isEmpty)
    }

    @Test func runsShowReadsAFITOrItsGzipWithoutImporting() throws {
        for (name, bytes) in [
            ("ride.fit", ImportFixtures.fit()), ("ride.fit.gz", ImportFixtures.gzip(ImportFixtures.fit())),
        ] {
            let path = try write(name, bytes)
            let result = runner.run(["runs", "show", path, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["title"] as? String == name)
            #expect(abs((object["distance_m"] as? Double ?? 0) - 2000) <= 0.05)  // 21 fixes 100 m apart
            #expect(object["moving_s"] as? Double == 600)
        }
        #expect(try list().isEmpty)
        let settings = try write("Settings.fit", ImportFixtures.settingsFIT())
        let refused = runner.run(["runs", "show", settings])
        #expect(refused.status == 1)
        #expect(refused.stderr == "nearby: Settings.fit is a FIT settings file, not an activity.\n")
    }
}
