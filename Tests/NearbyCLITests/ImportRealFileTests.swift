import Foundation
import Testing

/// `runs import` of the real files in ../shared/fit (skipped without it), against ORACLE.md
/// (Garmin's FIT SDK, fitdecode, GeographicLib) and EXPORTS.md §4 (the synthetic Strava export).
@Suite(.enabled(if: ImportFixtures.sharedFit != nil)) struct ImportRealFileTests {
    let home: URL
    let runner: InProcessRunner
    let folder = ImportFixtures.sharedFit ?? URL(fileURLWithPath: "/nonexistent")

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-import-real")
        runner = InProcessRunner(home: home, extra: ["TZ": "UTC"])
    }

    func json(_ words: [String]) throws -> Any {
        let result = runner.run(words + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func runs() throws -> [[String: Any]] { try #require(try json(["runs", "list"]) as? [[String: Any]]) }

    @Test func theFolderImportsOrRefusesEachFileAsTheOracleSays() throws {
        let result = runner.run(["runs", "import", folder.path])
        #expect(result.status == 1)  // two files are refused
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("nearby: ") }
        #expect(errors.contains("nearby: fitparse__Settings.fit is a FIT settings file, not an activity."))
        #expect(
            errors.contains {
                $0.hasPrefix(
                    "nearby: fitparse__strava-android-app-201.10-b1218918.fit is damaged: decoding stops at byte 7471 of 78252"
                )
            })
        #expect(!errors.contains { $0.contains("compressed-speed-distance") || $0.contains("indoor-trainer") })
        #expect(result.stderr.contains("warning: fitparse__activity-unexpected-eof.fit: The file is truncated"))
        #expect(result.stderr.contains("warning: fitparse__nick.fit: The recording was never closed"))
        let stored = try runs()
        let bySource = Dictionary(grouping: stored) { $0["source"] as? String ?? "" }
        func one(_ name: String) -> [String: Any] { bySource[name]?.first ?? [:] }
        // ORACLE.md part B: geodesic metres (ours is rounded to 0.1 m); elapsed seconds are the
        // session's total_elapsed_time (issue 23; the list rounds them), the first-to-last-record
        // span beside them in `runs show`.
        for (file, geodesic, elapsed, span) in [
            ("fitparse__garmin-fenix-5-run.fit", 160.994, 57.0, 57.0),  // 56.887 s
            ("fitparse__garmin-fenix-5-walk.fit", 68.023, 45, 46),  // 45.379 s
            ("fitparse__developer-types-sample.fit", 6778.394, 3424, 3423),
            ("geoactivityplayground__12866632127.fit.gz", 3319.454, 1428, 1428),  // 1,428.038 s
        ] {
            #expect(abs((one(file)["distance_m"] as? Double ?? 0) - geodesic) <= 0.05, "\(file)")
            #expect(one(file)["elapsed_s"] as? Double == elapsed, "\(file)")
            let shown = try #require(try json(["runs", "show", file]) as? [String: Any])
            #expect(shown["fix_elapsed_s"] as? Double == span, "\(file)")
        }
        #expect(one("fitparse__garmin-fenix-5-walk.fit")["activity"] as? String == "walking")
        // Rides are not runs (issue 23): the Edge 500's and the ELEMNT's cycling sessions earn no
        // badge (92.6 and 79.5 km earned Interstellar Space before); their elapsed time is the
        // session's 12,691.28 and 23,595 s (the records span 12,691 and 23,591 s).
        for (file, elapsed) in [
            ("fitparse__garmin-edge-500-activity.fit", 12_691.0),
            ("fitparse__2019-02-17-062644-ELEMNT-297E-195-0.fit", 23_595),
        ] {
            #expect(one(file)["kind"] as? String == "cycling", "\(file)")
            #expect(one(file)["best_badge"] is NSNull, "\(file)")
            #expect(one(file)["elapsed_s"] as? Double == elapsed, "\(file)")
        }
        // Without positions (issue 10): runs without a route, elapsed the session's (first → last
        // record: 2,263 and 3,880 s); the compressed file's distance is its last record's
        // 10,248.6875 m, the trainer's unknown.
        #expect(one("fitparse__sample-activity-indoor-trainer.fit")["elapsed_s"] as? Double == 2262)  // 2,261.85
        #expect(one("fitparse__sample-activity-indoor-trainer.fit")["distance_m"] is NSNull)
        #expect(one("fitparse__compressed-speed-distance.fit")["elapsed_s"] as? Double == 3883)  // 3,883.273
        #expect(one("fitparse__compressed-speed-distance.fit")["distance_m"] as? Double == 10_248.7)
        #expect(one("fitparse__activity-unexpected-eof.fit")["points"] as? Int == 14)
        #expect(one("fitparse__nick.fit")["points"] as? Int == 14_391)
        // Multisport: one run per session, the sessions' sports in order; the total is never the
        // last record's 28,927 m (record distance restarts in every session).
        let parts = bySource["fitparse__activity-large-fenxi2-multisport.fit"] ?? []
        #expect(
            parts.compactMap { $0["activity"] as? String }
                == ["generic", "transition", "running", "transition", "running", "transition", "cycling"])
        #expect(
            parts.compactMap { $0["kind"] as? String }
                == ["unknown", "other", "running", "other", "running", "other", "cycling"])
        #expect(parts.filter { $0["best_badge"] is String }.count == 3)  // generic and the two runs
        let total = parts.compactMap { $0["distance_m"] as? Double }.reduce(0, +)
        #expect(total > 69_000 && total <= 69_825.832 + 1)
        // Nothing stored at 1990 (relative times) or 2085 (the damaged file's last record).
        #expect(!stored.contains { ($0["start"] as? String ?? "").hasPrefix("1990") })
        #expect(!stored.contains { ($0["start"] as? String ?? "").hasPrefix("2085") })
        let show = try #require(try json(["runs", "show", "fitparse__garmin-fenix-5-run.fit"]) as? [String: Any])
        #expect(show["device_distance_m"] as? Double == 157.56)
        #expect(abs((show["device_timer_s"] as? Double ?? 0) - 56.887) < 1e-9)
    }

    @Test func theStravaSampleTakesItsCatalogueAndSkipsOnlyTheDamagedMember() throws {
        let zip = folder.appendingPathComponent("strava-export-sample.zip").path
        let result = runner.run(["runs", "import", zip])
        #expect(result.status == 1)
        #expect(result.stderr.contains("strava-export-sample.zip!activities/9100000005.fit.gz is damaged"))
        #expect(result.stderr.contains("5 imported, 0 already there, 1 skipped"))
        let stored = try runs()
        #expect(
            Set(stored.compactMap { $0["name"] as? String }) == [
                "Course à pied l'après-midi", "Run avec Nico & Mag", "Lunch Walk, \"short\"", "Morning Run",
                "Laufen Landal Park",
            ])
        let laufen = try #require(stored.first { $0["name"] as? String == "Laufen Landal Park" })
        #expect(laufen["start"] as? String == "2022-05-29T15:53:35Z")
        #expect(abs((laufen["distance_m"] as? Double ?? 0) - 3319.454) <= 0.05)
        #expect(stored.first { $0["name"] as? String == "Lunch Walk, \"short\"" }?["activity"] as? String == "Walk")
        #expect(!stored.contains { ($0["distance_m"] as? Double ?? 0) > 11_000 })  // never the damaged 11.27 km
        let again = runner.run(["runs", "import", zip])
        #expect(again.stderr.contains("0 imported, 5 already there, 1 skipped"))
        #expect(try runs().count == 5)
    }
}
