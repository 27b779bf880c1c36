import Foundation
import NearbyRuns
import NearbyStore
import Testing

/// Hostile or unlucky input on the runs side, in process (through the built binary where another
/// process matters): impossible values, non-regular files, runs stored with absurd values, year
/// 0000, a busy or read-only database.
@Suite(.serialized) struct RunsTrustTests {
    let home: URL
    let nearby: InProcessRunner
    /// For the two tests about another process (a writer, another user).
    let binary: BinaryRunner
    var database: String { home.appendingPathComponent("runs.sqlite").path }

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-trust")
        nearby = InProcessRunner(home: home, extra: ["TZ": "UTC"])
        binary = BinaryRunner(home: home, extra: ["TZ": "UTC"])
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Two fixes 100 m apart on the meridian (CLI fixture), 30 s apart, with what `extra` adds.
    static func gpx(time0: String = "2025-12-01T00:00:00Z", time1: String = "2025-12-01T00:00:30Z", ele: String = "10")
        -> String
    {
        """
        <gpx version="1.1"><trk><type>running</type><trkseg>
        <trkpt lat="25.030000000000" lon="121.52"><ele>\(ele)</ele><time>\(time0)</time></trkpt>
        <trkpt lat="25.030902744291" lon="121.52"><ele>12</ele><time>\(time1)</time></trkpt>
        </trkseg></trk></gpx>
        """
    }

    @Test func aBadHeartRateWarnsOnceAndTheFileImports() throws {
        let tcx = try write(
            """
            <TrainingCenterDatabase><Activities><Activity Sport="Running"><Lap><Track>
            <Trackpoint><Time>2025-12-01T00:00:00Z</Time><Position><LatitudeDegrees>25.03</LatitudeDegrees>
            <LongitudeDegrees>121.52</LongitudeDegrees></Position><HeartRateBpm><Value>99999</Value></HeartRateBpm></Trackpoint>
            <Trackpoint><Time>2025-12-01T00:00:30Z</Time><Position><LatitudeDegrees>25.030902744291</LatitudeDegrees>
            <LongitudeDegrees>121.52</LongitudeDegrees></Position><HeartRateBpm><Value>150</Value></HeartRateBpm></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """, "hr.tcx")
        let result = nearby.run(["runs", "import", tcx])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "warning: hr.tcx: 1 heart rate outside 20…250 bpm was dropped.\n")
        #expect(result.stdout.contains("imported #1 hr.tcx: 0.10 km in 0:30 (5:00 /km)"))
    }

    @Test func anAbsurdElevationImportsAndShows() throws {
        let file = try write(Self.gpx(ele: "1e20"), "ele.gpx")
        let imported = nearby.run(["runs", "import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("1 elevation outside −500…9,000 m was dropped."))
        let show = nearby.run(["runs", "show", "1"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("Elevation –\n"))  // one elevation left: no figure, not 0 m
        let html = nearby.run(["runs", "show", "1", "--html", home.appendingPathComponent("p.html").path])
        #expect(html.status == 0, "\(html.stderr)")
    }

    /// `/dev/zero` and a FIFO are one sentence and exit 1, for show and import alike.
    @Test func devicesAndFIFOsAreOneSentence() throws {
        let fifo = home.appendingPathComponent("pipe.gpx").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for words in [["runs", "show", "/dev/zero"], ["runs", "import", "/dev/zero"]] {
            let result = nearby.run(words)
            #expect(result.status == 1)
            #expect(
                result.stderr.hasPrefix(
                    "nearby: /dev/zero could not be read: it is a character device, not a regular file."))
        }
        // Every command that takes a track file directly reads it as import does.
        for words in [
            ["runs", "show", fifo], ["checkpoints", fifo, "--near", "toilets"], ["along", fifo, "--near", "toilets"],
        ] {
            let result = nearby.run(words)
            #expect(result.status == 1)
            #expect(
                result.stderr == "nearby: \(fifo) could not be read: it is a named pipe (FIFO), not a regular file.\n")
        }
    }

    /// Runs stored before the limits (or written by anything else) with absurd values: every
    /// reading command answers, none traps.
    @Test func runsStoredWithAbsurdValuesNeverTrap() throws {
        let huge = Double.greatestFiniteMagnitude
        let store = try RunStore(path: database, now: { 1_700_000_000 })
        let values: [Double] = [1e20, huge, -huge, 0, 9000, .infinity, .nan]
        let points = values.enumerated().map { k, value in
            TrackPoint(
                latitude: 25.03 + Double(k) * 0.000902744291, longitude: 121.52, elevation: value,
                time: 1_764_547_200 + Double(k) * 30, heartRate: 65535, cadence: 65535, power: 65535)
        }
        _ = try store.importRun(
            RunRecord(
                contentHash: "aa01", sourceName: "elevation.gpx", startTime: 1e300, distance: 1e300,
                elapsedTime: huge, movingTime: huge, segments: [TrackSegment(points: points)]))
        let times: [Double] = [0, 1e300, .nan, -1e300, .infinity, -huge, 5e15]
        let timed = times.enumerated().map { k, time in
            TrackPoint(latitude: 25.03 + Double(k) * 0.000902744291, longitude: 121.52, time: time)
        }
        _ = try store.importRun(
            RunRecord(
                contentHash: "aa02", sourceName: "times.gpx", startTime: -huge, distance: 0, elapsedTime: 0,
                movingTime: 0, fileTime: huge, segments: [TrackSegment(points: timed)]))
        // The same times without a file time to dismiss them: the clock is used as it is.
        _ = try store.importRun(
            RunRecord(
                contentHash: "aa03", sourceName: "clock.gpx", distance: 0, elapsedTime: 0, movingTime: 0,
                segments: [TrackSegment(points: timed), TrackSegment(points: timed.reversed())]))
        for id in ["1", "2", "3"] {
            for words in [
                ["runs", "show", id], ["runs", "show", id, "--format", "json"],
                ["runs", "show", id, "--html", home.appendingPathComponent("p\(id).html").path],
            ] {
                let result = nearby.run(words)
                #expect(result.status == 0, "\(words): \(result.status) \(result.stderr)")
            }
        }
        for words in [
            ["runs", "list"], ["runs", "list", "--format", "json"], ["runs", "list", "--format", "csv"], ["badges"],
        ] {
            let result = nearby.run(words)
            #expect(result.status == 0, "\(words): \(result.status) \(result.stderr)")
        }
    }

    /// Year 0000 is year 0000 (proleptic Gregorian), in the table and in JSON.
    @Test func yearZeroIsShownAsYearZero() throws {
        let file = try write(Self.gpx(time0: "0000-01-01T00:00:00Z", time1: "0000-01-01T00:00:30Z"), "zero.gpx")
        let text = nearby.run(["runs", "show", file])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Date      0000-01-01 00:00\n"))
        let json = nearby.run(["runs", "show", file, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["start"] as? String == "0000-01-01T00:00:00Z")
    }

    /// Another process holds the write lock (an import): reading commands still answer.
    @Test func readingWorksWhileAnotherProcessWrites() throws {
        let file = try write(Self.gpx(), "run.gpx")
        #expect(try binary.run(["runs", "import", file]).status == 0)
        let writer = try SQLiteDatabase(path: database)
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        for words in [
            ["runs", "list"], ["runs", "show", "1"], ["badges"], ["runs", "export", "1", "--format", "csv"],
        ] {
            let result = try binary.run(words)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
    }

    /// A read-only database in a read-only folder (as another user: root ignores permissions).
    @Test func readingWorksOnAReadOnlyDatabase() throws {
        let file = try write(Self.gpx(), "run.gpx")
        let folder = home.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var runner = binary
        runner.environment["NEARBY_DB"] = folder.appendingPathComponent("runs.sqlite").path
        // The reader runs as another user: one athlete name for both, so it reads the importer's runs.
        runner.environment["LOGNAME"] = "trust"
        #expect(try runner.run(["runs", "import", file]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.path + "/runs.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path)
        let asOther =
            getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []
        if !asOther.isEmpty, !FileManager.default.isExecutableFile(atPath: asOther[0]) { return }
        for words in [["runs", "list", "--format", "json"], ["runs", "show", "1"], ["badges"]] {
            let result = try runner.run(words, prefix: asOther)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
        let list = try runner.run(["runs", "list", "--format", "json"], prefix: asOther)
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(runs.map { $0["source"] as? String } == ["run.gpx"])
    }
}
