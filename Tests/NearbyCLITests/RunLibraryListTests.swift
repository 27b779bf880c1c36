import Foundation
import NearbyTestSupport
import Testing

/// `runs list --format json` names where in an export each run was found (`source_path`), in
/// process, on our own Strava-shaped zip (ImportFixtures.strava: `activities/12866632127.fit.gz`
/// and `activities/1681613317.gpx`) and a plain GPX file of its own.
@Suite struct RunLibraryListTests {
    let home: URL
    let runner: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-runlib-list")
        runner = InProcessRunner(home: home, extra: ["TZ": "Asia/Taipei"])
    }

    @Test func listNamesTheMemberPathInsideAnExportAndNullForAPlainFile() throws {
        let zip = home.appendingPathComponent("export_123456789.zip")
        try Data(ImportFixtures.strava()).write(to: zip)
        let plain = home.appendingPathComponent("plain.gpx")
        // Elsewhere and at another time than the export's runs, so it is a run of its own.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="25.0330" lon="121.5654"><time>2022-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="25.0340" lon="121.5654"><time>2022-01-01T00:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        try Data(text.utf8).write(to: plain)
        let imported = runner.run(["runs", "import", zip.path, plain.path])
        #expect(imported.status == 0, "\(imported.stderr)")

        let result = runner.run(["runs", "list", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let paths = runs.map { ($0["source"] as? String ?? "", $0["source_path"]) }
        let fit = try #require(paths.first { $0.0 == "12866632127.fit.gz" })
        #expect((fit.1 as? String)?.hasSuffix("export_123456789.zip!activities/12866632127.fit.gz") == true)
        let gpx = try #require(paths.first { $0.0 == "1681613317.gpx" })
        #expect((gpx.1 as? String)?.hasSuffix("export_123456789.zip!activities/1681613317.gpx") == true)
        let single = try #require(paths.first { $0.0 == "plain.gpx" })
        #expect(single.1 is NSNull)
    }
}
