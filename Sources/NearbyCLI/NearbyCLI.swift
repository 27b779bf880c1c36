import Foundation
import NearbyOutput
/// The `nearby` command line: parses the words, runs one command, returns the exit code.
///
/// Output goes through the injected ``CommandOutput``; nothing here calls `exit`, so tests can run
/// every command in-process.
public enum NearbyCLI {
    /// The version printed by `--version` and sent in the User-Agent.
    public static let version = "0.1.0"

    /// Runs the command named by `environment.arguments` and returns its exit code.
    public static func run(_ environment: CommandEnvironment, output: CommandOutput) -> Int32 {
        let words = environment.arguments
        let terminal = TerminalOutput(
            output, codes: TerminalCodes.random(), stderrIsTerminal: environment.stderrIsTerminal)
        let errorStyle = Style(
            enabled: environment.stderrIsTerminal && environment.variables["NO_COLOR"] == nil
                && !words.contains("--no-color"),
            codes: terminal.codes)
        do {
            try dispatch(words, environment: environment, output: terminal)
            return ExitCode.success.rawValue
        } catch {
            // One line: line breaks and controls in the message (often from outside) are escaped.
            var message = ControlText.escaped(error.message)
            if let last = message.last, !".!?".contains(last) { message += "." }
            terminal.err(errorStyle.red("nearby: ") + message + "\n")
            if error.exitCode == .usage { terminal.err("Try '\(Help.hint(for: words))'.\n") }
            return error.exitCode.rawValue
        }
    }

    private static func dispatch(
        _ words: [String], environment: CommandEnvironment, output: TerminalOutput
    ) throws(CLIError) {
        guard let first = words.first else {
            output.out(Help.overview)
            return
        }
        let rest = Array(words.dropFirst())
        switch first {
        case "--help", "-h", "help":
            output.out(Help.text(for: rest) ?? Help.overview)
        case "--version", "version":
            output.out("nearby \(version)\n")
        default:
            let context = { (spec: CommandSpec, words: [String]) throws(CLIError) -> CommandContext in
                try CommandContext(words: words, spec: spec, environment: environment, output: output)
            }
            try CommandRouter.route(first, rest, makeContext: context)
        }
    }
}
