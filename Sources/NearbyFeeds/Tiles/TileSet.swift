import NearbyGeo

/// The tiles a ``TileLoader`` found for a picture, and what it could not find, as values.
public struct TileSet: Sendable {
    /// The images by tile.
    public var images: [TileID: TileImage] = [:]
    /// Tiles with no image (the picture shows its plain background there), in request order.
    public var missing: [TileID] = []
    /// How many tiles were asked for.
    public var requested: Int
    /// Whether nothing was sent (fetching was off).
    public var offline: Bool
    /// Tiles downloaded now.
    public var fetched = 0
    /// Stale cached tiles the server confirmed unchanged (304).
    public var revalidated = 0
    /// The first fetch failure, one sentence.
    public var problem: String?
    /// The first failure to write the cache, one sentence (the tile was still used).
    public var cacheProblem: String?

    public init(requested: Int, offline: Bool) {
        self.requested = requested
        self.offline = offline
    }

    /// One sentence about missing tiles for the user, or nil when every tile is here.
    public var missingNote: String? {
        guard !missing.isEmpty else { return nil }
        let count = "\(missing.count) of \(requested) map tile\(requested == 1 ? "" : "s")"
        if offline {
            return "\(count) are not in the cache and fetching is off; the plain background shows there."
        }
        let why = problem.map { " (\($0.hasSuffix(".") ? String($0.dropLast()) : $0))" } ?? ""
        return "\(count) could not be fetched\(why); the plain background shows there."
    }
}
