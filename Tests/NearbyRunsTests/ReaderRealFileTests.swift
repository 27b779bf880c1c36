import Testing

@testable import NearbyRuns

/// Every real file in ../shared/tracks (skipped cleanly when absent). Expected counts and times
/// come from /work/shared/tracks/SOURCES.md, ORACLE.md part A (upstream test suites) and part B
/// (gpxpy 1.6.2 cross-check: point counts, segments/tracks, first→last elapsed seconds).
@Suite(.enabled(if: ReaderTestPaths.sharedTracks != nil, "../shared/tracks is not present"))
struct ReaderRealFileTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var format: TrackFormat
        var pointsPerTrack: [Int]
        var segments: Int
        var waypoints: Int
        /// Last timed point minus first timed point, ORACLE.md part B (nil: not applicable).
        var elapsed: Double?
        var description: String { file }
    }

    static let all: [Expectation] = [
        .init(
            file: "fittrackee__test.gpx", format: .gpx11, pointsPerTrack: [25], segments: 1, waypoints: 0, elapsed: 250),
        .init(
            file: "gpsbabel__garmin-vivosmart-hr.gpx", format: .gpx11, pointsPerTrack: [15], segments: 1, waypoints: 0,
            elapsed: 32),
        .init(
            file: "gpsbabel__kalman_complex_zinger_in.gpx", format: .gpx11, pointsPerTrack: [9], segments: 1,
            waypoints: 0, elapsed: 8),
        .init(file: "gpxgo__file.gpx", format: .gpx11, pointsPerTrack: [4], segments: 1, waypoints: 2, elapsed: 64),
        .init(
            file: "gpxgo__gpx-without-root-attributes.gpx", format: .gpx11, pointsPerTrack: [1], segments: 1,
            waypoints: 0, elapsed: 0),
        // 8 waypoints only: read as one track of one segment (and kept as waypoints).
        // korita per-track counts: python3 counting "<trkpt" after each "<trk>" (0, 358, 176, 337).
        .init(
            file: "gpxgo__iso8859-1encoded.gpx", format: .gpx10, pointsPerTrack: [8], segments: 1, waypoints: 8,
            elapsed: 90.172),
        .init(
            file: "gpxgo__visnjan.gpx", format: .gpx10, pointsPerTrack: [413], segments: 1, waypoints: 2, elapsed: 1850),
        .init(
            file: "gpxpy__Mojstrovka.gpx", format: .gpx10, pointsPerTrack: [184], segments: 1, waypoints: 0,
            elapsed: nil),
        .init(
            file: "gpxpy__around-visnjan-with-car.gpx", format: .gpx11, pointsPerTrack: [104], segments: 1,
            waypoints: 0, elapsed: 514),
        .init(
            file: "gpxpy__cerknicko-jezero.gpx", format: .gpx10, pointsPerTrack: [0, 173, 52, 2, 44, 2, 2, 21],
            segments: 8, waypoints: 7, elapsed: 7190),
        .init(
            file: "gpxpy__cerknicko-without-times.gpx", format: .gpx10, pointsPerTrack: [0, 173, 52, 2, 44, 2, 2, 21],
            segments: 8, waypoints: 7, elapsed: 57),
        .init(
            file: "gpxpy__gpx1.0_with_all_fields.gpx", format: .gpx10, pointsPerTrack: [1, 0], segments: 2,
            waypoints: 2, elapsed: 0),
        .init(
            file: "gpxpy__korita-zbevnica.gpx", format: .gpx10, pointsPerTrack: [0, 358, 176, 337], segments: 4,
            waypoints: 2, elapsed: 13381),
        .init(
            file: "gpxpy__track-with-empty-segment.gpx", format: .gpx11, pointsPerTrack: [9], segments: 2, waypoints: 0,
            elapsed: 76),
        .init(
            file: "gpxpy__track-with-extremes.gpx", format: .gpx10, pointsPerTrack: [25], segments: 1, waypoints: 0,
            elapsed: nil),
        .init(
            file: "opentracks__gpx11_without_speed.gpx", format: .gpx11, pointsPerTrack: [3], segments: 1, waypoints: 0,
            elapsed: 101),
        .init(
            file: "opentracks__gpx_timezone.gpx", format: .gpx11, pointsPerTrack: [1], segments: 1, waypoints: 1,
            elapsed: 0),
        .init(
            file: "opentracks__legacy_gpx_pause_resume.gpx", format: .gpx11, pointsPerTrack: [6], segments: 1,
            waypoints: 2, elapsed: 4.924),
        .init(
            file: "sportslib__1681613317.gpx", format: .gpx11, pointsPerTrack: [1038], segments: 1, waypoints: 0,
            elapsed: 1958),
        .init(
            file: "sportslib__2067489619.gpx", format: .gpx11, pointsPerTrack: [502], segments: 1, waypoints: 0,
            elapsed: 2818),
        .init(
            file: "sportslib__6037744996.gpx", format: .gpx11, pointsPerTrack: [4040], segments: 1, waypoints: 0,
            elapsed: 4039),
        .init(
            file: "sportslib__6281425038.tcx", format: .tcx, pointsPerTrack: [1545], segments: 5, waypoints: 0,
            elapsed: 2162.051),
        .init(
            file: "taipei-app-ios__taipei.gpx", format: .gpx11, pointsPerTrack: [1], segments: 1, waypoints: 1,
            elapsed: 0),
    ]

    static func read(_ name: String) throws -> TrackDocument? {
        guard let path = ReaderTestPaths.shared(name) else { return nil }
        return try TrackReader().read(contentsOf: path)
    }

    static func points(_ document: TrackDocument) -> [TrackPoint] {
        document.tracks.flatMap { $0.segments.flatMap(\.points) }
    }

    @Test(arguments: all)
    func countsMatchTheOracle(_ expected: Expectation) throws {
        guard let document = try Self.read(expected.file) else { return }
        #expect(document.format == expected.format)
        #expect(document.tracks.map(\.pointCount) == expected.pointsPerTrack)
        #expect(document.tracks.reduce(0) { $0 + $1.segments.count } == expected.segments)
        #expect(document.waypoints.count == expected.waypoints)
        if let elapsed = expected.elapsed {
            let times = Self.points(document).compactMap(\.time)
            let first = try #require(times.first)
            let last = try #require(times.last)
            #expect(abs((last - first) - elapsed) < 1e-5)
        }
    }

    @Test func mojstrovkaSevenDigitFractions() throws {
        guard let document = try Self.read("gpxpy__Mojstrovka.gpx") else { return }
        let points = Self.points(document)
        // gpxpy test.py: elevation 1614.678; time 1901-12-13 20:45:52.207343 (date -u -d @-2147483648).
        #expect(points[0].elevation == 1614.678)
        #expect(abs(try #require(points[0].time) - (-2_147_483_648 + 0.207_343)) < 2e-7)
        #expect(abs(try #require(points[1].time) - (-2_147_483_648 + 0.207)) < 2e-7)
    }

    @Test func gpxgoFile() throws {
        guard let document = try Self.read("gpxgo__file.gpx") else { return }
        let points = Self.points(document)
        // gpxgo gpx_test.go: first point 2012-03-17T12:46:19Z (date -u -d … +%s = 1331988379),
        // elevation bounds 59.26…65.99, lat 52.5113534275…52.5117189623.
        #expect(points.first?.time == 1_331_988_379)
        #expect(points.compactMap(\.elevation).min() == 59.26)
        #expect(points.compactMap(\.elevation).max() == 65.99)
        #expect(points.map(\.latitude).min() == 52.5113534275)
        #expect(points.map(\.latitude).max() == 52.5117189623)
    }

    @Test func openTracksFiles() throws {
        if let zone = try Self.read("opentracks__gpx_timezone.gpx") {
            // 21:51:59.179+01:15 = 20:36:59.179Z; date -u -d 2021-01-07T20:36:59Z +%s = 1610051819.
            #expect(abs(try #require(Self.points(zone).first?.time) - 1_610_051_819.179) < 1e-6)
            #expect(zone.tracks.first?.name == "2021-01-07 22:51")
        }
        if let pause = try Self.read("opentracks__legacy_gpx_pause_resume.gpx") {
            let points = Self.points(pause)
            #expect(points.map(\.latitude) == [3, 3, 3, 100, 200, 3])
            #expect(points[3].elevation == nil)
            #expect(pause.tracks.first?.name == "2021-01-07 22:51")  // from CDATA
            #expect(pause.tracks.first?.activityType == "the category")
            #expect(pause.name == "2021-01-07 22:51")
        }
        if let cruiser = try Self.read("opentracks__gpx11_without_speed.gpx") {
            #expect(cruiser.tracks.first?.name == "20210907_213924.gpx")
            #expect(Self.points(cruiser).map(\.elevation) == [-5, -5, -5])
        }
    }

    @Test func gpxpyFiles() throws {
        if let cerknica = try Self.read("gpxpy__cerknicko-jezero.gpx") {
            #expect(cerknica.creator == "GPSBabel - http://www.gpsbabel.org")
            #expect(Self.points(cerknica).allSatisfy { $0.elevation != nil && $0.time != nil })
        }
        if let korita = try Self.read("gpxpy__korita-zbevnica.gpx") {
            // gpxpy test.py: has_times() True / False / True / True; part B: 513 timed points.
            let timed = korita.tracks.map { $0.segments.flatMap(\.points).contains { $0.time != nil } }
            #expect(timed == [false, false, true, true])
            #expect(korita.tracks[1].pointCount > 0)
            #expect(Self.points(korita).filter { $0.time != nil }.count == 513)
        }
        if let withoutTimes = try Self.read("gpxpy__cerknicko-without-times.gpx") {
            #expect(Self.points(withoutTimes).filter { $0.time != nil }.count == 5)
        }
        if let fields = try Self.read("gpxpy__gpx1.0_with_all_fields.gpx") {
            let point = try #require(Self.points(fields).first)
            #expect(point.latitude == 10.1 && point.longitude == -20.2)
        }
    }

    @Test func sportsLibHeartRateAndCadence() throws {
        // sports-lib activities-parsing spec: HR max 178 / cadence max 88 (2067489619, ns3: prefix),
        // HR max 176 / cadence max 96 (1681613317), cadence max 124 and no HR (6037744996).
        if let garmin = try Self.read("sportslib__2067489619.gpx") {
            let points = Self.points(garmin)
            #expect(points.compactMap(\.heartRate).max() == 178)
            #expect(points.compactMap(\.cadence).max() == 88)
            #expect(points.allSatisfy { $0.heartRate != nil })
            #expect(garmin.tracks.first?.activityType == "running")
        }
        if let strava = try Self.read("sportslib__1681613317.gpx") {
            let points = Self.points(strava)
            #expect(points.compactMap(\.heartRate).max() == 176)
            #expect(points.compactMap(\.cadence).max() == 96)
            #expect(strava.tracks.first?.name == "Run avec Nico & Mag")
            #expect(strava.tracks.first?.activityType == "9")
        }
        if let bom = try Self.read("sportslib__6037744996.gpx") {
            let points = Self.points(bom)
            #expect(points.compactMap(\.cadence).max() == 124)
            #expect(points.allSatisfy { $0.heartRate == nil })
        }
    }

    @Test func sportsLibTCX() throws {
        guard let tcx = try Self.read("sportslib__6281425038.tcx") else { return }
        let track = try #require(tcx.tracks.first)
        #expect(track.activityType == "Running")
        // date -u -d 2016-09-12T11:19:56Z +%s = 1473679196 (first Trackpoint Time in the file).
        #expect(track.segments.first?.points.first?.time == 1_473_679_196)
        #expect(track.segments.first?.points.first?.heartRate == 85)
    }

    @Test func taipeiSingleWaypoint() throws {
        guard let taipei = try Self.read("taipei-app-ios__taipei.gpx") else { return }
        let point = try #require(Self.points(taipei).first)
        #expect(point.latitude == 25.03876083320457 && point.longitude == 121.55050612986088)
        #expect(point.elevation == 21.43)
        #expect(point.time == 1_497_687_844)  // date -u -d 2017-06-17T08:24:04Z +%s
        #expect(taipei.creator == "gpxgenerator.com")
    }
}
