import Foundation
import NearbyTestSupport
import Testing

/// The device's own figures (issue 23): read after definitions with odd field sizes, shown for a
/// file as for a stored run, the session's elapsed time as the run's, and figures the activity
/// cannot have dropped with a warning. Hand-computed values: ``DeviceFixtures``.
@Suite struct DeviceFiguresTests {
    let home: URL
    let nearby: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-device")
        nearby = InProcessRunner(home: home, extra: ["TZ": "UTC"])
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = home.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func json(_ words: [String]) throws -> [String: Any] {
        let result = nearby.run(words + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// A COROS-shaped file shown directly: the session after the odd definitions gives the
    /// device's distance, timer and elapsed time, and the elapsed time is the session's 30.5 s with
    /// the fixes' 30 s beside it.
    @Test func aFileWithOddFieldSizesShowsTheDevicesFigures() throws {
        let path = try write("coros.fit", DeviceFixtures.oddFieldRun())
        let show = try json(["runs", "show", path])
        #expect(show["device_distance_m"] as? Double == 111.2)
        #expect(show["device_timer_s"] as? Double == 30)
        #expect(show["device_elapsed_s"] as? Double == 30.5)
        #expect(show["elapsed_s"] as? Double == 30.5)
        #expect(show["fix_elapsed_s"] as? Double == 30)
        let text = nearby.run(["runs", "show", path]).stdout
        #expect(text.contains("Time      0:30 moving, 0:31 elapsed (first to last fix: 0:30)\n"))
    }

    @Test func aStoredRunsElapsedTimeIsTheSessions() throws {
        #expect(nearby.run(["runs", "import", try write("coros.fit", DeviceFixtures.oddFieldRun())]).status == 0)
        let list = nearby.run(["runs", "list", "--format", "json"])
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(runs.first?["elapsed_s"] as? Double == 31)  // 30.5, rounded
        let show = try json(["runs", "show", "1"])
        #expect(show["elapsed_s"] as? Double == 30.5)
        #expect(show["fix_elapsed_s"] as? Double == 30)
        #expect(show["device_distance_m"] as? Double == 111.2)
    }

    /// A session total_distance of 1.7e306 m on a 30.5 s run: more than a runner covers in 0:31 at
    /// 12 m/s (366 m), so it is dropped with one warning, never shown, and earns no badge.
    @Test func anImpossibleDeviceDistanceIsDroppedWithAWarning() throws {
        let path = try write("huge.fit", DeviceFixtures.impossibleDistanceRun(positions: true))
        let imported = nearby.run(["runs", "import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr
                == "warning: huge.fit: The device's distance, over 1,000,000 km, is more than a run can cover in "
                + "0:31 at 12.0 m/s (0.4 km), so it was dropped.\n")
        let show = try json(["runs", "show", "1"])
        #expect(show["device_distance_m"] is NSNull)
        #expect(show["device_elapsed_s"] as? Double == 30.5)
        let text = nearby.run(["runs", "show", "1"]).stdout
        #expect(!text.contains("Device") && !text.contains("e+"))
    }

    /// The same session without positions: its distance would be the run's (an indoor run), and
    /// 1.7e306 m earned every badge. Now the distance is unknown and no badge is earned.
    @Test func anImpossibleDeviceDistanceEarnsNoBadge() throws {
        let path = try write("indoor.fit", DeviceFixtures.impossibleDistanceRun(positions: false))
        let imported = nearby.run(["runs", "import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("The device's distance, over 1,000,000 km, is more than a run can cover"))
        #expect(imported.stdout.hasPrefix("imported #1 indoor.fit: indoor, no route: 0:31 elapsed, distance unknown;"))
        let list = nearby.run(["runs", "list", "--format", "json"])
        let run = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(run["distance_m"] is NSNull)
        #expect(run["best_badge"] is NSNull)
        let badges = nearby.run(["badges"])
        #expect(badges.stderr.contains("0 of 33 badges earned over 1 run."))
    }
}
