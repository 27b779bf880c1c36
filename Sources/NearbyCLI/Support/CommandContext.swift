import Foundation

/// The parsed words, resolved paths and output of one command run.
struct CommandContext {
    var arguments: ParsedArguments
    var environment: CommandEnvironment
    var output: CommandOutput
    var paths: Paths
    /// Styling for standard output.
    var style: Style
    /// Styling for standard error.
    var errorStyle: Style

    init(words: [String], spec: OptionSpec, environment: CommandEnvironment, output: CommandOutput) throws(CLIError) {
        arguments = try ParsedArguments.parse(words, spec: OptionSpec.global.merged(with: spec))
        self.environment = environment
        self.output = output
        paths = Paths(arguments: arguments, environment: environment)
        let colour = environment.variables["NO_COLOR"] == nil && !arguments.has("no-color")
        style = Style(enabled: colour && environment.stdoutIsTerminal)
        errorStyle = Style(enabled: colour && environment.stderrIsTerminal)
    }

    /// The `--format` option, checked against the formats a command supports.
    func format(allowed: [OutputFormat], default fallback: OutputFormat = .table) throws(CLIError) -> OutputFormat {
        guard let text = arguments.value("format") else { return fallback }
        guard let format = OutputFormat(rawValue: text.lowercased()), allowed.contains(format) else {
            throw .usage("--format must be one of \(allowed.map(\.rawValue).joined(separator: ", ")), not \(text)")
        }
        return format
    }

    /// Prints a warning on stderr.
    func warn(_ message: String) {
        output.err(errorStyle.yellow("warning: ") + message + "\n")
    }

    /// Prints progress or information on stderr.
    func note(_ message: String) {
        output.err(message + "\n")
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
