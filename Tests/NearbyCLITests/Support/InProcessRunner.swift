import Foundation
import Synchronization

@testable import NearbyCLI

/// Runs `NearbyCLI.run` in this process with an injected environment, output and a pinned clock:
/// the command sees only the variables given here (as the binary sees only its environment), so
/// most command-line tests need no process launch. Standard output and standard error can pretend
/// to be terminals (styling on), and exactly what was written is read back.
struct InProcessRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The clock every in-process command reads unless a test sets its own:
    /// 2026-06-15T04:00:00Z (noon in Taipei), 1,781,496,000 s after 1970.
    static let pinnedNow = Date(timeIntervalSince1970: 1_781_496_000)

    var home: URL
    var terminal = false
    var extra: [String: String] = [:]
    var now: Date = InProcessRunner.pinnedNow

    init(home: URL, terminal: Bool = false, extra: [String: String] = [:]) {
        self.home = home
        self.terminal = terminal
        self.extra = extra
    }

    /// The variables of a run: as ``BinaryRunner`` gives the binary, plus `NEARBY_HOME` (the
    /// checkout the binary would find beside itself).
    var variables: [String: String] {
        var variables = [
            "HOME": home.path, "LANG": "C.UTF-8", "NEARBY_HOME": TestPaths.packageRoot.path,
            "NEARBY_CACHE_DIR": home.appendingPathComponent("cache").path,
            "NEARBY_DB": home.appendingPathComponent("runs.sqlite").path,
        ]
        variables.merge(extra) { _, new in new }
        return variables
    }

    func run(_ arguments: [String]) -> Result {
        let captured = Captured()
        let now = self.now
        let environment = CommandEnvironment(
            arguments: arguments, variables: variables, currentDirectory: home.path,
            executablePath: TestPaths.packageRoot.appendingPathComponent(".build/debug/nearby").path,
            stdoutIsTerminal: terminal, stderrIsTerminal: terminal, clock: .fixed(now))
        let status = NearbyCLI.run(
            environment,
            output: CommandOutput(
                out: { text in captured.stdout.withLock { $0 += text } },
                err: { text in captured.stderr.withLock { $0 += text } }))
        return Result(
            status: status, stdout: captured.stdout.withLock { $0 }, stderr: captured.stderr.withLock { $0 })
    }

    private final class Captured: Sendable {
        let stdout = Mutex("")
        let stderr = Mutex("")
    }
}

/// Text a terminal would obey: any C0 control but LF, DEL, a C1 control or a bidi control.
func rawControls(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
