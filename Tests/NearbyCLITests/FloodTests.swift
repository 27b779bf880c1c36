import Foundation
import NearbyRuns
import NearbyTestSupport
import Testing

/// Issue 22: every input costs work in proportion to what it holds. Each reader gets a flood — a
/// small input claiming enormous work — through the built `nearby`, in a child process whose
/// peak memory (VmHWM) and time are measured (``FloodProbe``), against the same binary's peak
/// for `--version`. Before the budgets these took from hundreds of MB to 17.7 GB; the probe kills
/// a child past 512 MB, so a flood that is not held fails here in a moment.
///
/// The inputs are the issue's floods, scaled where the debug build would otherwise take more
/// than a few seconds to refuse them (Benchmarks/floods.py has the full-size ones).
@Suite(.serialized) struct FloodTests {
    let home: URL
    let probe: FloodProbe
    /// `nearby --version`'s peak, MiB: what any command costs before it reads anything.
    let baseline: Double

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-flood")
        var probe = FloodProbe(home: home)
        probe.capMB = 512
        probe.timeout = 20
        self.probe = probe
        baseline = try probe.run(["--version"]).peakMB
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = home.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Runs `arguments` and checks it stayed within `extraMB` above the baseline and `seconds`.
    func measure(_ arguments: [String], extraMB: Double, seconds: Double = 10) throws -> FloodProbe.Outcome {
        let outcome = try probe.run(arguments)
        #expect(outcome.killed == nil, "\(arguments.prefix(2)): killed, \(outcome.killed ?? "")")
        #expect(
            outcome.peakMB - baseline < extraMB,
            "\(arguments.prefix(2)): peak \(Int(outcome.peakMB)) MB, baseline \(Int(baseline)) MB")
        #expect(outcome.seconds < seconds, "\(arguments.prefix(2)): \(outcome.seconds) s")
        return outcome
    }

    /// A datasets folder holding the manifest of a JSON places feed `id` with `source`, and an
    /// empty mirror folder beside it (both named with `suffix`).
    func feedFolders(_ suffix: String, id: String, source: String) throws -> (datasets: URL, mirror: URL) {
        let datasets = home.appendingPathComponent("datasets" + suffix)
        let mirror = home.appendingPathComponent("mirror" + suffix)
        try FileManager.default.createDirectory(at: datasets, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        let manifest = """
            {"kind": "places", "id": "\(id)", "title": "A flood", "source": \(source),
             "fields": {"id": "id", "name": "name", "latitude": "lat", "longitude": "lon"},
             "refresh": {"days": 5, "timeZone": "Asia/Taipei"}, "licence": "test", "attribution": "test"}
            """
        try Data(manifest.utf8).write(to: datasets.appendingPathComponent("\(id).json"))
        return (datasets, mirror)
    }

    static let stravaHeader = "Activity ID,Activity Date,Activity Name,Activity Type,Filename\n"

    // MARK: - Export catalogues

    /// 64 MiB of one-cell rows in a 65 KB zip took 17.7 GB and 114 s.
    @Test func aCatalogueOfOneCellRows() throws {
        let header = Array(Self.stravaHeader.utf8)
        var block = [UInt8](repeating: 0x78, count: 1 << 20)
        for index in stride(from: 1, to: block.count, by: 2) { block[index] = 0x0A }
        var csv = header
        for _ in 0..<63 { csv += block }
        csv += block.prefix((1 << 20) - header.count)
        #expect(csv.count == 64 << 20)
        let path = try write("rows.zip", TestZip([TestZip.Member("activities.csv", csv)]).bytes)
        let outcome = try measure(["runs", "import", path], extraMB: 96)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("could not be used as an activity catalogue: it holds more than 100,000 rows"))
    }

    /// 4,096 empty cells a row took 1.1 GB for 64 MiB; here 16 MiB, and rows counted as rows.
    @Test func aCatalogueOfEmptyCells() throws {
        var csv = Array(Self.stravaHeader.utf8)
        let row = [UInt8](repeating: 0x2C, count: 4095) + [0x0A]
        for _ in 0..<(16 << 20) / 4096 { csv += row }
        let path = try write("cells.zip", TestZip([TestZip.Member("activities.csv", csv)]).bytes)
        let outcome = try measure(["runs", "import", path], extraMB: 32)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("4096 catalogue rows name activities without a file"), "\(outcome.stderr)")
    }

    /// Garmin's summaries went through a whole-file JSON parser: 31 MiB of them took 1.8 GB and
    /// 5.8 s. Here 12 MiB: streamed, they stop at the row cap.
    @Test func aCatalogueOfGarminSummaries() throws {
        let one = Array(
            "{\"activityId\":1,\"name\":\"Run\",\"activityType\":{\"typeKey\":\"running\"},\"startTimeGmt\":1704188460000},"
                .utf8)
        var json = Array("[{\"summarizedActivitiesExport\":[".utf8)
        let block = [UInt8]((0..<(1 << 20) / one.count).flatMap { _ in one })
        for _ in 0..<12 { json += block }
        json += Array("{}]}]".utf8)
        let name = "DI_CONNECT/DI-Connect-Fitness/me_0_summarizedActivities.json"
        let path = try write("garmin.zip", TestZip([TestZip.Member(name, json)]).bytes)
        let outcome = try measure(["runs", "import", path], extraMB: 48)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("it holds more than 100,000 rows"), "\(outcome.stderr)")
    }

    // MARK: - FIT

    /// 2 MB of empty sessions cost 2.2 GB and 27 s in `runs show`, and `runs import` printed
    /// 1.37 M lines.
    @Test func aFITFloodOfEmptySessions() throws {
        let path = try write("sessions.fit", FITTestWriter.flood(global: 18, count: 2 << 20))
        let sentence =
            "sessions.fit holds more than 100 sessions (a multisport device writes a handful), so it is refused."
        let shown = try measure(["runs", "show", path], extraMB: 32, seconds: 5)
        #expect(shown.status == 1)
        #expect(shown.stderr == "nearby: \(sentence)\n")
        let imported = try measure(["runs", "import", path], extraMB: 32, seconds: 5)
        #expect(imported.status == 1)
        #expect(imported.stderr.split(separator: "\n").count == 2, "\(imported.stderr.prefix(300))")
        #expect(imported.stdout.isEmpty)
    }

    /// 5 MB of empty records cost 537 MB: the records cap (1,000,000) refuses it after 40 MB.
    @Test func aFITFloodOfEmptyRecords() throws {
        let path = try write("records.fit", FITTestWriter.flood(global: 20, count: 5 << 20))
        let outcome = try measure(["runs", "show", path], extraMB: 96)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("holds more than 1,000,000 records"))
    }

    /// 20,000 real sessions in 1 MB became 20,000 runs.
    @Test func aFITOfTwentyThousandSessions() throws {
        var w = FITTestWriter()
        w.defineRun()
        for index in 0..<20_000 {
            let start = UInt64(index * 60)
            w.record(start, latitude: 25, longitude: 121.5)
            w.record(start + 30, latitude: 25.001, longitude: 121.5)
            w.session(end: start + 30, start: start)
        }
        let path = try write("many.fit", w.file())
        let outcome = try measure(["runs", "import", path], extraMB: 32, seconds: 5)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("holds more than 100 sessions"))
    }

    // MARK: - Decompression

    /// `count` MiB of spaces after `head`, gzipped as members of 16 MiB each (a multi-member
    /// gzip is one file to gzip(1)): about 16 KB a member.
    static func gzipOfSpaces(mebibytes count: Int, head: [UInt8]) -> [UInt8] {
        let piece = [UInt8](repeating: 0x20, count: 16 << 20)
        let member = Deflate.compress(piece, gzip: true)
        var bytes = Deflate.compress(head + piece, gzip: true)
        for _ in 1..<(count / 16) { bytes += member }
        return bytes
    }

    /// A 1 MB .gpx.gz peaked at 2 GB before it was refused (the buffer doubled).
    @Test func aGzipBombOfAGPX() throws {
        let bomb = Self.gzipOfSpaces(mebibytes: 1040, head: Array("<?xml version='1.0'?><gpx version='1.1'>".utf8))
        #expect(bomb.count < 2 << 20)
        let path = try write("bomb.gpx.gz", bomb)
        let outcome = try measure(["runs", "import", path], extraMB: 48)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("bomb.gpx.gz could not be read"), "\(outcome.stderr)")
    }

    /// A FIT inside a gzip is read whole, so it is counted first: past its limit it is refused
    /// at the cost of one piece (it cost the whole inflated size, doubled).
    @Test func aGzipBombOfAFIT() throws {
        let head: [UInt8] = [14, 0x20, 0x8D, 0x08, 0, 0, 0, 0] + Array(".FIT".utf8) + [0, 0]
        let bomb = Self.gzipOfSpaces(mebibytes: 288, head: head)
        let path = try write("bomb.fit.gz", bomb)
        let outcome = try measure(["runs", "import", path], extraMB: 32)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("inflates to more than 256 MiB"), "\(outcome.stderr)")
    }

    /// A deflated member was inflated whole into a buffer of its declared size (1 GB for 1 GiB);
    /// here 64 MiB of a GPX's white space, and the same inside a nested zip.
    @Test func aLargeZipMemberAndANestedOne() throws {
        let spaces = Array("<?xml version='1.0'?><gpx version='1.1'>".utf8) + [UInt8](repeating: 0x20, count: 64 << 20)
        let member = TestZip([TestZip.Member("big.gpx", spaces)]).bytes
        let nested = TestZip([TestZip.Member("part1.zip", member, method: 0)]).bytes
        for (name, bytes) in [("member.zip", member), ("nested.zip", nested)] {
            let path = try write(name, bytes)
            let outcome = try measure(["runs", "import", path], extraMB: 48)
            #expect(outcome.status == 1)
            #expect(outcome.stderr.contains("big.gpx could not be read"), "\(outcome.stderr)")
        }
    }

    // MARK: - Paged refresh

    /// A paged feed at the 1 GiB budget held about 1 GB: every page stayed mapped. Here 64 pages
    /// of 1 MiB (records whose large field the manifest does not map): memory stays flat.
    @Test func aPagedFeedKeepsMemoryFlat() throws {
        let (datasets, mirror) = try feedFolders(
            "", id: "flood",
            source: """
                {"urls": ["https://example.invalid/f?limit={limit}&offset={offset}"], "format": "json",
                 "records": "data", "paging": {"style": "offset", "pageSize": 100}}
                """)
        let blob = String(repeating: "x", count: 10_400)
        for page in 0..<65 {
            let count = page == 64 ? 3 : 100
            let records = (0..<count).map { n in
                "{\"id\":\"\(page)-\(n)\",\"name\":\"p\",\"lat\":25.0\(n),\"lon\":121.5,\"blob\":\"\(blob)\"}"
            }
            let name = page == 0 ? "flood.json" : "flood.page-\(page).json"
            try Data("{\"data\":[\(records.joined(separator: ","))]}".utf8).write(
                to: mirror.appendingPathComponent(name))
        }
        let outcome = try measure(
            ["refresh", "flood", "--force", "--datasets", datasets.path, "--from", mirror.path], extraMB: 40)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("6403"), "\(outcome.stdout)")
    }

    /// Every record names its fields differently (70,000 records of four fields each), so every
    /// record is a new shape and brings four new names: the archive's shape and name tables stop
    /// sharing at 65,536 entries each and the sharing statistics at 4,096 columns, so memory
    /// grows with the feed, never faster. The feed is 7.6 MB; the refresh stays within 80 MB of
    /// the baseline (66 MB in the debug build; 96 MB before the names and columns were capped,
    /// when a table of 280,000 columns alone took 19 MB).
    @Test func aFeedWhoseEveryRecordHasItsOwnNames() throws {
        let (datasets, mirror) = try feedFolders(
            "-names", id: "names",
            source: #"{"urls": ["https://example.invalid/names.json"], "format": "json", "records": "data"}"#)
        var feed = "{\"data\":["
        for n in 0..<70_000 {
            if n > 0 { feed += "," }
            feed += "{\"id\":\"\(n)\",\"name\":\"p\",\"lat\":25.0,\"lon\":121.5"
            for field in 0..<4 { feed += ",\"f\(n)_\(field)\":\"v\"" }
            feed += "}"
        }
        feed += "]}"
        try Data(feed.utf8).write(to: mirror.appendingPathComponent("names.json"))
        let outcome = try measure(
            ["refresh", "names", "--force", "--datasets", datasets.path, "--from", mirror.path],
            extraMB: 80, seconds: 60)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("70000"), "\(outcome.stdout)")
    }
}
