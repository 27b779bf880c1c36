import Foundation

@testable import NearbyFeeds

/// The loopback HTTP server in `fixture_server.py`, started for one test and stopped after it.
///
/// It serves files from its own temporary folder (`root`), which the test writes to.
final class FixtureServer {
    let root: URL
    let port: Int
    private let process: Process
    private let input: Pipe

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        root = try TestFolders.make("server")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("fixture_server.py")
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

    /// Stops the server (closing its stdin makes it exit; terminate is the backstop).
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: root)
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Writes a file the server then serves under `/files/<name>`.
    func put(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(name))
    }

    /// The requests the server has seen: (path, status, If-None-Match).
    func log() throws -> [(path: String, status: Int, ifNoneMatch: String?)] {
        let data = try CurlFetcher(version: "test").fetch(FetchRequest(url: url("/log"))).body
        let rows = try JSONSerialization.jsonObject(with: data) as? [[Any]] ?? []
        return rows.compactMap { row in
            guard row.count == 4, let path = row[1] as? String, let status = row[2] as? Int else {
                return nil
            }
            return (path, status, row[3] as? String)
        }
    }
}
