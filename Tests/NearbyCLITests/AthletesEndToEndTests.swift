import Foundation
import Testing

/// Athletes and `runs near`, in process, on SQLite.
///
/// Fixtures/meridian-2km.gpx: 21 fixes due north from 25.03,121.52, one every 100 m, the first at
/// 2025-12-01T00:00:00Z. GeographicLib: Direct(25.03, 121.52, 90°, 150 m) = P (25.029999992569312,
/// 121.52148624385616); Inverse(P, first fix) = 150.0000000001 m at azimuth −89.99937° (bearing
/// 270.0°, W); the second fix is 180.28 m from P.
@Suite(.serialized) struct AthletesEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let run = TestPaths.fixture("meridian-2km.gpx").path
    let point = "25.029999992569312,121.52148624385616"

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-athletes")
        nearby = InProcessRunner(home: home, extra: ["LOGNAME": "ann", "USER": "nobody", "TZ": "Asia/Taipei"])
    }

    func json(_ words: [String]) throws -> [[String: Any]] {
        let result = nearby.run(words)
        #expect(result.status == 0, "\(words): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func importsAreTheLoginNamesAndListsAreTheAthletes() throws {
        #expect(nearby.run(["runs", "import", run]).status == 0)
        let again = nearby.run(["runs", "import", run, "--athlete", "bo"])
        #expect(again.status == 0)
        #expect(again.stdout == "already imported as #1 by ann: meridian-2km.gpx\n")
        #expect(nearby.run(["runs", "import", run]).stdout == "already imported as #1: meridian-2km.gpx\n")

        let own = try json(["runs", "list", "--format", "json"])
        #expect(own.map { $0["id"] as? Int } == [1])
        #expect(own.first?["athlete"] == nil)  // the column only with --all
        #expect(try json(["runs", "list", "--format", "json", "--athlete", "bo"]).isEmpty)
        let everyone = try json(["runs", "list", "--format", "json", "--all"])
        #expect(everyone.first?["athlete"] as? String == "ann")
        let table = nearby.run(["runs", "list", "--all"])
        #expect(table.stdout.contains("ATHLETE"))
        #expect(!nearby.run(["runs", "list"]).stdout.contains("ATHLETE"))

        // A file name resolves within the athlete (or all with --all); an id names any run.
        #expect(nearby.run(["runs", "show", "meridian-2km.gpx", "--athlete", "bo"]).status == 1)
        #expect(nearby.run(["runs", "show", "meridian-2km.gpx", "--athlete", "bo", "--all"]).status == 2)
        #expect(nearby.run(["runs", "show", "meridian-2km.gpx", "--all"]).status == 0)
        #expect(nearby.run(["runs", "show", "1", "--athlete", "bo"]).status == 0)
        let badges = nearby.run(["badges", "--athlete", "bo"])
        #expect(badges.stderr.contains("over 0 runs"))
    }

    @Test func badAthleteNamesAreUsageErrors() {
        for (name, sentence) in [
            ("", "nearby: --athlete: the athlete name is empty.\n"),
            ("a\u{1B}[31m", "nearby: --athlete: the athlete name holds a control character.\n"),
            (
                String(repeating: "x", count: 65),
                "nearby: --athlete: the athlete name has 65 characters, more than the 64 allowed.\n"
            ),
        ] {
            let result = nearby.run(["runs", "list", "--athlete", name])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix(sentence), "\(result.stderr)")
        }
        var bad = nearby
        bad.extra["LOGNAME"] = "x\u{7}"
        let login = bad.run(["runs", "list"])
        #expect(login.status == 2)
        #expect(!login.stderr.contains("\u{7}"))
        #expect(nearby.run(["runs", "list", "--athlete", "bo", "--all"]).status == 2)
    }

    @Test func runsNearListsWhereAndWhen() throws {
        #expect(nearby.run(["runs", "import", run]).status == 0)
        let found = try json(["runs", "near", "--at", point, "--within", "200m", "--format", "json"])
        #expect(found.count == 1)
        let pass = try #require(found.first)
        #expect(pass["id"] as? Int == 1)
        #expect(pass["distance_m"] as? Double == 150)
        #expect(pass["bearing_deg"] as? Double == 270)
        #expect(pass["compass"] as? String == "W")
        #expect(pass["latitude"] as? Double == 25.03)
        #expect(pass["longitude"] as? Double == 121.52)
        #expect(pass["time"] as? String == "2025-12-01T00:00:00Z")
        #expect(pass["athlete"] == nil)
        // Just under the distance: nothing.
        #expect(try json(["runs", "near", "--at", point, "--within", "149.99m", "--format", "json"]).isEmpty)
        #expect(
            try json(["runs", "near", "--at", point, "--within", "200m", "--format", "json", "--athlete", "bo"]).isEmpty
        )
        let all = try json(["runs", "near", "--at", point, "--within", "200m", "--format", "json", "--all"])
        #expect(all.first?["athlete"] as? String == "ann")

        let text = nearby.run(["runs", "near", "--at", point, "--within", "200m"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("150 m W"), "\(text.stdout)")
        #expect(text.stdout.contains("25.03,121.52"))
        #expect(text.stdout.contains("2025-12-01 08:00"))  // the fix's time in Asia/Taipei
        let textFormat = nearby.run(["runs", "near", "--at", point, "--within", "200m", "--format", "text"])
        #expect(textFormat.stdout == text.stdout)
    }

    @Test func runsNearOptionsAreChecked() {
        let zero = nearby.run(["runs", "near", "--at", point, "--within", "0m"])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--within must be greater than 0"))
        #expect(nearby.run(["runs", "near", "--within", "200m"]).status == 2)
        #expect(nearby.run(["runs", "near", "--at", point]).status == 2)
        #expect(nearby.run(["runs", "near", "--at", "91,0", "--within", "1km"]).status == 2)
        #expect(nearby.run(["runs", "near", "--at", point, "--within", "1km", "--limit", "0"]).status == 2)
        let help = nearby.run(["runs", "near", "--help"])
        #expect(help.stdout.contains("exact WGS84"))
        #expect(help.stdout.contains("--athlete NAME"))
    }
}
