import Foundation
import NearbyFeeds
import NearbyTestSupport

/// The feeds tests' loopback server (`Tests/NearbyFeedsTests/Support/fixture_server.py`) for the
/// picture tests: generated PNG tiles that show their z/x/y under `/tiles/{z}/{x}/{y}.png`, and
/// the log of the tile requests with their headers.
final class TileServer {
    private let server: LoopbackServer
    /// The folder the server serves from.
    var root: URL { server.root }
    /// Its port on 127.0.0.1.
    var port: Int { server.port }

    init() throws {
        server = try LoopbackServer(root: try TestPaths.temporaryDirectory("tile-server"))
    }

    /// The URL template of the generated tiles.
    var template: String { "http://127.0.0.1:\(port)/tiles/{z}/{x}/{y}.png" }

    /// The PNG the server sends for a tile (asked directly, outside the log's tile route order).
    func png(_ z: Int, _ x: Int, _ y: Int) throws -> Data {
        try CurlFetcher(version: "test").fetch(FetchRequest(url: "http://127.0.0.1:\(port)/tiles/\(z)/\(x)/\(y).png"))
            .body
    }

    /// The tile requests seen so far: path, status and headers.
    func log() throws -> [[String: Any]] {
        let body = try CurlFetcher(version: "test").fetch(FetchRequest(url: "http://127.0.0.1:\(port)/tilelog")).body
        return try JSONSerialization.jsonObject(with: body) as? [[String: Any]] ?? []
    }

    /// Makes the server answer 404 for these tiles ("z/x/y").
    func remove(_ tiles: [String]) throws {
        try Data(tiles.joined(separator: "\n").utf8).write(to: root.appendingPathComponent("missing-tiles.txt"))
    }
}

/// What a page embeds and references, read from its text.
struct PageScan {
    let html: String

    /// `data-tile` of every embedded tile image, in page order.
    var tiles: [String] { values(of: "data-tile") }
    /// Every `href` of an `<image>`.
    var imageSources: [String] {
        html.components(separatedBy: "<image ").dropFirst().compactMap { part in
            PageScan(html: String(part.prefix { $0 != ">" })).values(of: "href").first
        }
    }

    /// The values of attribute `name` in order.
    func values(of name: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// Whether anything would be fetched on opening: a `src`, a stylesheet link, `url(…)` in CSS,
    /// an `@import`, or an image whose source is not a `data:` URI.
    var fetchesSomething: Bool {
        html.contains(" src=") || html.contains("<link") || html.contains("url(http") || html.contains("@import")
            || html.contains("<script") || html.contains("<iframe")
            || imageSources.contains { !$0.hasPrefix("data:image/") }
    }
}
