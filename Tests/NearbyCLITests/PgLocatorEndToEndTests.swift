import Foundation
import NearbyTestSupport
import Testing

/// `checkpoints`, `along` and `runs show --html --near` over `--places-db`, end to end (in
/// process), against the throw-away cluster of `NEARBY_TEST_PG` (skipped without it). The oracle is
/// the local cache's answer: for hand-made datasets and hand-made runs, the output from PostGIS is
/// the same bytes. Then the failures: a closed port and a refused login are database failures
/// (exit 1, the database named without its password); a dataset not published is no data (exit 3).
@Suite(.serialized, .enabled(if: PgPlacesDatabase.url != nil, "NEARBY_TEST_PG is not set"))
struct PgLocatorEndToEndTests {
    let home: URL
    /// A second home with an empty cache: what answers there comes from PostGIS alone.
    let remoteHome: URL
    let datasets: URL
    let mirror: URL
    let loop: URL
    let meridian = TestPaths.fixture("meridian-2km.gpx").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-pglocator")
        remoteHome = try TestPaths.temporaryDirectory("nearby-pglocator-remote")
        datasets = try TestPaths.temporaryDirectory("nearby-pglocator-datasets")
        mirror = try TestPaths.temporaryDirectory("nearby-pglocator-mirror")
        loop = home.appendingPathComponent("loop.gpx")
        try Self.writeFixtures(datasets: datasets, mirror: mirror, loop: loop)
    }

    /// Three hand-made datasets (ids no other suite publishes): toilets-like places around the
    /// runs with exact duplicates and a row without a position, fountains, and one never published.
    static func writeFixtures(datasets: URL, mirror: URL, loop: URL) throws {
        for id in ["pgloc-toilets", "pgloc-fountains", "pgloc-absent"] {
            let manifest = """
                {"kind": "places", "id": "\(id)", "title": "\(id) (hand-made)", "description": "test places",
                 "source": {"urls": ["https://example.invalid/\(id).csv"], "format": "csv"},
                 "fields": {"name": "name", "latitude": "lat", "longitude": "lon", "address": "address",
                            "attributes": [{"key": "seats", "field": "seats", "label": "seats"}]},
                 "refresh": {"days": 5, "timeZone": "Asia/Taipei"},
                 "licence": "CC0", "attribution": "Nearby tests"}
                """
            try Data(manifest.utf8).write(to: datasets.appendingPathComponent("\(id).json"))
        }
        var random = SplitMix64(state: 0x2026_1201)
        func coordinate(_ lat: ClosedRange<Double>, _ lon: ClosedRange<Double>) -> String {
            String(format: "%.6f,%.6f", random.uniform(lat), random.uniform(lon))
        }
        var toilets = "name,lat,lon,address,seats\n"
        for index in 0..<400 {
            toilets += "Toilet \(index),\(coordinate(25.02...25.06, 121.50...121.54)),Street \(index),\(index % 7)\n"
        }
        toilets += "Twin A,25.040000,121.520000,Same spot,1\nTwin B,25.040000,121.520000,Same spot,2\n"
        toilets += "Nowhere,,,No position,0\n"
        try Data(toilets.utf8).write(to: mirror.appendingPathComponent("pgloc-toilets.csv"))
        var fountains = "name,lat,lon,address,seats\n"
        for index in 0..<60 { fountains += "Fountain \(index),\(coordinate(25.00...25.07, 121.49...121.55)),,0\n" }
        try Data(fountains.utf8).write(to: mirror.appendingPathComponent("pgloc-fountains.csv"))
        try Data("name,lat,lon,address,seats\nAbsent,25.04,121.52,,0\n".utf8).write(
            to: mirror.appendingPathComponent("pgloc-absent.csv"))
        // A 5.3 km loop: a rectangle 25.028…25.048 N, 121.510…121.528 E, a fix about every 40 m, 12 s apart.
        let corners = [(25.028, 121.510), (25.048, 121.510), (25.048, 121.528), (25.028, 121.528), (25.028, 121.510)]
        var points: [(Double, Double)] = []
        for (from, to) in zip(corners, corners.dropFirst()) {
            for step in 0..<50 {
                let t = Double(step) / 50
                points.append((from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t))
            }
        }
        points.append(corners[0])
        var gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Nearby tests" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Loop</name><trkseg>

            """
        let start = Date(timeIntervalSince1970: 1_764_547_200)  // 2025-12-01T00:00:00Z
        let format = ISO8601DateFormatter()
        for (index, point) in points.enumerated() {
            let time = format.string(from: start.addingTimeInterval(Double(index) * 12))
            gpx +=
                String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\">", point.0, point.1) + "<time>\(time)</time></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        try Data(gpx.utf8).write(to: loop)
    }

    /// The URL with its password as `***`, as Nearby names the database.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else {
            return url
        }
        let userInfo = url[scheme.upperBound..<at]
        let user = userInfo.prefix { $0 != ":" }
        return String(url[..<scheme.upperBound]) + user + (userInfo.contains(":") ? ":***" : "") + String(url[at...])
    }

    /// `url` with `secret` as its password.
    static func withPassword(_ url: String, _ secret: String) -> String? {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else {
            return nil
        }
        let user = url[scheme.upperBound..<at].prefix { $0 != ":" }
        return String(url[..<scheme.upperBound]) + user + ":" + secret + String(url[at...])
    }

    func local(_ words: [String]) -> InProcessRunner.Result {
        InProcessRunner(home: home).run(words + ["--datasets", datasets.path, "--from", mirror.path])
    }

    func remote(_ words: [String], url: String) -> InProcessRunner.Result {
        InProcessRunner(home: remoteHome).run(words + ["--datasets", datasets.path, "--places-db", url, "--offline"])
    }

    func publish(_ ids: [String], to url: String) throws {
        let published = local(["publish"] + ids + ["--to", url])
        #expect(published.status == 0, "\(published.stderr)")
    }

    @Test func checkpointsAlongAndPictureFromPostGISAreTheLocalBytes() throws {
        let url = try #require(PgPlacesDatabase.url)
        try publish(["pgloc-toilets", "pgloc-fountains"], to: url)
        let near = "pgloc-toilets,pgloc-fountains"
        for run in [meridian, loop.path] {
            let questions: [[String]] = [
                ["checkpoints", run, "--near", near, "--within", "600m", "--format", "json"],
                ["checkpoints", run, "--near", near, "--within", "350m", "--limit", "7", "--format", "csv"],
                ["checkpoints", run, "--near", "pgloc-toilets", "--within", "600m", "--format", "geojson"],
                ["checkpoints", run, "--near", near],
                ["along", run, "--near", near, "--within", "150m", "--format", "json"],
                ["along", run, "--near", near, "--within", "80m", "--format", "csv"],
                ["along", run, "--near", "pgloc-fountains", "--within", "300m"],
            ]
            for question in questions {
                let fromCache = local(question)
                let fromPostGIS = remote(question, url: url)
                #expect(fromCache.status == 0, "\(question): \(fromCache.stderr)")
                #expect(!fromCache.stdout.isEmpty, "\(question)")
                #expect(fromPostGIS.status == fromCache.status, "\(question): \(fromPostGIS.stderr)")
                #expect(fromPostGIS.stdout == fromCache.stdout, "\(question)")
                #expect(fromPostGIS.stderr == fromCache.stderr, "\(question)")
            }
            // The picture's places near the route.
            let localPage = home.appendingPathComponent("local.html")
            let remotePage = remoteHome.appendingPathComponent("remote.html")
            let show = ["runs", "show", run, "--near", near, "--within", "150m", "--html"]
            let drawnLocally = local(show + [localPage.path])
            let drawnRemotely = remote(show + [remotePage.path], url: url)
            #expect(drawnLocally.status == 0, "\(drawnLocally.stderr)")
            #expect(drawnRemotely.status == 0, "\(drawnRemotely.stderr)")
            #expect(try Data(contentsOf: remotePage) == Data(contentsOf: localPage))
        }
    }

    @Test func aDatasetNotPublishedIsNoDataAndSaysHowToPublishIt() throws {
        let url = try #require(PgPlacesDatabase.url)
        try publish(["pgloc-toilets"], to: url)
        let named = Self.redacted(url)
        let sentence =
            "dataset pgloc-absent is not published in \(named); run 'nearby publish pgloc-absent --to \(named)'"
        let alone = remote(["checkpoints", meridian, "--near", "pgloc-absent"], url: url)
        #expect(alone.status == 3, "\(alone.stderr)")
        #expect(alone.stderr == "nearby: \(sentence).\n")
        let query = remote(["pgloc-absent", "--at", "25.04,121.52"], url: url)
        #expect(query.status == 3)
        #expect(query.stderr == "nearby: \(sentence).\n")
        // Beside a published one: left out with a warning, the other answers.
        let partial = remote(["along", meridian, "--near", "pgloc-toilets,pgloc-absent", "--format", "json"], url: url)
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stderr == "warning: \(sentence); answering from the other datasets\n")
        #expect(partial.stdout.contains("\"pgloc-toilets\"") && !partial.stdout.contains("\"pgloc-absent\""))
    }

    @Test func aClosedPortOrARefusedLoginIsAFailureNamingTheDatabase() throws {
        let url = try #require(PgPlacesDatabase.url)
        let secret = "N0t-the-Passw0rd-\(UInt32.random(in: 0...UInt32.max))"
        let refused = try #require(Self.withPassword(url, secret))
        let closed = "postgresql://nearby:\(secret)@127.0.0.1:1/nearby_test?connect_timeout=5"
        for (bad, start) in [
            (refused, "nearby: the PostgreSQL database \(Self.redacted(refused)) refused the login: "),
            (closed, "nearby: could not connect to the PostgreSQL database \(Self.redacted(closed)): "),
        ] {
            for question in [
                ["checkpoints", meridian, "--near", "pgloc-toilets"], ["along", loop.path, "--near", "pgloc-toilets"],
                ["pgloc-toilets", "--at", "25.04,121.52"],
            ] {
                let result = remote(question, url: bad)
                #expect(result.status == 1, "\(question): \(result.stderr)")
                #expect(result.stderr.hasPrefix(start), "\(question): \(result.stderr)")
                #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one sentence: \(result.stderr)")
                #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
            }
        }
    }
}
