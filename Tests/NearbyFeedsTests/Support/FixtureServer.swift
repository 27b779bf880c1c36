import Foundation
import NearbyTestSupport

@testable import NearbyFeeds

/// The loopback HTTP server in `fixture_server.py`, started for one test and stopped after it.
///
/// It serves files from its own temporary folder (`root`), which the test writes to.
final class FixtureServer {
    private let server: LoopbackServer
    /// The folder the server serves from.
    var root: URL { server.root }
    /// Its port on 127.0.0.1.
    var port: Int { server.port }

    init() throws {
        server = try LoopbackServer(root: try TestFolders.make("server"))
    }

    /// Stops the server and removes its folder.
    func stop() { server.stop() }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { server.url(path) }

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
