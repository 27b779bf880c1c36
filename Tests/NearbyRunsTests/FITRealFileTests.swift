import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// ../shared/fit beside the package (or one level up, for a worktree), when it exists.
enum FITTestPaths {
    static let sharedFIT: String? = {
        let parent = ReaderTestPaths.packageRoot.deletingLastPathComponent()
        let candidates = [
            parent.appendingPathComponent("shared/fit").path,
            parent.deletingLastPathComponent().appendingPathComponent("shared/fit").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        let directory = try #require(sharedFIT)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
    }

    /// Seconds since 1970 of an ORACLE.md time such as 2017-06-11T14:34:09Z.
    static func time(_ text: String) -> Double? {
        ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970
    }
}

/// Every real file in ../shared/fit against ORACLE.md part B (Garmin's FIT SDK, fitdecode,
/// GeographicLib) and the import advice of part D. Skipped cleanly when the folder is absent.
@Suite(.enabled(if: FITTestPaths.sharedFIT != nil, "../shared/fit is not present"))
struct FITRealFileTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var records: Int
        var positioned: Int
        var first: String
        var last: String
        var elapsed: Double
        var lastDistance: Double?
        var geodesic: Double
        var laps: Int
        var sport: String
        var subSport: String?
        var sessionDistance: Double?
        var elapsedTime: Double?
        var timerTime: Double?
        var timerEvents: Int
        var paused: Double
        var warnings: Int = 0
        var description: String { file }
    }

    static let all: [Expectation] = [
        .init(
            file: "fitparse__garmin-fenix-5-run.fit", records: 21, positioned: 21, first: "2017-06-11T14:34:09Z",
            last: "2017-06-11T14:35:06Z", elapsed: 57, lastDistance: 157.56, geodesic: 160.994, laps: 1,
            sport: "running", subSport: "generic", sessionDistance: 157.56, elapsedTime: 56.887, timerTime: 56.887,
            timerEvents: 2, paused: 0),
        .init(
            file: "fitparse__garmin-fenix-5-walk.fit", records: 17, positioned: 17, first: "2017-06-11T14:32:51Z",
            last: "2017-06-11T14:33:37Z", elapsed: 46, lastDistance: 67.85, geodesic: 68.023, laps: 1,
            sport: "walking", subSport: "generic", sessionDistance: 67.85, elapsedTime: 45.379, timerTime: 45.379,
            timerEvents: 2, paused: 0),
        .init(
            file: "fitparse__garmin-edge-500-activity.fit", records: 10_686, positioned: 10_677,
            first: "2011-09-25T13:00:22Z", last: "2011-09-25T16:31:53Z", elapsed: 12_691, lastDistance: 92_622.34,
            geodesic: 92_857.311, laps: 9, sport: "cycling", subSport: nil, sessionDistance: 92_622.34,
            elapsedTime: 12_691.28, timerTime: 10_641.06, timerEvents: 95, paused: 2048),
        .init(
            file: "fitparse__2019-02-17-062644-ELEMNT-297E-195-0.fit", records: 13_471, positioned: 13_348,
            first: "2019-02-17T06:26:44Z", last: "2019-02-17T12:59:55Z", elapsed: 23_591, lastDistance: 78_938.18,
            geodesic: 81_110.274, laps: 1, sport: "cycling", subSport: nil, sessionDistance: 78_940.55,
            elapsedTime: 23_595, timerTime: 13_471, timerEvents: 113, paused: 10_121),
        .init(
            file: "fitparse__developer-types-sample.fit", records: 3424, positioned: 3424,
            first: "2017-01-17T17:06:47Z",
            last: "2017-01-17T18:03:50Z", elapsed: 3423, lastDistance: 6753.99, geodesic: 6778.394, laps: 1,
            sport: "running", subSport: "generic", sessionDistance: 6753.99, elapsedTime: 3424, timerTime: 3424,
            timerEvents: 2, paused: 0),
        .init(
            file: "fitparse__activity-unexpected-eof.fit", records: 14, positioned: 14, first: "2012-04-09T21:22:26Z",
            last: "2012-04-09T21:22:39Z", elapsed: 13, lastDistance: 5.73, geodesic: 5.766, laps: 1, sport: "running",
            subSport: "generic", sessionDistance: 5.73, elapsedTime: 13.749, timerTime: 13.749, timerEvents: 2,
            paused: 0, warnings: 2),
        .init(
            file: "fitparse__nick.fit", records: 14_391, positioned: 14_391, first: "2020-09-12T12:23:38Z",
            last: "2020-09-12T17:02:21Z", elapsed: 16_723, lastDistance: 113_550.87, geodesic: 113_662.971, laps: 1,
            sport: "cycling", subSport: nil, sessionDistance: nil, elapsedTime: nil, timerTime: nil, timerEvents: 17,
            paused: 2341, warnings: 3),
        .init(
            file: "fitparse__sample-activity-indoor-trainer.fit", records: 2263, positioned: 0,
            first: "2011-11-02T12:54:19Z", last: "2011-11-02T13:32:02Z", elapsed: 2263, lastDistance: nil, geodesic: 0,
            laps: 5, sport: "cycling", subSport: "generic", sessionDistance: 0, elapsedTime: 2261.85,
            timerTime: 2261.85, timerEvents: 2, paused: 0),
    ]

    static func geodesic(_ document: TrackDocument) -> Double {
        let coordinates = document.tracks.flatMap { $0.segments.flatMap { $0.points.compactMap(\.coordinate) } }
        return zip(coordinates, coordinates.dropFirst()).reduce(0) { $0 + Geodesic.wgs84.distance($1.0, $1.1) }
    }

    /// Checks a decode that keeps records written during pauses (the oracle counts every record).
    static func check(_ activity: FITActivity, _ expected: Expectation) throws {
        #expect(activity.recordCount == expected.records)
        #expect(activity.sessions.reduce(0) { $0 + $1.positionedRecordCount } == expected.positioned)
        #expect(activity.document.tracks.reduce(0) { $0 + $1.pointCount } == expected.positioned)
        let first = try #require(activity.sessions.first?.firstRecordTime)
        let last = try #require(activity.sessions.last?.lastRecordTime)
        #expect(first == FITTestPaths.time(expected.first))
        #expect(last == FITTestPaths.time(expected.last))
        #expect(last - first == expected.elapsed)
        #expect(activity.sessions.last?.lastRecordDistance == expected.lastDistance)
        #expect(abs(geodesic(activity.document) - expected.geodesic) <= 0.0006)
        #expect(activity.lapCount == expected.laps)
        #expect(activity.timerEventCount == expected.timerEvents)
        #expect(activity.pausedSeconds == expected.paused)
        #expect(activity.warnings.count == expected.warnings)
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(session.sport == expected.sport)
        #expect(session.subSport == expected.subSport)
        #expect(session.totalDistance == expected.sessionDistance)
        #expect(session.totalElapsedTime == expected.elapsedTime)
        #expect(session.totalTimerTime == expected.timerTime)
        #expect(activity.document.tracks.first?.activityType == expected.sport)
    }

    @Test(arguments: all)
    func importsAsOracleSays(_ expected: Expectation) throws {
        let bytes = try FITTestPaths.bytes(expected.file)
        let all = try FITDecoder(options: .init(keepPausedRecords: true)).decode(bytes, fileName: expected.file)
        try Self.check(all, expected)
        // By default the points written during pauses are left out of the track, and counted.
        let activity = try FITDecoder().decode(bytes, fileName: expected.file)
        let paused = activity.sessions.reduce(0) { $0 + $1.pausedPointCount }
        #expect(activity.document.tracks.reduce(0) { $0 + $1.pointCount } + paused == expected.positioned)
        #expect(activity.sessions == all.sessions)
    }

    @Test func theFenixRunMatchesTheUpstreamRecordDump() throws {
        let activity = try FITDecoder().decode(
            try FITTestPaths.bytes("fitparse__garmin-fenix-5-run.fit"), fileName: "run")
        #expect(activity.protocolVersion == 1.0)
        #expect(activity.profileVersion == 20.3)
        #expect(activity.warnings == [])
        // fitparse__garmin-fenix-5-run-records.csv (the FIT SDK's dump): time (PDT = UTC−7),
        // heart rate, position in semicircles, altitude; row by row.
        let rows = try String(decoding: FITTestPaths.bytes("fitparse__garmin-fenix-5-run-records.csv"), as: UTF8.self)
            .split(whereSeparator: \.isNewline).dropFirst().map {
                $0.split(separator: ",", omittingEmptySubsequences: false)
            }
        let points = activity.document.tracks[0].segments.flatMap(\.points)
        #expect(points.count == rows.count)
        let day = try #require(FITTestPaths.time("2017-06-11T07:00:00Z"))  // 00:00 PDT
        for (point, row) in zip(points, rows) {
            let clock = row[0].split(separator: " ")[3].split(separator: ":").compactMap { Double($0) }
            #expect(point.time == day + clock[0] * 3600 + clock[1] * 60 + clock[2])
            #expect(point.heartRate == UInt16(row[1]))
            let step = 180 / 2_147_483_648.0
            #expect(point.latitude == Double(try #require(Int(row[5]))) * step)
            #expect(point.longitude == Double(try #require(Int(row[6]))) * step)
            #expect(abs(try #require(point.elevation) - (try #require(Double(row[7])))) < 1e-7)
        }
    }

    /// Timer pauses become segments: the time inside segments is the device's timer time, and
    /// the length inside segments is the pause-aware distance ORACLE.md part D expects.
    @Test(arguments: [
        ("fitparse__garmin-edge-500-activity.fit", 10_641.06, 92_857.311 - 20.322),
        ("fitparse__2019-02-17-062644-ELEMNT-297E-195-0.fit", 13_471, 81_110.274 - 1_527.255),
    ])
    func pausesBecomeSegments(file: String, timerTime: Double, pauseAwareLength: Double) throws {
        let activity = try FITDecoder().decode(try FITTestPaths.bytes(file), fileName: file)
        var moving = 0.0
        var length = 0.0
        for segment in activity.document.tracks.flatMap(\.segments) {
            let times = segment.points.compactMap(\.time)
            moving += (times.last ?? 0) - (times.first ?? 0)
            let coordinates = segment.points.compactMap(\.coordinate)
            length += zip(coordinates, coordinates.dropFirst()).reduce(0) { $0 + Geodesic.wgs84.distance($1.0, $1.1) }
        }
        #expect(abs(moving - timerTime) / timerTime < 0.01)
        #expect(abs(length - pauseAwareLength) / pauseAwareLength < 0.01)
    }

    /// Random damage to real files of both architectures, with compressed timestamps and
    /// developer fields: every outcome is an activity or one typed sentence.
    @Test(arguments: [
        "fitparse__garmin-fenix-5-run.fit", "fitparse__compressed-speed-distance.fit",
        "fitparse__strava-android-app-201.10-b1218918.fit", "fitparse__activity-unexpected-eof.fit",
    ])
    func randomDamageToRealFilesNeverCrashes(file: String) throws {
        let original = try FITTestPaths.bytes(file)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D  // fixed seed: deterministic runs
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var failures = 0
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + next() % 8) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            do {
                let activity = try FITDecoder(options: .init(acceptDamaged: round % 2 == 0)).decode(
                    bytes, fileName: file)
                #expect(activity.recordCount <= bytes.count)
            } catch {
                failures += 1
                #expect(error.description.hasPrefix(file + " "))
            }
        }
        #expect(failures < 300)
    }

    @Test func eofFileWarnsOfTruncation() throws {
        let name = "fitparse__activity-unexpected-eof.fit"
        let activity = try FITDecoder().decode(try FITTestPaths.bytes(name), fileName: name)
        #expect(activity.warnings.first == .truncated(expected: 771, actual: 768))
        if case .endsInsideMessage = activity.warnings.last {} else { Issue.record("expected the cut message") }
    }

    @Test func nickIsNeverClosed() throws {
        let name = "fitparse__nick.fit"
        let activity = try FITDecoder().decode(try FITTestPaths.bytes(name), fileName: name)
        #expect(activity.warnings.contains(.neverClosed))
        #expect(activity.manufacturer == "sigmasport")
        #expect(activity.sessions.first?.isSynthesized == true)
        #expect(activity.warnings.contains { if case .crcMismatch = $0 { true } else { false } })
        #expect(activity.warnings.contains { if case .endsInsideMessage = $0 { true } else { false } })
    }

    @Test func developerFieldsAreSkipped() throws {
        let name = "fitparse__developer-types-sample.fit"
        let activity = try FITDecoder().decode(try FITTestPaths.bytes(name), fileName: name)
        #expect(activity.developerFieldRecordCount == 3424)
        #expect(activity.manufacturer == "stryd")
    }

    @Test func elemntSessionAverageSpeed() throws {
        let name = "fitparse__2019-02-17-062644-ELEMNT-297E-195-0.fit"
        let activity = try FITDecoder().decode(try FITTestPaths.bytes(name), fileName: name)
        #expect(activity.sessions.first?.averageSpeed == 5.86)  // upstream's assertion
    }

    @Test func multisportBecomesSevenRuns() throws {
        let name = "fitparse__activity-large-fenxi2-multisport.fit"
        let activity = try FITDecoder().decode(try FITTestPaths.bytes(name), fileName: name)
        #expect(activity.warnings == [])
        #expect(activity.recordCount == 24_239)
        #expect(activity.sessions.reduce(0) { $0 + $1.positionedRecordCount } == 24_235)
        #expect(activity.lapCount == 7)
        #expect(
            activity.sessions.map(\.sport)
                == ["generic", "transition", "running", "transition", "running", "transition", "cycling"])
        #expect(
            activity.sessions.map(\.totalDistance)
                == [25_072.07, 224.24, 2245.23, 3.63, 12_740.37, 617.55, 28_928.27])
        #expect(
            activity.sessions.map(\.totalElapsedTime) == [11_738.24, 334.79, 2294.84, 4.3, 6764.48, 269.81, 3211.0])
        let total = activity.sessions.compactMap(\.totalDistance).reduce(0, +)
        #expect(abs(total - 69_831.36) < 1e-6)
        #expect(activity.sessions.first?.startTime == FITTestPaths.time("2015-08-29T08:00:01Z"))
        #expect(activity.sessions.first?.firstRecordTime == FITTestPaths.time("2015-08-29T07:14:44Z"))
        #expect(activity.sessions.last?.lastRecordTime == FITTestPaths.time("2015-08-29T14:05:08Z"))
        #expect(activity.sessions.last?.lastRecordDistance == 28_927.39)
        #expect(abs(Self.geodesic(activity.document) - 69_825.832) <= 0.0006)
        #expect(activity.runDocuments.count == 7)
        // Each session's records lie within its own start and end (the first session starts
        // with its records, before its start_time).
        for session in activity.sessions.dropFirst() {
            let start = try #require(session.startTime)
            let end = try #require(session.endTime)
            let first = try #require(session.firstRecordTime)
            let last = try #require(session.lastRecordTime)
            #expect(first >= start - 1 && last <= end + 1)
        }
    }

    @Test func compressedTimestampsNeverBecome1990() throws {
        let name = "fitparse__compressed-speed-distance.fit"
        let activity = try FITDecoder().decode(try FITTestPaths.bytes(name), fileName: name)
        #expect(activity.recordCount == 755)
        #expect(activity.compressedTimestampRecordCount == 755)
        #expect(activity.warnings == [.relativeTimes(anchored: true)])
        let session = try #require(activity.sessions.first)
        #expect(session.positionedRecordCount == 0)
        #expect(session.lastRecordDistance == 10_248.6875)
        #expect(session.totalDistance == 10_248.67)
        #expect(session.totalElapsedTime == 3883.273)
        #expect(session.totalTimerTime == 3772.75)
        #expect(session.recordElapsedTime == 3880)
        #expect(activity.lapCount == 11)
        #expect(activity.timerEventCount == 3)
        #expect(activity.pausedSeconds == 110)
        // ORACLE part D: ≈ 2012-02-13 11:16:16 local = local_timestamp − (17221751 − 17217864).
        #expect(session.firstRecordTime == FITTestPaths.time("2012-02-13T11:16:16Z"))
        #expect(session.startTime == FITTestPaths.time("2012-02-13T11:16:16Z"))
        let year2000 = 946_684_800.0
        #expect([session.startTime, session.endTime, session.firstRecordTime].allSatisfy { ($0 ?? 0) > year2000 })
    }

    @Test func theDamagedStravaFileIsRefusedOrKeptAsItsSanePrefix() throws {
        let name = "fitparse__strava-android-app-201.10-b1218918.fit"
        let bytes = try FITTestPaths.bytes(name)
        let error = #expect(throws: FITDecodeError.self) { try FITDecoder().decode(bytes, fileName: name) }
        #expect(error == .damaged(file: name, offset: 7471, size: 78_252, reason: "local message 11 is not defined"))
        let partial = try FITDecoder(options: .init(acceptDamaged: true)).decode(bytes, fileName: name)
        #expect(partial.recordCount == 473)
        #expect(partial.droppedRecordCount == 1)
        let session = try #require(partial.sessions.first)
        #expect(partial.sessions.count == 1)
        #expect(session.recordCount == 472)
        #expect(session.positionedRecordCount == 236)
        #expect(session.firstRecordTime == FITTestPaths.time("2021-09-27T14:13:10Z"))
        #expect(session.lastRecordTime == FITTestPaths.time("2021-09-27T14:18:24Z"))
        #expect(session.totalDistance == nil)  // never 11,274.04 m
        #expect(abs(Self.geodesic(partial.document) - 929.728) <= 0.0006)
        #expect(partial.warnings.contains(.droppedImpossibleTimestamps(count: 1)))
    }

    @Test func settingsIsNotAnActivity() throws {
        let name = "fitparse__Settings.fit"
        let error = #expect(throws: FITDecodeError.self) {
            try FITDecoder().decode(try FITTestPaths.bytes(name), fileName: name)
        }
        #expect(error?.description == "fitparse__Settings.fit is a FIT settings file, not an activity.")
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip")
                || FileManager.default.isExecutableFile(atPath: "/bin/gzip"), "gzip is not installed"))
    func theStravaExportMemberImportsAfterGunzip() throws {
        let directory = try #require(FITTestPaths.sharedFIT)
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip")
                ? "/usr/bin/gzip" : "/bin/gzip")
        process.arguments = ["-dc", directory + "/geoactivityplayground__12866632127.fit.gz"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let bytes = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let activity = try FITDecoder(options: .init(keepPausedRecords: true)).decode(
            bytes, fileName: "12866632127.fit")
        #expect(activity.protocolVersion == 2.0)
        #expect(activity.profileVersion == 21.133)
        try Self.check(
            activity,
            .init(
                file: "12866632127.fit", records: 326, positioned: 326, first: "2022-05-29T15:53:35Z",
                last: "2022-05-29T16:17:23Z", elapsed: 1428, lastDistance: 3322.95, geodesic: 3319.454, laps: 4,
                sport: "running", subSport: "generic", sessionDistance: 3322.95, elapsedTime: 1428.038,
                timerTime: 1428.038, timerEvents: 2, paused: 0))
    }
}
