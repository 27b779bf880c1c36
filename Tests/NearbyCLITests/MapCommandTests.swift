import Foundation
import NearbyGeo
import Testing

@testable import NearbyCLI

/// `nearby map` as a user runs it, in process, against a mirror folder of our own (the toilets
/// fixture and three parks) and, with `--tiles`, the loopback tile server.
@Suite(.serialized) struct MapCommandTests {
    let home: URL
    let mirror: URL
    let runner: InProcessRunner

    /// Three parks in the parks API shape. Distances and bearings from 25.0418,121.5152 by
    /// GeographicLib (`Geodesic.WGS84.Inverse`): 二二八和平公園 145.413 m at −172.02° (S),
    /// 中山堂廣場 309.793 m at 15.11° (NNE), 大安森林公園 2430.167 m at 122.53° (ESE).
    static let parks = """
        [{"SeqNo":"11","pm_name":"二二八和平公園","pm_Latitude":"25.0405","pm_Longitude":"121.5150",
          "pm_location":"臺北市中正區凱達格蘭大道3號","pm_type":"公園"},
         {"SeqNo":"12","pm_name":"大安森林公園","pm_Latitude":"25.0300","pm_Longitude":"121.5355",
          "pm_location":"臺北市大安區新生南路二段1號","pm_type":"公園"},
         {"SeqNo":"13","pm_name":"中山堂廣場 <plaza> & \\"steps\\"","pm_Latitude":"25.0445","pm_Longitude":"121.5160",
          "pm_location":"臺北市中正區延平南路98號","pm_type":"廣場"}]
        """

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-map")
        mirror = home.appendingPathComponent("mirror")
        try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixture("mirror").appendingPathComponent("toilets.csv"),
            to: mirror.appendingPathComponent("toilets.csv"))
        try Data(Self.parks.utf8).write(to: mirror.appendingPathComponent("parks.json"))
        runner = InProcessRunner(home: home)
    }

    func page(_ name: String) throws -> String {
        try String(contentsOf: home.appendingPathComponent(name), encoding: .utf8)
    }

    /// Nearest first over both datasets, numbered 1…4 on the map and in the list, with the
    /// distances and bearings of GeographicLib (toilets: PlacesEndToEndTests' oracle).
    @Test func numberedPlacesNearestFirstWithTheirLinks() throws {
        let result = runner.run([
            "map", "--at", "25.0418,121.5152", "--near", "toilets,parks", "--limit", "2", "--html", "map.html",
            "--from", mirror.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote \(home.path)/map.html (4 places)"))
        let html = try page("map.html")
        #expect(html.contains("<h1>Near 25.0418,121.5152</h1>"))
        let expected = [
            ("toilets", "捷運台大醫院站", "142 m SE"), ("parks", "二二八和平公園", "145 m S"),
            ("toilets", "二二八和平公園(署)", "173 m N"), ("parks", "中山堂廣場 &lt;plaza&gt; &amp; &quot;steps&quot;", "310 m NNE"),
        ]
        let items = html.components(separatedBy: "<li id=\"place-").dropFirst()
        #expect(items.count == 4)
        for (index, (item, want)) in zip(items, expected).enumerated() {
            #expect(item.hasPrefix("\(index + 1)\" data-dataset=\"\(want.0)\""))
            #expect(item.contains("<div class=\"name\">\(want.1)"), "\(item.prefix(300))")
            #expect(item.contains("<div class=\"way\">\(want.2) · \(want.0)</div>"), "\(item.prefix(300))")
            #expect(item.contains("<a href=\"geo:") && item.contains("<a href=\"https://www.openstreetmap.org/?mlat="))
        }
        // Markers: one per place, numbered, in the dataset's colour (toilets first: #1F5FD6, parks #8E3FB5).
        let svg = SVGCollector()
        #expect(svg.parse(try #require(PictureSamples.svgParts(html).first)))
        let markers = svg.all("g", class: "marker")
        #expect(Set(markers.compactMap { $0.attributes["data-number"] }) == ["1", "2", "3", "4"])
        let toiletMarker = try #require(markers.first { $0.attributes["data-number"] == "1" })
        #expect(toiletMarker.attributes["data-dataset"] == "toilets" && toiletMarker.text.hasSuffix("1"))
        #expect(svg.elements.contains { $0.attributes["fill"] == "#8E3FB5" })
        #expect(svg.all("g", class: "origin").count == 1 && svg.all("g", class: "north-arrow").count == 1)
        #expect(svg.elements.contains { $0.attributes["id"] == "scale-bar" })
        // The plain background: no tiles, nothing fetched on opening, credits of both datasets.
        #expect(svg.all("g", class: "grid").count == 1 && !html.contains("<image"))
        #expect(!PageScan(html: html).fetchesSomething)
        #expect(html.contains("data.taipei") && html.contains("<p class=\"attribution\">"))
    }

    @Test func withinLimitsTheRadiusAndAnEmptyAnswerStillWritesAPage() throws {
        let result = runner.run([
            "map", "--at", "25.0418,121.5152", "--near", "parks", "--within", "200m", "--html", "near.html",
            "--from", mirror.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try page("near.html").components(separatedBy: "<li id=\"place-").count == 2)
        let none = runner.run([
            "map", "--at", "25.0418,121.5152", "--near", "parks", "--within", "10m", "--html", "none.html",
            "--from", mirror.path,
        ])
        let empty = try page("none.html")
        #expect(none.status == 0 && empty.contains("No places matched."))
    }

    @Test(arguments: [
        (["map", "--near", "toilets", "--html", "x.html"], "nearby map needs --at LAT,LON"),
        (["map", "--at", "25,121", "--html", "x.html"], "nearby map needs --near DATASET[,DATASET…]"),
        (["map", "--at", "25,121", "--near", "toilets"], "nearby map needs --html FILE"),
        (["map", "--at", "25,121", "--near", "toilets", "--html", "x.html", "--limit", "51"], "--limit needs a whole"),
        (["map", "--at", "95,121", "--near", "toilets", "--html", "x.html"], "--at"),
        (
            ["map", "--at", "25,121", "--near", "toilets", "--html", "x.html", "--tiles", "ftp://x/{z}/{x}/{y}"],
            "The tile URL template ftp://x/{z}/{x}/{y} cannot be used: its scheme ftp is not http or https."
        ),
        (
            ["map", "--at", "25,121", "--near", "toilets", "--html", "x.html", "--tiles-attribution", "me"],
            "--tiles-attribution needs --tiles"
        ),
        (
            [
                "map", "--at", "25,121", "--near", "toilets", "--html", "x.html", "--tiles",
                "https://t.example/{z}/{x}/{y}.png", "--tiles-attribution", String(repeating: "x", count: 301),
            ],
            "--tiles-attribution needs a text of 1 to 300 characters"
        ),
    ]) func usageErrorsAreOneSentenceAndWriteNothing(_ words: [String], _ message: String) throws {
        let result = runner.run(words + ["--from", mirror.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        // One sentence, then the house's hint.
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("nearby: ") && lines[1] == "Try 'nearby map --help'.")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("x.html").path))
    }

    /// Two places at one spot: the farther marker moves to the first free spot 24 px away (straight
    /// up, the first direction tried) with a leader line to its place; the nearer stays put.
    @Test func markersThatWouldCoverEachOtherAreMovedApart() throws {
        let spot = try PictureSamples.c(25.0300, 121.5355)
        let entries = ["toilets", "parks"].enumerated().map { index, dataset in
            PlacesMap.Entry(
                number: index + 1, dataset: dataset, name: "大安森林公園", coordinate: spot, distance: "2.4 km",
                compass: "ESE", address: nil)
        }
        let map = try PlacesMap(
            title: "t", origin: PictureSamples.c(25.0418, 121.5152), entries: entries, datasets: ["toilets", "parks"],
            units: .metric, attribution: "")
        let laid = PlacesMapSVG(map).layout()
        #expect(laid[0].marker.x == laid[0].place.x && laid[0].marker.y == laid[0].place.y)
        #expect(abs(laid[1].marker.x - laid[1].place.x) < 1e-9 && abs(laid[1].place.y - laid[1].marker.y - 24) < 1e-9)
        let rendered = PlacesMapSVG(map).render()
        #expect(SVGCollector().parse(rendered))
        let leaders = try #require(rendered.components(separatedBy: "<g class=\"leaders\"").dropFirst().first)
        #expect(leaders.prefix { $0 != "\n" }.components(separatedBy: "<line ").count == 2)
    }

    @Test func helpNamesTheCommandAndItsTileOptions() {
        let help = runner.run(["map", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: nearby map --at LAT,LON --near DATASET[,DATASET…] --html FILE"))
        #expect(help.stdout.contains("--tiles URL-TEMPLATE (else NEARBY_TILES)"))
        #expect(
            runner.run(["--help"]).stdout.contains("nearby map --at LAT,LON --near DATASET[,DATASET…] --html FILE"))
    }

    @Test func aDatasetWithoutDataIsLeftOutWithAWarning() throws {
        let result = runner.run([
            "map", "--at", "25.0418,121.5152", "--near", "toilets,hotels", "--html", "map.html", "--from",
            mirror.path, "--offline",
        ])
        // Offline with an empty cache: neither has data, so exit code 3 and no page.
        #expect(result.status == 3, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("map.html").path))
        _ = runner.run(["refresh", "toilets", "--from", mirror.path])
        let partial = runner.run([
            "map", "--at", "25.0418,121.5152", "--near", "toilets,hotels", "--html", "map.html", "--from",
            mirror.path, "--offline",
        ])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stderr.contains("hotels") && partial.stderr.contains("drawing the other datasets"))
    }
}
