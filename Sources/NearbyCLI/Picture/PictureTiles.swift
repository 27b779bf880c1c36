import Foundation
import NearbyFeeds
import NearbyGeo

/// The `--tiles URL-TEMPLATE` (else `NEARBY_TILES`) and `--tiles-attribution TEXT` options of
/// the picture commands: checks them, loads the picture's tiles through the tile cache and the
/// feeds' fetcher (`--offline`: the cache only), and says once on stderr what is missing.
struct PictureTiles {
    /// The longest `--tiles-attribution` accepted, characters.
    static let maximumAttribution = 300

    let template: TileTemplate
    /// The tile attribution drawn on the map.
    let attribution: String

    /// The tile options of `context`, or nil when no tiles were asked for.
    init?(_ context: CommandContext) throws(CLIError) {
        let given = context.arguments.value("tiles") ?? context.environment.variables["NEARBY_TILES"]
        guard let text = given, !text.isEmpty else {
            if context.arguments.value("tiles-attribution") != nil {
                throw .usage("--tiles-attribution needs --tiles URL-TEMPLATE (or NEARBY_TILES)")
            }
            return nil
        }
        do {
            template = try TileTemplate(text)
        } catch {
            throw .usage(error.description)
        }
        if let given = context.arguments.value("tiles-attribution") {
            let trimmed = given.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= Self.maximumAttribution else {
                throw .usage("--tiles-attribution needs a text of 1 to \(Self.maximumAttribution) characters")
            }
            attribution = trimmed
        } else {
            attribution = template.defaultAttribution ?? template.host
        }
    }

    /// The backdrop of a map fitting `coordinates`: its tiles from the cache or the server.
    func backdrop(fitting coordinates: [Coordinate], context: CommandContext) throws(CLIError) -> MapBackdrop {
        let view = MapProjection.tiled(
            fitting: coordinates, width: MapFrame.width, height: MapFrame.height, margin: MapFrame.margin)
        let loader = TileLoader(
            cache: TileCache(cacheDirectory: URL(fileURLWithPath: context.paths.cacheDirectory)),
            fetcher: CurlFetcher(version: NearbyCLI.version, projectURL: "https://github.com/nearby-tw/nearby"),
            clock: context.environment.clock, offline: context.arguments.has("offline"))
        let set: TileSet
        do {
            set = try loader.load(view.tiles.map(\.tile), from: template)
        } catch {
            throw .failure(error.description)
        }
        if set.offline, !set.missing.isEmpty {
            let requested = set.requested
            context.warn(
                "\(set.missing.count) of \(requested) map tile\(requested == 1 ? "" : "s") are not in the cache and "
                    + "--offline fetches nothing; the plain background shows there.")
        } else if let note = set.missingNote {
            context.warn(note)
        } else if let problem = set.problem {
            context.warn("cached map tiles were used because they could not be revalidated: \(problem)")
        }
        if let problem = set.cacheProblem { context.warn(problem) }
        return .tiles(set.images, attribution: attribution)
    }

    /// The credit under the map: the tile attribution first, then the datasets'.
    func credits(_ datasets: [String]) -> String {
        (["Map tiles: \(attribution)"] + datasets).joined(separator: " · ")
    }
}
