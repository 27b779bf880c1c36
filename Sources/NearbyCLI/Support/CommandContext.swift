import Foundation
import NearbyOutput
/// The parsed words, resolved paths and output of one command run.
struct CommandContext {
    var arguments: ParsedArguments
    var environment: CommandEnvironment
    /// Standard output and standard error, through the output boundary.
    var output: TerminalOutput
    var paths: Paths
    /// Styling for standard output.
    var style: Style
    /// Styling for standard error.
    var errorStyle: Style
    /// The declaration of the command being run.
    var spec: CommandSpec

    /// Parses `words` as `spec` declares and checks every value with its one parser.
    init(words: [String], spec: CommandSpec, environment: CommandEnvironment, output: TerminalOutput)
        throws(CLIError)
    {
        arguments = try ParsedArguments.parse(words, spec: spec.parser)
        try spec.check(&arguments)
        self.spec = spec
        self.environment = environment
        self.output = output
        paths = Paths(arguments: arguments, environment: environment)
        let colour = environment.variables["NO_COLOR"] == nil && !arguments.has("no-color")
        style = Style(enabled: colour && environment.stdoutIsTerminal, codes: output.codes)
        errorStyle = Style(enabled: colour && environment.stderrIsTerminal, codes: output.codes)
    }

    /// The `--format` option, checked against the formats a command supports. A machine format
    /// (anything but `table`) makes standard output exact (see ``TerminalOutput``). One rule for
    /// every command: `text` is another name for `table` wherever `table` is offered.
    func format(allowed: [OutputFormat], default fallback: OutputFormat = .table) throws(CLIError) -> OutputFormat {
        var format = fallback
        if let text = arguments.value("format") {
            let name = text.lowercased() == "text" && allowed.contains(.table) ? "table" : text.lowercased()
            guard let chosen = OutputFormat(rawValue: name), allowed.contains(chosen) else {
                throw .usage(
                    "--format must be one of \(allowed.map(\.rawValue).joined(separator: ", ")), not \(ArgumentText.shown(text))"
                )
            }
            format = chosen
        }
        if format != .table { output.exactStandardOutput() }
        return format
    }

    /// Prints a warning on stderr, on one line (line breaks from outside are escaped too).
    func warn(_ message: String) {
        output.err(errorStyle.yellow("warning: ") + ControlText.escaped(message) + "\n")
    }

    /// Prints progress or information on stderr, on one line.
    func note(_ message: String) {
        output.err(ControlText.escaped(message) + "\n")
    }

    /// Exactly `count` positional words, or a usage error naming what is expected.
    func positionals(_ count: Int, usage: String) throws(CLIError) -> [String] {
        guard arguments.positionals.count == count else { throw .usage("usage: \(usage)") }
        return arguments.positionals
    }
}

/// The output formats commands offer.
enum OutputFormat: String, Sendable {
    case table, json, csv, geojson, gpx
}
