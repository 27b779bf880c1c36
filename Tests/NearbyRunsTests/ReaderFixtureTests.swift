import Testing

@testable import NearbyRuns

/// Our own small fixtures (Tests/NearbyRunsTests/Fixtures/Reading), one per quirk; expected values
/// are read off the fixture text by hand, times from `date -u -d <time> +%s`.
@Suite struct ReaderFixtureTests {
    static func read(_ name: String) throws -> TrackDocument {
        try TrackReader().read(contentsOf: ReaderTestPaths.fixture(name))
    }

    @Test func bomAndExtensionPrefixes() throws {
        let document = try Self.read("bom-prefixes.gpx")
        #expect(document.format == .gpx11)
        #expect(document.creator == "Fixture & Co")
        let track = try #require(document.tracks.first)
        #expect(track.name == "Morning" && track.activityType == "running")
        let points = track.segments.flatMap(\.points)
        // ns3: prefix, undeclared gpxdata: prefix (first cadence wins over the bare <cadence>), no prefix.
        #expect(points.map(\.heartRate) == [120, 121, 122])
        #expect(points.map(\.cadence) == [80, 81, 82])
        #expect(points.map(\.elevation) == [10.5, 11, nil])
        #expect(points[0].time == 1_717_243_200)  // date -u -d 2024-06-01T12:00:00Z +%s
        #expect(points[0].latitude == 25.0330 && points[0].longitude == 121.5654)
    }

    @Test func tcxWithLeadingWhiteSpace() throws {
        let document = try Self.read("leading-space.tcx")
        #expect(document.format == .tcx)
        #expect(document.tracks.map(\.activityType) == ["Running", "Biking"])
        let running = document.tracks[0]
        // Two laps → two segments; the Trackpoint without Position is dropped.
        #expect(running.segments.map(\.points.count) == [2, 1])
        let first = running.segments[0].points[0]
        #expect(first.latitude == 47.19740667 && first.longitude == -1.59416333)
        #expect(first.elevation == 4.572 && first.heartRate == 85 && first.cadence == 70)
        #expect(first.time == 1_473_679_196)  // date -u -d 2016-09-12T11:19:56Z +%s
        let second = running.segments[0].points[1]
        #expect(second.cadence == 88)  // ns3:RunCadence in the extension
        #expect(second.heartRate == nil)
        #expect(document.tracks[1].segments.map(\.points.count) == [0])
    }

    @Test func latin1WaypointsBecomeOneTrack() throws {
        let document = try Self.read("latin1-waypoints.gpx")
        #expect(document.format == .gpx10)
        #expect(document.waypoints.count == 2)
        #expect(document.tracks.count == 1)
        #expect(document.tracks[0].segments.map(\.points) == [document.waypoints])
        // 2013-07-29T23:40:30.453Z: date -u -d 2013-07-29T23:40:30Z +%s = 1375141230
        #expect(abs((document.waypoints[0].time ?? 0) - 1_375_141_230.453) < 1e-6)
        // The track model has no waypoint names; Latin-1 conversion is checked on a track name below.
    }

    @Test func latin1TextIsConvertedToUTF8() throws {
        let bytes: [UInt8] =
            Array("<?xml version='1.0' encoding='ISO-8859-1'?><gpx><trk><name>Caf".utf8) + [0xE9]
            + Array(" &#x263A; Na".utf8) + [0xEF] + Array("ve</name></trk></gpx>".utf8)
        let document = try TrackReader().read(bytes, fileName: "latin1.gpx")
        #expect(document.tracks.first?.name == "Caf\u{E9} \u{263A} Na\u{EF}ve")
        let plain: [UInt8] =
            Array("<?xml version='1.0' encoding='latin1'?><gpx><trk><name>".utf8) + [0xC5]
            + Array("</name></trk></gpx>".utf8)
        #expect(try TrackReader().read(plain, fileName: "p.gpx").tracks.first?.name == "\u{C5}")
    }

    @Test func quirksFile() throws {
        let document = try Self.read("quirks.gpx")
        #expect(document.format == .gpx11)  // no version attribute, 1.1 namespace
        #expect(document.creator == "quoted")
        #expect(document.name == "Doc <name>")
        #expect(document.tracks.count == 2)
        let track = document.tracks[0]
        #expect(track.name == "Run & <fun> AB \"q\" 'a'")
        #expect(track.segments.map(\.points.count) == [0, 4])
        #expect(document.tracks[1].segments.isEmpty)
        let points = track.segments[1].points
        #expect(points[0] == TrackPoint(latitude: 1.5, longitude: -2.25))
        #expect(points[1].latitude == 1.6 && points[1].elevation == -5)
        // 21:51:59.179+01:15 = 20:36:59.179Z; date -u -d 2021-01-07T20:36:59Z +%s = 1610051819
        #expect(abs((points[1].time ?? 0) - 1_610_051_819.179) < 1e-6)
        #expect(abs((points[2].time ?? 0) - (-2_147_483_648 + 0.207_343)) < 2e-7)
        #expect(points[3].time == 1_357_041_600)  // no zone = UTC; date -u -d 2013-01-01T12:00:00Z +%s
    }

    @Test func routesWithoutTracks() throws {
        let document = try Self.read("route-only.gpx")
        #expect(document.format == .gpx10)
        #expect(document.tracks.map(\.name) == ["Loop", "Second"])
        #expect(document.tracks.map { $0.segments.map(\.points.count) } == [[2], [1]])
        #expect(document.tracks[0].segments[0].points[0].elevation == 75.1)
        #expect(document.waypoints.count == 1)
    }

    @Test func versionFromNamespace() throws {
        let document = try Self.read("no-version.gpx")
        #expect(document.format == .gpx10)
        #expect(document.name == "Old")
        #expect(document.tracks.first?.segments.first?.points.first?.elevation == 1614.678)
    }

    @Test func readsFromMemoryAndIgnoresTrailingContent() throws {
        let text = "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\n<!-- end -->"
        let document = try TrackReader().read(Array(text.utf8), fileName: "mem.gpx")
        #expect(document.tracks.first?.pointCount == 1)
    }
}
