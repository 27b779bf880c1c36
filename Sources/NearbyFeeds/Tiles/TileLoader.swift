import Foundation
import NearbySystem
import NearbyGeo

/// Gets the tiles of a picture: from the cache while fresh, else from the tile server through
/// the same ``Fetcher`` as the feeds, one request at a time, with a conditional GET for a stale
/// cached tile. Never prints: what went wrong comes back in the ``TileSet``.
///
/// Rules: at most ``maximumTiles`` tiles per call; each response must be a PNG or a JPEG of at
/// most ``TileImage/maximumBytes`` (checked by magic bytes before it is cached); after a failure
/// that is not about the one tile (the host cannot be reached, a time-out, TLS) no more requests
/// are sent. A stale cached tile is used when it cannot be revalidated. `offline` sends nothing
/// and uses whatever the cache holds, stale or not.
public struct TileLoader: Sendable {
    /// The most tiles one picture may ask for (an 800 × 600 picture needs at most 20).
    public static let maximumTiles = 64

    public var cache: TileCache
    public var fetcher: any Fetcher
    public var clock: WallClock
    public var offline: Bool

    public init(cache: TileCache, fetcher: any Fetcher, clock: WallClock, offline: Bool) {
        self.cache = cache
        self.fetcher = fetcher
        self.clock = clock
        self.offline = offline
    }

    /// Loads `tiles` (each once, in order; a repeated tile counts once) from `template`'s server
    /// or the cache.
    public func load(_ tiles: [TileID], from template: TileTemplate) throws(TileError) -> TileSet {
        var seen = Set<TileID>()
        let unique = tiles.filter { seen.insert($0).inserted }
        guard unique.count <= Self.maximumTiles else {
            throw .tooManyTiles(requested: unique.count, limit: Self.maximumTiles)
        }
        var set = TileSet(requested: unique.count, offline: offline)
        var unreachable = offline
        let now = clock.now()
        for tile in unique {
            let cached = cache.entry(tile, of: template)
            if let cached, unreachable || TileCache.isFresh(checkedAt: cached.checkedAt, now: now) {
                set.images[tile] = cached.image
                continue
            }
            if unreachable {
                set.missing.append(tile)
                continue
            }
            do {
                let image = try fetch(tile, from: template, cached: cached, now: now, into: &set)
                set.images[tile] = image
            } catch {
                set.problem = set.problem ?? error.sentence
                if error.stopsFetching { unreachable = true }
                if let cached {
                    set.images[tile] = cached.image
                } else {
                    set.missing.append(tile)
                }
            }
        }
        return set
    }

    private func fetch(
        _ tile: TileID, from template: TileTemplate, cached: TileCache.Entry?, now: Date, into set: inout TileSet
    ) throws(TileFailure) -> TileImage {
        let url = template.url(for: tile)
        var request = FetchRequest(
            url: url, headers: [(name: "Accept", value: "image/png,image/jpeg;q=0.9")],
            ifNoneMatch: cached?.etag, ifModifiedSince: cached?.lastModified, connectTimeout: 10,
            totalTimeout: 30, maxBodyBytes: Int64(TileImage.maximumBytes))
        request.lowSpeedBytesPerSecond = 1
        request.lowSpeedSeconds = 15
        // A tile server's redirect stays on its own host: the template names the one server.
        request.redirectsStayOnHost = true
        let response: FetchResponse
        do {
            response = try fetcher.fetch(request)
        } catch {
            throw .fetch(error)
        }
        if response.isNotModified, var entry = cached {
            set.revalidated += 1
            entry.checkedAt = now
            try? cache.confirm(entry, for: tile, of: template)
            return entry.image
        }
        guard let image = TileImage(response.body) else {
            throw .notAnImage(url: url)
        }
        set.fetched += 1
        let entry = TileCache.Entry(
            image: image, checkedAt: now, etag: response.etag, lastModified: response.lastModified)
        do {
            try cache.store(entry, for: tile, of: template)
        } catch {
            set.cacheProblem = set.cacheProblem ?? error.description
        }
        return image
    }
}

/// Why one tile could not be fetched.
enum TileFailure: Error, Sendable {
    case fetch(FetchError)
    case notAnImage(url: String)

    /// One sentence.
    var sentence: String {
        switch self {
        case .fetch(let error): return error.description
        case .notAnImage(let url): return "The tile server answered \(url) with something that is not a PNG or JPEG."
        }
    }

    /// Whether the failure is about the server rather than the one tile.
    var stopsFetching: Bool {
        guard case .fetch(let error) = self else { return false }
        switch error {
        case .timeout, .cannotResolve, .cannotConnect, .tls, .tooSlow, .refusedURL, .badURL: return true
        default: return false
        }
    }
}
