import Foundation
import Testing

/// The few things only the built binary shows (the rest of the CLI tests run in process): the
/// stub passes the process's arguments, environment and terminal state through, and its exit
/// status is the documented code.
@Suite(.serialized) struct BinarySmokeTests {
    let home: URL
    let nearby: BinaryRunner
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-smoke")
        nearby = BinaryRunner(home: home)
    }

    @Test func versionAndSuccess() throws {
        let result = try nearby.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "nearby 0.1.0\n")
    }

    /// Exit code 2 and the one sentence for a valued option followed by another option.
    @Test func usageErrorExitsTwo() throws {
        let result = try nearby.run(["toilets", "--at", "--limit", "3"])
        #expect(result.status == 2)
        #expect(result.stderr == "nearby: --at needs a value.\nTry 'nearby toilets --help'.\n")
        #expect(result.stdout.isEmpty)
    }

    /// Exit code 3: no cached copy and no way to fetch one.
    @Test func noDataExitsThree() throws {
        let result = try nearby.run(["toilets", "--offline"])
        #expect(result.status == 3, "\(result.stderr)")
    }

    /// Standard output is a pipe here: no styling even with a colour terminal named, and the
    /// checkout is found from the executable's own path (no NEARBY_HOME given).
    @Test func aPipeGetsNoStylingAndTheCheckoutIsFound() throws {
        var runner = nearby
        runner.environment["TERM"] = "xterm-256color"
        let result = try runner.run(["toilets", "--at", "25.0418,121.5152", "--limit", "2", "--from", mirror])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("捷運台大醫院站"))
    }
}
