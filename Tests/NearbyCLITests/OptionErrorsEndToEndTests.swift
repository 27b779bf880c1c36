import Foundation
import Testing

/// Numeric options in process (issue 8): out of range or not decimal is a usage
/// error (exit 2) in one sentence — never a trap. Before, `--within 1e19km` trapped printing the
/// radius, and `0x19` was read as 25.
@Suite(.serialized) struct OptionErrorsEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let run = TestPaths.fixture("meridian-2km.gpx").path
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-options")
        nearby = InProcessRunner(home: home)
    }

    @Test func usageErrors() throws {
        let html = home.appendingPathComponent("run.html").path
        let cases: [[String]] = [
            ["checkpoints", run, "--near", "toilets", "--within", "1e19km"],
            ["checkpoints", run, "--near", "toilets", "--within", "1e308km"],
            ["along", run, "--near", "toilets", "--within", "1e19km"],
            ["along", run, "--near", "toilets", "--within", "nan"],
            ["toilets", "--at", "25,121", "--within", "inf"],
            ["toilets", "--at", "25,121", "--within", "0x19"],
            ["toilets", "--at", "25,121", "--within", "20037.6km"],
            ["near", "--at", "25,121", "--in", "toilets", "--within", "0"],
            ["runs", "show", run, "--html", html, "--near", "toilets", "--within", "1e19km"],
            ["toilets", "--at", "0x19,121.5"],
            ["show", "toilets", "1", "--at", "geo:0x19,121.5"],
            ["toilets", "--at", "25,121", "--limit", "0x19"],
            ["toilets", "--at", "25,121", "--limit", "9223372036854775808"],
            ["checkpoints", run, "--near", "toilets", "--limit", "1e3"],
            ["runs", "show", run, "--max-speed", "0x19"],
            ["toilets", "--at", "--cache-dir", home.path],
        ]
        for words in cases {
            let result = nearby.run(words + ["--from", mirror])
            #expect(result.status == 2, "\(words): \(result.stderr)")
            #expect(result.stderr.hasPrefix("nearby: --"), "\(words): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 2, "\(words)")  // the sentence + "Try --help"
            #expect(result.stdout.isEmpty, "\(words)")
        }
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    @Test func aValuedOptionBeforeAnotherOptionNeedsItsValue() throws {
        let result = nearby.run(["toilets", "--at", "--cache-dir", home.path])
        #expect(result.stderr.hasPrefix("nearby: --at needs a value."))
        let negative = nearby.run(["toilets", "--at", "-33.9,151.2", "--limit", "1", "--from", mirror])
        #expect(negative.status == 0, "\(negative.stderr)")
    }

    @Test func theGreatestRadiusIsAccepted() throws {
        let result = nearby.run([
            "checkpoints", run, "--near", "toilets", "--within", "20037.5km", "--limit", "1", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("within 20037 km") || result.stdout.contains("within 20038 km"))
    }
}
