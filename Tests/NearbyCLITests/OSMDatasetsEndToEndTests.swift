import Foundation
import NearbyTestSupport
import Testing

/// `datasets add … --osm` then the usual commands, on a hand-written extract of our own
/// (Fixtures/osm/taipei-toilets.osm) beside the toilets feed's mirror fixture.
@Suite(.serialized) struct OSMDatasetsEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let extract = TestPaths.fixture("osm/taipei-toilets.osm").path
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-osm")
        nearby = InProcessRunner(home: home)
    }

    /// GeographicLib, `Geodesic.WGS84.Inverse(25.0418, 121.5152, LAT, LON)['s12']`: node 1
    /// (25.0428, 121.5160), node 2 (25.0405, 121.5150), and way 10, a square whose centroid is
    /// (25.0440, 121.5190).
    static let expected: [(id: String, metres: Double)] = [
        ("node/1", 137.071122), ("node/2", 145.413078), ("way/10", 454.362392),
    ]

    func add(_ extra: [String] = []) -> InProcessRunner.Result {
        nearby.run(["datasets", "add", "osm-toilets", "--osm", extract, "--select", "amenity=toilets"] + extra)
    }

    @Test func addRefreshAndAskNearest() throws {
        let added = add()
        #expect(added.status == 0, "\(added.stderr)")
        let manifest = home.appendingPathComponent(".config/nearby/datasets/osm-toilets.json")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
        let refreshed = nearby.run(["refresh", "osm-toilets"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("osm-toilets: updated, 3 records"))
        let result = nearby.run(["osm-toilets", "--at", "25.0418,121.5152", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == Self.expected.map(\.id))
        for (item, want) in zip(items, Self.expected) {
            #expect(abs((item["distance_m"] as? Double ?? 0) - want.metres) < 0.001, "\(want.id)")
            #expect(item["category"] as? String == "amenity=toilets")
        }
        // LANG=C: `name`; a node without one is named by its tag.
        #expect(items.map { $0["name"] as? String } == ["台大醫院站廁所", "Toilets", "公園公廁"])
        let attributes = try #require(items[0]["attributes"] as? [String: String])
        #expect(attributes == ["amenity": "toilets", "wheelchair": "yes", "fee": "no", "opening_hours": "24/7"])
    }

    @Test func whereFiltersOnAnyTag() throws {
        _ = add()
        for (filter, ids) in [
            ("wheelchair=yes", ["node/1"]), ("fee=no", ["node/1"]), ("opening_hours", ["node/1"]),
            ("building", ["way/10"]),
        ] {
            let result = nearby.run(["osm-toilets", "--at", "25.0418,121.5152", "--where", filter, "--format", "json"])
            let items = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(items.map { $0["id"] as? String } == ids, "\(filter)")
        }
    }

    @Test func languageAndAddress() throws {
        _ = add(["--lang", "en"])
        let result = nearby.run(["show", "osm-toilets", "node/1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(item["name"] as? String == "NTUH Station Toilets")
        // A western language writes the address street first.
        #expect(item["address"] as? String == "公園路 52號, 臺北市")
        let zh = InProcessRunner(home: home, extra: ["LANG": "zh_TW.UTF-8"])
        #expect(zh.run(["datasets", "add", "osm-zh", "--osm", extract, "--select", "amenity=toilets"]).status == 0)
        let shown = zh.run(["show", "osm-zh", "node/1"])
        #expect(shown.stdout.contains("臺北市中正區公園路52號"))
        #expect(shown.stdout.contains("Source: © OpenStreetMap contributors. Licence: ODbL 1.0."))
    }

    /// The README's Taipei example: the city's feed and OpenStreetMap's toilets in one answer.
    @Test func nearAnswersFromTheFeedAndTheExtract() throws {
        _ = add()
        let result = nearby.run([
            "near", "--at", "25.0418,121.5152", "--in", "toilets,osm-toilets", "--limit", "4", "--format", "json",
            "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // node/1 137.07 m, toilets 3 142.04 m, node/2 145.41 m, toilets 2 173.26 m.
        #expect(
            items.map { "\($0["dataset"] ?? "")/\($0["id"] ?? "")" } == [
                "osm-toilets/node/1", "toilets/3", "osm-toilets/node/2", "toilets/2",
            ])
    }

    @Test func datasetsShowsProvenance() throws {
        _ = add()
        _ = nearby.run(["refresh", "osm-toilets"])
        let result = nearby.run(["datasets", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let item = try #require(items.first { $0["id"] as? String == "osm-toilets" })
        #expect(item["licence"] as? String == "ODbL 1.0")
        #expect(item["attribution"] as? String == "© OpenStreetMap contributors")
        #expect(item["format"] as? String == "osm")
        #expect((item["source"] as? [String]) == [extract])
        let cache = try #require(item["cache"] as? [String: Any])
        // The extract's own time (the root's timestamp), not when it was read.
        #expect(cache["data_timestamp"] as? String == "2026-06-01T00:00:00Z")
        let table = nearby.run(["datasets"])
        #expect(table.stdout.contains("data of 2026-06-01"))
        #expect(table.stdout.contains("taipei-toilets.osm"))
    }

    /// An extract named by URL is downloaded into the cache (from a loopback server here), gzip
    /// and all, and read like a file.
    @Test func extractByURL() throws {
        let folder = try TestPaths.temporaryDirectory("osm-server")
        let server = try LoopbackServer(root: folder)
        defer { server.stop() }
        try Data(contentsOf: URL(fileURLWithPath: extract)).write(to: folder.appendingPathComponent("taipei.osm"))
        let url = server.url("/gzip/taipei.osm")
        let added = nearby.run(["datasets", "add", "osm-web", "--osm", url, "--select", "amenity=toilets"])
        #expect(added.status == 0, "\(added.stderr)")
        let refreshed = nearby.run(["refresh", "osm-web"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("osm-web: updated, 3 records"))
        let table = nearby.run(["datasets"])
        #expect(table.stdout.contains("127.0.0.1"))
        // Offline, the cached copy answers.
        let offline = nearby.run([
            "osm-web", "--at", "25.0418,121.5152", "--offline", "--limit", "1", "--format", "csv",
        ])
        #expect(offline.stdout.contains("node/1"))
    }

    @Test func refusals() throws {
        let fifo = home.appendingPathComponent("pipe.osm.pbf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let notExtract = home.appendingPathComponent("notes.osm")
        try Data("hello".utf8).write(to: notExtract)
        let cases: [([String], Int32, String)] = [
            (["datasets", "add", "x", "--osm", extract], 2, "--select"),
            (["datasets", "add", "x", "--select", "amenity=toilets"], 2, "--osm"),
            (["datasets", "add", "x", "--osm", extract, "--select", "=toilets"], 1, "not TAG=VALUE"),
            (["datasets", "add", "Bad_ID", "--osm", extract, "--select", "amenity=toilets"], 1, "lowercase"),
            (
                [
                    "datasets", "add", "x", "--osm", home.appendingPathComponent("missing.osm.pbf").path, "--select",
                    "a=b",
                ], 1, "cannot be read"
            ),
            (["datasets", "add", "x", "--osm", fifo, "--select", "a=b"], 1, "not a regular file"),
            (["datasets", "add", "x", "--osm", notExtract.path, "--select", "a=b"], 1, "neither an OSM PBF"),
            (["datasets", "add", "x", "--osm", "ftp://example.org/a.osm.pbf", "--select", "a=b"], 1, "cannot be read"),
        ]
        for (arguments, status, phrase) in cases {
            let result = nearby.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(phrase), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count <= 2, "\(arguments): \(result.stderr)")
        }
        #expect(add().status == 0)
        let again = add()
        #expect(again.status == 1)
        #expect(again.stderr.contains("--replace"))
        #expect(add(["--replace"]).status == 0)
    }
}
