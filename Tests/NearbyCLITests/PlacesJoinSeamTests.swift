import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyRuns
import Testing

/// The join seam ("places" task of issue 9), in process: the run picture draws exactly the places
/// the join (``RouteCorridor``) finds, and `checkpoints` / `along` answer from the `--near`
/// datasets that have data, with a warning for the others.
///
/// Oracle for the picture (GeographicLib 2.1, `Geodesic.WGS84.Inverse` from each of the 21 fixes
/// of Fixtures/meridian-2km.gpx to each toilet of Fixtures/mirror/toilets.csv): the least
/// distances from the route are toilet 1 228.80 m, 3 373.85 m, 2 515.15 m, 5 817.65 m,
/// 4 1,554.25 m; so within 400 m of a fix lie toilets 1 and 3, within 300 m toilet 1 alone.
@Suite(.serialized) struct PlacesJoinSeamTests {
    let home: URL
    let nearby: InProcessRunner
    let run = TestPaths.fixture("meridian-2km.gpx").path
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-seam")
        nearby = InProcessRunner(home: home)
    }

    /// The toilets of the mirror fixture with coordinates, by id.
    static let toilets: [(id: String, name: String, coordinate: Coordinate)] = [
        ("1", "臺北車站一樓東側", Coordinate(latitude: 25.0478, longitude: 121.51775)),
        ("2", "二二八和平公園(署)", Coordinate(latitude: 25.04334, longitude: 121.5149)),
        ("3", "捷運台大醫院站", Coordinate(latitude: 25.041, longitude: 121.5163)),
        ("4", "大安森林公園", Coordinate(latitude: 25.03, longitude: 121.5354)),
        ("5", "總統府參觀區", Coordinate(latitude: 25.0401, longitude: 121.5119)),
    ].compactMap { item in item.2.map { (item.0, item.1, $0) } }

    @Test(arguments: [(400.0, ["1", "3"]), (300.0, ["1"]), (200.0, [])])
    func thePictureDrawsThePlacesTheJoinFinds(radius: Double, expected: [String]) throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let html = home.appendingPathComponent("run.html").path
        let result = nearby.run([
            "runs", "show", run, "--html", html, "--near", "toilets", "--within", "\(Int(radius))m", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("(\(expected.count) places)"), "\(result.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        for toilet in Self.toilets {
            #expect(page.contains(toilet.name) == expected.contains(toilet.id), "\(toilet.name)")
        }
        // The join over the same coordinates gives the same places.
        let cleaned = TrackCleaner().clean(try TrackReader().read(contentsOf: run))
        let join = RouteCorridor(radius: radius).places(
            near: cleaned, with: [SpatialIndexLocator(Self.toilets.map(\.coordinate))])
        #expect(join == [expected.compactMap { id in Self.toilets.firstIndex { $0.id == id } }])
    }

    @Test func checkpointsAnswerFromTheDatasetsThatHaveData() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let result = nearby.run([
            "checkpoints", run, "--near", "hotels,toilets", "--within", "600m", "--format", "json", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["badge"] as? String } == ["Earth's Atmosphere", "The Moon"])
        let near = try #require(items[1]["near"] as? [String: Any])
        #expect(Array(near.keys) == ["toilets"])
        #expect((near["toilets"] as? [[String: Any]])?.map { $0["id"] as? String } == ["1", "2", "3"])
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: hotels has no data") == true, "\(result.stderr)")
    }

    @Test func alongAnswersFromTheOthersAndNoneIsExitCodeThree() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let partial = nearby.run(["along", run, "--near", "toilets,parks", "--within", "300m", "--from", mirror])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stdout.contains("TOILETS") && !partial.stdout.contains("PARKS"))
        #expect(partial.stderr.contains("warning: parks has no data"))
        let none = nearby.run(["along", run, "--near", "parks,hotels", "--offline"])
        #expect(none.status == 3)
        #expect(none.stderr.contains("parks has no data") && none.stderr.contains("hotels has no data"))
        #expect(none.stderr.contains("(--offline)"))
    }

    @Test func messagesGetTheirFlagsFromTheCommandLine() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let missing = nearby.run(["toilets", "--at", "25.0418,121.5152", "--offline"])
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("toilets has no data: there is no cached copy and fetching is off (--offline)"))
        // A manifest may not read local files; the library says so, the command line says how.
        let folder = home.appendingPathComponent("datasets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = """
            {"kind": "places", "id": "local", "title": "local", "source": {"urls": ["file:///etc/passwd"], "format": "csv"},
             "fields": {"name": "n", "latitude": "lat", "longitude": "lon"},
             "refresh": {"days": 5, "timeZone": "Asia/Taipei"}, "licence": "l", "attribution": "a"}
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("local.json"))
        let listed = nearby.run(["datasets", "--datasets", folder.path, "--offline"])
        #expect(
            listed.stderr.contains(
                "is refused because file URLs are allowed only for the user's own mirror folder, never in a manifest "
                    + "(give a folder of feed files with --from or NEARBY_MIRROR)."), "\(listed.stderr)")
    }
}
