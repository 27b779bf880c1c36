import Foundation
import NearbyCLI

#if canImport(Glibc)
    import Glibc
#endif

// The executable is a stub: it gathers the process's surroundings and hands them to NearbyCLI.
let environment = CommandEnvironment(
    arguments: Array(CommandLine.arguments.dropFirst()),
    variables: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath,
    executablePath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments.first ?? "nearby",
    stdoutIsTerminal: isatty(1) == 1,
    stderrIsTerminal: isatty(2) == 1,
    clock: .system
)
let output = CommandOutput(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) }
)
exit(NearbyCLI.run(environment, output: output))
