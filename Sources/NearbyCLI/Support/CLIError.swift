/// The documented exit codes of `nearby`.
enum ExitCode: Int32, Sendable {
    /// Success, including an empty result.
    case success = 0
    /// A failed operation (a bad file, a failed refresh, a database error).
    case failure = 1
    /// A usage error: unknown command or option, a malformed value.
    case usage = 2
    /// A dataset has no cached data and cannot be fetched.
    case noData = 3
}

/// An error the command line reports as one sentence on stderr, with its exit code.
struct CLIError: Error, Sendable, CustomStringConvertible {
    var message: String
    var exitCode: ExitCode

    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: .usage) }
    static func failure(_ message: String) -> CLIError { CLIError(message: message, exitCode: .failure) }
    static func noData(_ message: String) -> CLIError { CLIError(message: message, exitCode: .noData) }

    var description: String { message }
}
