import Foundation
import Synchronization

@testable import NearbyCLI

/// Runs `NearbyCLI.run` in this process with an injected environment, so a test can pretend that
/// standard output and standard error are terminals (styling on) and read exactly what was written.
struct InProcessRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    var home: URL
    var terminal = false
    var extra: [String: String] = [:]

    func run(_ arguments: [String]) -> Result {
        let captured = Captured()
        var variables = [
            "HOME": home.path, "LANG": "C.UTF-8", "NEARBY_HOME": TestPaths.packageRoot.path,
            "NEARBY_CACHE_DIR": home.appendingPathComponent("cache").path,
            "NEARBY_DB": home.appendingPathComponent("runs.sqlite").path,
        ]
        variables.merge(extra) { _, new in new }
        let environment = CommandEnvironment(
            arguments: arguments, variables: variables, currentDirectory: home.path,
            executablePath: TestPaths.packageRoot.appendingPathComponent(".build/debug/nearby").path,
            stdoutIsTerminal: terminal, stderrIsTerminal: terminal, clock: .system)
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
