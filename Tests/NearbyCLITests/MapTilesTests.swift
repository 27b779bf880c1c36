import Foundation
import NearbyFeeds
import Testing

@testable import NearbyCLI

/// Pictures over tiles from the loopback tile server: which tiles are asked for and how, that
/// the page embeds exactly those bytes and references no URL, that a second picture asks for
/// nothing, and that `--offline` with a tile missing draws the background and says so once.
@Suite(.serialized) struct MapTilesTests {
    let home: URL
    let server: TileServer
    let runner: InProcessRunner
    let run = TestPaths.fixture("meridian-2km.gpx").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-tiles")
        server = try TileServer()
        runner = InProcessRunner(home: home)
    }

    func page(_ name: String) throws -> String {
        try String(contentsOf: home.appendingPathComponent(name), encoding: .utf8)
    }

    /// The meridian run goes 2 km north from 25.030,121.520. Its extent is 0.018 054 86° of
    /// latitude: in Web Mercator 0.000 315 1 rad × sec 25.04° = 0.000 347 8 rad, 5.535e-5 of the
    /// world, so 463.9 px at zoom 15 (fits 600 − 2 × 48 = 504) and 927.9 px at zoom 16 (does not):
    /// zoom 15. Its ends lie in tiles 15/27445/14029 and 15/27445/14027 (mercantile 1.2.1).
    @Test func runPictureEmbedsTheTilesItAskedForAndReferencesNoURL() throws {
        let result = runner.run(["runs", "show", run, "--html", "run.html", "--tiles", server.template])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try page("run.html")
        let scan = PageScan(html: html)
        #expect(html.contains("<g class=\"tiles\" data-zoom=\"15\">"))
        let log = try server.log()
        let requested = log.compactMap { ($0["path"] as? String) }
        let embedded = scan.tiles
        #expect(requested.count == Set(requested).count, "a tile was asked for twice")
        #expect(requested.count >= 12 && requested.count <= 20)
        #expect(Set(requested) == Set(embedded.map { "/tiles/\($0).png" }))
        #expect(embedded.contains("15/27445/14029") && embedded.contains("15/27445/14027"))
        for row in log {
            #expect((row["user-agent"] as? String)?.hasPrefix("Nearby/\(NearbyCLI.version) ") == true)
            #expect(row["if-none-match"] is NSNull && row["status"] as? Int == 200)
        }
        // Each embedded image is the PNG the server draws for that tile, as a data: URI.
        #expect(scan.imageSources.count == embedded.count)
        for (tile, source) in zip(embedded, scan.imageSources).prefix(4) {
            let parts = tile.split(separator: "/").compactMap { Int($0) }
            let png = try server.png(parts[0], parts[1], parts[2])
            #expect(source == "data:image/png;base64," + png.base64EncodedString())
        }
        #expect(!scan.fetchesSomething)
        let asked = try server.log().count  // the 4 direct fetches above are logged too
        // The tile server's name is the attribution when none is given, on the map and below it.
        #expect(html.contains("<g class=\"tile-attribution\" font-size=\"11\">"))
        #expect(html.contains(">127.0.0.1</text>") && html.contains("Map tiles: 127.0.0.1"))

        // A second picture of the same area asks for nothing and embeds the same tiles.
        let again = runner.run(["runs", "show", run, "--html", "again.html", "--tiles", server.template])
        #expect(again.status == 0)
        #expect(try server.log().count == asked)
        let second = PageScan(html: try page("again.html"))
        #expect(second.imageSources == scan.imageSources)
    }

    @Test func offlineWithATileMissingDrawsTheBackgroundThereAndSaysSoOnce() throws {
        let first = runner.run(["runs", "show", run, "--html", "run.html"], tiles: server.template)
        #expect(first.status == 0, "\(first.stderr)")
        let count = PageScan(html: try page("run.html")).tiles.count
        let asked = try server.log().count
        let key = try TileTemplate(server.template).cacheKey
        try FileManager.default.removeItem(
            at: home.appendingPathComponent("cache/tiles/\(key)/15/27445/14029"))
        let offline = runner.run(["runs", "show", run, "--html", "offline.html", "--offline"], tiles: server.template)
        #expect(offline.status == 0, "\(offline.stderr)")
        let warnings = offline.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(
            warnings == [
                "warning: 1 of \(count) map tiles are not in the cache and --offline fetches nothing; the plain background shows there."
            ])
        let tiles = PageScan(html: try page("offline.html")).tiles
        #expect(tiles.count == count - 1 && !tiles.contains("15/27445/14029"))
        #expect(try server.log().count == asked)
    }

    @Test func theMapPageOverTilesCarriesTheGivenAttribution() throws {
        let result = runner.run([
            "map", "--at", "25.0418,121.5152", "--near", "toilets", "--limit", "4", "--html", "map.html", "--from",
            TestPaths.fixture("mirror").path, "--tiles", server.template, "--tiles-attribution", "Tiles <test> & co",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try page("map.html")
        let scan = PageScan(html: html)
        // The point and its four nearest toilets span 272.6 × 396.1 px at zoom 16 (fits 704 × 504)
        // and twice that at 17, in EPSG:3857 metres from mercantile 1.2.1's xy(); the point's tile
        // at 16 is 16/54889/28056, the farthest toilet's (臺北車站, NNE) 16/54889/28055.
        #expect(html.contains("data-zoom=\"16\""))
        #expect(scan.tiles.contains("16/54889/28056") && scan.tiles.contains("16/54889/28055"))
        #expect(
            Set(try server.log().compactMap { $0["path"] as? String }) == Set(scan.tiles.map { "/tiles/\($0).png" }))
        #expect(!scan.fetchesSomething)
        #expect(html.contains(">Tiles &lt;test&gt; &amp; co</text>"))
        #expect(html.contains("<p class=\"attribution\">Map tiles: Tiles &lt;test&gt; &amp; co · "))
    }

    /// Without --tiles (and without NEARBY_TILES) nothing changes: the plain background, no tile
    /// requests, no tiles/ folder in the cache.
    @Test func withoutTilesThePictureIsPlainAndNothingIsAsked() throws {
        let result = runner.run(["runs", "show", run, "--html", "plain.html"])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try page("plain.html")
        #expect(!html.contains("<image") && html.contains("<g class=\"grid\""))
        #expect(!html.contains("tile-attribution"))
        #expect(try server.log().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("cache/tiles").path))
        // An empty --tiles turns NEARBY_TILES off for one command.
        let off = runner.run(["runs", "show", run, "--html", "off.html", "--tiles", ""], tiles: server.template)
        let offPage = try page("off.html")
        #expect(off.status == 0 && !offPage.contains("<image"))
        #expect(try server.log().isEmpty)
    }

    /// A bad template (from --tiles or NEARBY_TILES) is a usage error before any feed is read.
    @Test func aBadTemplateIsAUsageErrorBeforeAnythingIsFetched() throws {
        let mirror = TestPaths.fixture("mirror").path
        for (words, tiles) in [
            (["--tiles", "https://tiles.example/{z}/{x}.png"], nil),
            ([], "https://user:pw@tiles.example/{z}/{x}/{y}.png"),
        ] as [([String], String?)] {
            let arguments = ["runs", "show", run, "--html", "bad.html", "--near", "toilets", "--from", mirror] + words
            let result = tiles.map { runner.run(arguments, tiles: $0) } ?? runner.run(arguments)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("nearby: The tile URL template https://"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("bad.html").path))
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("cache/toilets").path))
        }
    }

    @Test func theServerUnreachableIsOneWarningAndStillAPage() throws {
        let result = runner.run([
            "runs", "show", run, "--html", "run.html", "--tiles", "http://127.0.0.1:9/{z}/{x}/{y}.png",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1 && warnings[0].contains("map tiles could not be fetched"))
        #expect(warnings[0].contains("http://127.0.0.1:9/15/"))
        let scan = PageScan(html: try page("run.html"))
        #expect(scan.tiles.isEmpty)
    }
}

extension InProcessRunner {
    /// Runs with `NEARBY_TILES` set to `tiles`.
    func run(_ arguments: [String], tiles: String) -> Result {
        var copy = self
        copy.extra["NEARBY_TILES"] = tiles
        return copy.run(arguments)
    }
}
