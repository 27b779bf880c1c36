import Foundation
import NearbyTestSupport
import Testing

/// Issue 22's messages: each input gets the sentence a user needs (the FIT file with nothing in
/// it and the gzip of a gzip are in ImportReportingTests and ContainerGzipTests).
@Suite struct UserSentenceTests {
    let home: URL
    let runner: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-sentences")
        runner = InProcessRunner(home: home)
    }

    /// A manifest's bad nested number said "the value at the top level is not allowed".
    @Test(arguments: [("1.5", "1.5"), ("99999999999999999999999", "99999999999999999999999")])
    func aManifestsBadNestedNumberIsNamedByItsPath(written: String, shown: String) throws {
        let folder = home.appendingPathComponent("datasets-\(shown)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let original = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Datasets/toilets.json"), encoding: .utf8)
        let bad = original.replacingOccurrences(of: "\"days\": 5", with: "\"days\": \(written)")
        #expect(bad != original)
        try Data(bad.utf8).write(to: folder.appendingPathComponent("toilets.json"))
        let result = runner.run(["datasets", "--datasets", folder.path])
        #expect(
            result.stderr.contains(
                "does not follow the manifest schema: the value at \"refresh.days\" is \(shown), not a whole number in the range it takes."
            ), "\(result.stderr)")
    }

    /// A 100,000-character `--at` was echoed whole; a long one is cut, a huge one not echoed.
    @Test func aLongValueIsNotEchoedWhole() {
        let long = String(repeating: "1", count: 300)
        let cut = runner.run(["toilets", "--at", long])
        #expect(cut.status == 2)
        #expect(
            cut.stderr.hasPrefix(
                "nearby: --at: \"\(String(repeating: "1", count: 64))… (300 characters)\" is not a coordinate"))
        let huge = runner.run(["toilets", "--at", String(repeating: "1", count: 100_000)])
        #expect(huge.status == 2)
        #expect(
            huge.stderr
                == "nearby: an argument of 100000 bytes is longer than the 4096 a command takes.\nTry 'nearby toilets --help'.\n"
        )
        let within = runner.run(["toilets", "--at", "25,121", "--within", String(repeating: "x", count: 1000)])
        #expect(within.stderr.count < 200, "\(within.stderr.count)")
    }

    /// `runs list` said "No runs yet" to an athlete when others had runs.
    @Test func anEmptyListSaysWhetherOthersHaveRuns() throws {
        let track = TestPaths.fixture("meridian-2km.gpx").path
        #expect(
            runner.run(["runs", "list", "--athlete", "bob"]).stderr
                == "No runs yet; import some with 'nearby runs import FILE'.\n")
        #expect(runner.run(["runs", "import", track, "--athlete", "ann"]).status == 0)
        let bob = runner.run(["runs", "list", "--athlete", "bob"])
        #expect(bob.status == 0)
        #expect(
            bob.stderr
                == "No runs of athlete bob yet; 1 run of 1 other athlete is in this database ('nearby runs list --all' lists them, '--athlete NAME' chooses whose).\n"
        )
    }
}
