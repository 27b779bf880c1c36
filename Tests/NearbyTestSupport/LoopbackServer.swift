import Foundation

/// The loopback HTTP server in `Tests/NearbyFeedsTests/Support/fixture_server.py`, started by a
/// test over a folder of its own and stopped after it: the one process wrapper the feeds tests
/// (`FixtureServer`) and the picture tests (`TileServer`) share.
public final class LoopbackServer {
    /// The folder the server serves from (and reads its instructions in).
    public let root: URL
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process: Process
    private let input: Pipe

    /// Why the server did not start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts the server over `root` and waits for it to print its port.
    public init(root: URL) throws {
        self.root = root
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NearbyFeedsTests/Support/fixture_server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, root.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            process.terminate()
            throw StartError(description: "fixture server did not print its port (got \"\(text)\")")
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops the server (closing its stdin makes it exit; terminate is the backstop) and removes
    /// its folder.
    public func stop() {
        if process.isRunning {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
