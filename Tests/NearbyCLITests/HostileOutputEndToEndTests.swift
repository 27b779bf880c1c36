import Foundation
import Testing
import NearbyOutput
/// Every human-readable output of `nearby` (in process), fed hostile feed records, track names and
/// arguments (``HostileFixtures``): no control reaches the terminal raw, the escapes are shown;
/// JSON stays exact; CSV is exact except that formulas are neutralised. Expected texts written
/// by hand from the rules in `ControlText` and `CSVWriter`.
@Suite(.serialized) struct HostileOutputEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let mirror: URL
    let at = "25.0418,121.5152"

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-hostile")
        nearby = InProcessRunner(home: home)
        mirror = try HostileFixtures.mirror()
    }

    static let shownTitle = "Evil\\e]0;pwned\\x07\\e[2J\\e[H"
    static let shownLink = "\\e]8;;https://evil.example/\\e\\click me\\e]8;;\\e\\"
    static let shownPark = "Park\\x9B31m\\x7F\\u{202E}gnp.exe\\u{2066}x\\u{2069}"
    static let shownLines = "two\\nlines\\tand a tab"

    func expectInert(_ result: InProcessRunner.Result, _ label: String) {
        #expect(rawControls(in: result.stdout).isEmpty, "\(label) stdout")
        #expect(rawControls(in: result.stderr).isEmpty, "\(label) stderr")
    }

    @Test func placeTablesShowEscapes() throws {
        for words in [
            ["toilets", "--at", at], ["toilets"], ["near", "--at", at, "--in", "toilets"],
        ] {
            let result = nearby.run(words + ["--from", mirror.path])
            #expect(result.status == 0, "\(words) \(result.stderr)")
            expectInert(result, "\(words)")
            #expect(result.stdout.contains(Self.shownTitle), "\(words)")
            #expect(result.stdout.contains(Self.shownLink), "\(words)")
            #expect(result.stdout.contains(Self.shownLines), "\(words)")
            #expect(result.stdout.split(separator: "\n").count == 5, "\(words)")  // header + 4 places
        }
    }

    @Test func showShowsEscapes() throws {
        let result = nearby.run(["show", "toilets", "1", "--at", at, "--from", mirror.path])
        #expect(result.status == 0, "\(result.stderr)")
        expectInert(result, "show")
        #expect(result.stdout.hasPrefix(Self.shownTitle + "\n"))
        #expect(result.stdout.contains(Self.shownPark))
        #expect(result.stdout.contains(Self.shownLink))
    }

    @Test func jsonStaysExact() throws {
        let result = nearby.run(["toilets", "--at", at, "--format", "json", "--from", mirror.path])
        #expect(result.status == 0)
        expectInert(result, "json")  // C1 and bidi are \u escapes in JSON too
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(
            items.map { $0["name"] as? String } == [
                HostileFixtures.titleAndClear, HostileFixtures.twoLines, HostileFixtures.formula, "London",
            ])
        #expect(items.first?["address"] as? String == HostileFixtures.hyperlink)
        let attributes = items.first?["attributes"] as? [String: Any]
        #expect(attributes?["manager"] as? String == HostileFixtures.c1AndBidi)
        let geojson = nearby.run(["toilets", "--at", at, "--format", "geojson", "--from", mirror.path])
        expectInert(geojson, "geojson")
        let collection = try #require(
            try JSONSerialization.jsonObject(with: Data(geojson.stdout.utf8)) as? [String: Any])
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect((features.first?["properties"] as? [String: Any])?["name"] as? String == HostileFixtures.titleAndClear)
    }

    /// CSV keeps the data exactly, but a cell a spreadsheet would evaluate starts with `'`; the
    /// longitude -0.12 stays a number.
    @Test func csvNeutralisesFormulas() throws {
        let result = nearby.run(["toilets", "--format", "csv", "--from", mirror.path])
        #expect(result.status == 0)
        let lines = result.stdout.components(separatedBy: "\r\n")
        let formula = try #require(lines.first { $0.contains("HYPERLINK") })
        #expect(
            formula.hasPrefix(
                "toilets,3,\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"ok\"\")\",25.0478,121.51775,'-1+2,交通,"))
        #expect(formula.contains(",'@SUM(A1),"))
        let london = try #require(lines.first { $0.contains("London") })
        #expect(london.hasPrefix("toilets,4,London,51.5,-0.12,London,交通,"))
        // Issue 22: one rule for controls in every CSV and text writer: shown, not obeyed.
        #expect(result.stdout.contains(Self.shownTitle))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func joinTablesShowEscapes() throws {
        let track = try HostileFixtures.track(in: home)
        let checkpoints = nearby.run([
            "checkpoints", track.path, "--near", "toilets", "--within", "600m", "--from", mirror.path,
        ])
        #expect(checkpoints.status == 0, "\(checkpoints.stderr)")
        expectInert(checkpoints, "checkpoints")
        #expect(checkpoints.stdout.contains(Self.shownTitle))
        let along = nearby.run([
            "along", track.path, "--near", "toilets", "--within", "300m", "--from", mirror.path,
        ])
        #expect(along.status == 0, "\(along.stderr)")
        expectInert(along, "along")
        #expect(along.stdout.contains(Self.shownTitle))
        let csv = nearby.run([
            "checkpoints", track.path, "--near", "toilets", "--within", "600m", "--format", "csv", "--from",
            mirror.path,
        ])
        #expect(csv.stdout.contains(Self.shownTitle))
        #expect(!csv.stdout.contains("\u{1B}"))
    }

    /// A track's name and a file name given as an argument, through `runs import/list/show`.
    @Test func runsShowEscapes() throws {
        let folder = try TestPaths.temporaryDirectory("nearby-hostile-runs")
        let track = try HostileFixtures.track(in: folder, fileName: "run\u{1B}]0;x\u{07}.gpx")
        let direct = nearby.run(["runs", "show", track.path])
        #expect(direct.status == 0, "\(direct.stderr)")
        expectInert(direct, "runs show FILE")
        #expect(direct.stdout.hasPrefix("run\\e]0;x\\x07.gpx\n"))
        let imported = nearby.run(["runs", "import", track.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        expectInert(imported, "runs import")
        let list = nearby.run(["runs", "list"])
        expectInert(list, "runs list")
        #expect(list.stdout.contains(Self.shownPark))
        // Issue 22: the CSV wrote the name's controls raw; it follows the same rule now.
        let csv = nearby.run(["runs", "list", "--format", "csv"])
        // Records end in CRLF, which is the format's, not the name's.
        #expect(rawControls(in: csv.stdout.replacingOccurrences(of: "\r\n", with: "\n")).isEmpty)
        #expect(csv.stdout.contains(Self.shownPark))
        let show = nearby.run(["runs", "show", "1"])
        expectInert(show, "runs show")
        #expect(show.stdout.contains(Self.shownPark))
        let badges = nearby.run(["badges"])
        expectInert(badges, "badges")
    }

    /// `runs list` and `runs export` CSV: a track named as a formula is neutralised, while the
    /// negative longitudes of a run in London stay numbers (the GPX below, written by hand).
    @Test func runsCSVNeutralisesNamesAndKeepsNegativeNumbers() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
             <trk><name>=HYPERLINK(&quot;https://evil.example&quot;)</name><type>running</type><trkseg>
              <trkpt lat="51.5" lon="-0.12"><time>2024-03-01T07:00:00Z</time></trkpt>
              <trkpt lat="51.501" lon="-0.12"><time>2024-03-01T07:00:30Z</time></trkpt>
              <trkpt lat="51.502" lon="-0.1205"><time>2024-03-01T07:01:00Z</time></trkpt>
             </trkseg></trk>
            </gpx>
            """
        let file = home.appendingPathComponent("london.gpx")
        try Data(gpx.utf8).write(to: file)
        let imported = nearby.run(["runs", "import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let list = nearby.run(["runs", "list", "--format", "csv"])
        #expect(list.stdout.contains(",\"'=HYPERLINK(\"\"https://evil.example\"\")\","))
        let export = nearby.run(["runs", "export", "1", "--format", "csv"])
        #expect(export.status == 0, "\(export.stderr)")
        let rows = export.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        #expect(rows.count == 3)
        #expect(rows.first?.hasPrefix("1,2024-03-01T07:00:00Z,51.5,-0.12,") == true)
        #expect(rows.last?.hasPrefix("1,2024-03-01T07:01:00Z,51.502,-0.1205,") == true)
        #expect(!export.stdout.contains("'"))
    }

    /// Arguments echoed in errors, and a dataset whose manifest title carries controls.
    @Test func errorsAndDatasetsShowEscapes() throws {
        for words in [
            ["toi\u{1B}[2Jlets"], ["near", "--at", at, "--in", "x\u{9B}2J"], ["toilets", "--at", "\u{202E}1,2"],
            ["toilets", "--bogus\u{1B}]0;t\u{07}"], ["runs", "show", "no\u{1B}[2Jsuch"],
        ] {
            let result = nearby.run(words + ["--from", mirror.path])
            #expect(result.status != 0, "\(words)")
            expectInert(result, "\(words)")
            #expect(result.stderr.hasPrefix("nearby: "), "\(words)")
            #expect(result.stderr.split(separator: "\n").count <= 2, "\(words)")
        }
        // A file name with a line break cannot fake a second message.
        let tracks = try TestPaths.temporaryDirectory("nearby-hostile-name")
        let fake = tracks.appendingPathComponent("bad\nnearby: imported everything.gpx")
        try FileManager.default.copyItem(at: TestPaths.fixture("broken.gpx"), to: fake)
        let failed = nearby.run(["runs", "import", fake.path])
        #expect(failed.status == 1)
        expectInert(failed, "runs import")
        #expect(!failed.stderr.split(separator: "\n").contains { $0.hasPrefix("nearby: imported") })
        #expect(failed.stderr.contains("bad\\nnearby: imported everything.gpx"))
        let folder = try TestPaths.temporaryDirectory("nearby-hostile-manifest")
        let manifest = """
            {"kind": "places", "id": "evil", "title": "Evil \\u001b]0;pwned\\u0007 title", "description": "x",
             "source": {"urls": ["https://example.invalid/evil.csv"], "format": "csv"},
             "fields": {"name": "公廁名稱", "latitude": "緯度", "longitude": "經度"},
             "refresh": {"days": 1, "timeZone": "Asia/Taipei"},
             "licence": "\\u001b[2J", "attribution": "\\u009b2J"}
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("evil.json"))
        let datasets = nearby.run(["datasets", "--datasets", folder.path])
        expectInert(datasets, "datasets")
        if datasets.status == 0 { #expect(datasets.stdout.contains("Evil \\e]0;pwned\\x07 title")) }
    }
}
