import NearbySystem
import NearbyGeo

/// A tile server's URL template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`,
/// checked once: the one validating type for `--tiles` and `NEARBY_TILES`.
///
/// Rules: it holds `{z}`, `{x}` and `{y}` (each exactly once, in the path or the query: a tile's
/// numbers never choose the host it is fetched from) and may hold `{s}` (a subdomain, `a`, `b` or
/// `c`, chosen by the tile so the same tile always has the same URL); no other `{` or `}`; at
/// most 2,000 characters; and, with the placeholders filled, it passes ``RequestSafety`` (http or
/// https, a host, no user name or password, no spaces or control characters).
public struct TileTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template as given.
    public let text: String
    /// The subdomains `{s}` takes, in order.
    public static let subdomains = ["a", "b", "c"]
    /// The longest template accepted.
    public static let maximumLength = 2000

    /// Checks `text`; throws ``TileError/badTemplate(_:reason:)`` with the reason.
    public init(_ text: String) throws(TileError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw .badTemplate(String(text.prefix(80)) + "…", reason: "it is longer than 2,000 characters")
        }
        for placeholder in ["{z}", "{x}", "{y}"] {
            let count = text.components(separatedBy: placeholder).count - 1
            guard count == 1 else {
                throw .badTemplate(
                    text, reason: count == 0 ? "it has no \(placeholder)" : "it has \(placeholder) more than once")
            }
        }
        let authority = Self.authority(of: text)
        for placeholder in ["{z}", "{x}", "{y}"] where authority.contains(placeholder) || text.hasPrefix(placeholder) {
            throw .badTemplate(
                text, reason: "it has \(placeholder) before its path; {z}, {x} and {y} belong in the path or the query")
        }
        var rest = text
        for placeholder in ["{z}", "{x}", "{y}", "{s}"] { rest = rest.replacingOccurrences(of: placeholder, with: "") }
        guard !rest.contains("{") && !rest.contains("}") else {
            throw .badTemplate(text, reason: "it has a placeholder other than {z}, {x}, {y} and {s}")
        }
        let sample = text.replacingOccurrences(of: "{z}", with: "0").replacingOccurrences(of: "{x}", with: "0")
            .replacingOccurrences(of: "{y}", with: "0").replacingOccurrences(of: "{s}", with: "a")
        if let problem = RequestSafety.problem(withURL: sample) {
            throw .badTemplate(text, reason: problem)
        }
        self.text = text
    }

    /// The URL of `tile`.
    public func url(for tile: TileID) -> String {
        let subdomain = Self.subdomains[(tile.x + tile.y) % Self.subdomains.count]
        return text.replacingOccurrences(of: "{z}", with: String(tile.z))
            .replacingOccurrences(of: "{x}", with: String(tile.x))
            .replacingOccurrences(of: "{y}", with: String(tile.y))
            .replacingOccurrences(of: "{s}", with: subdomain)
    }

    /// The cache folder name of this template: the first 16 hex digits of its SHA-256, so two
    /// tile servers never share tiles and no part of the URL becomes a path.
    public var cacheKey: String { String(SHA256.hexDigest(of: Array(text.utf8)).prefix(16)) }

    /// The host the template names, lowercased (without a port).
    public var host: String {
        String(Self.authority(of: text).prefix { $0 != ":" }).lowercased()
    }

    /// What lies between `//` and the path, query or fragment: the host and port.
    static func authority(of text: String) -> Substring {
        guard let range = text.range(of: "//") else { return "" }
        return text[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    /// The attribution the OpenStreetMap tile servers require, for templates on openstreetmap.org;
    /// nil for other servers (their attribution must be given with `--tiles-attribution`).
    public var defaultAttribution: String? {
        let host = host
        let isOSM = host == "openstreetmap.org" || host.hasSuffix(".openstreetmap.org")
        return isOSM ? "© OpenStreetMap contributors" : nil
    }

    public var description: String { text }
}
