import Foundation
import NearbySystem
/// Everything a command takes from the outside world, injected so that tests can run commands
/// in-process and the library never reads globals.
public struct CommandEnvironment: Sendable {
    /// The words after the program name.
    public var arguments: [String]
    /// Environment variables.
    public var variables: [String: String]
    /// The working directory, for relative paths.
    public var currentDirectory: String
    /// The path of the running executable, used to find the checkout it was built in.
    public var executablePath: String
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// The clock.
    public var clock: WallClock

    public init(
        arguments: [String], variables: [String: String], currentDirectory: String, executablePath: String,
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, clock: WallClock
    ) {
        self.arguments = arguments
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.executablePath = executablePath
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.clock = clock
    }

    /// Resolves a user-given path against the working directory and expands `~`.
    func absolutePath(_ path: String) -> String {
        var expanded = path
        if expanded == "~" || expanded.hasPrefix("~/"), let home = variables["HOME"] {
            expanded = home + expanded.dropFirst()
        }
        if expanded.hasPrefix("/") { return expanded }
        return (currentDirectory as NSString).appendingPathComponent(expanded)
    }
}

/// Where `nearby` writes: standard output and standard error, as closures.
public struct CommandOutput: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }
}
