import Foundation

/// Runs the built `nearby` executable as a user would, capturing its output and exit code.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable `swift build` put beside the test bundle.
    static var executable: URL? {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent("nearby"),
            bundle.appendingPathComponent("nearby"),
            TestPaths.packageRoot.appendingPathComponent(".build/debug/nearby"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    var environment: [String: String]

    init(home: URL, extra: [String: String] = [:]) {
        var variables: [String: String] = [
            "HOME": home.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "NEARBY_CACHE_DIR": home.appendingPathComponent("cache").path,
            "NEARBY_DB": home.appendingPathComponent("runs.sqlite").path,
        ]
        variables.merge(extra) { _, new in new }
        environment = variables
    }

    /// Runs the binary with `arguments`, behind `prefix` (such as `setpriv … --`) when given.
    func run(_ arguments: [String], input: String? = nil, prefix: [String] = []) throws -> Result {
        guard let executable = Self.executable else { throw RunnerError.notBuilt }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: prefix.first ?? executable.path)
        process.arguments = prefix.isEmpty ? arguments : Array(prefix.dropFirst()) + [executable.path] + arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    enum RunnerError: Error { case notBuilt }
}
