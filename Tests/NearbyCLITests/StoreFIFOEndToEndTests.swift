import Foundation
import NearbyTestSupport
import Testing

/// Issue 22: a FIFO as `--db` held `runs list`, `badges` and `runs near` forever; run with a
/// deadline here, so the test fails instead of hanging.
@Suite struct StoreFIFOEndToEndTests {
    @Test(arguments: [["runs", "list"], ["badges"], ["runs", "near", "--at", "25.04,121.5", "--within", "100m"]])
    func aFIFOAsTheDatabaseIsOneSentence(command: [String]) throws {
        let home = try TestPaths.temporaryDirectory("nearby-fifo")
        let fifo = home.appendingPathComponent("runs.sqlite").path
        #expect(mkfifo(fifo, 0o600) == 0)
        var probe = FloodProbe(home: home)
        probe.timeout = 10
        let outcome = try probe.run(command + ["--db", fifo])
        #expect(outcome.killed == nil, "\(outcome.killed ?? "")")
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "nearby: The run database \(fifo) is a named pipe (FIFO), not a regular file, so it is not opened.\n"
        )
    }
}
