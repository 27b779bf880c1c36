import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyWalk

/// `nearby map --at LAT,LON --near DATASETS [--within DIST] [--limit N] [--walk] --html FILE
/// [--tiles URL-TEMPLATE] [--tiles-attribution TEXT]`: one self-contained HTML page with the
/// point, the nearest places of each dataset as numbered markers in the dataset's colour, and a
/// list with the same numbers (name, distance, compass bearing, address, `geo:` and
/// OpenStreetMap links), a legend, a scale bar, a north arrow and the credits.
///
/// Places are numbered nearest first over all datasets; each dataset gives at most `--limit`
/// (default 5) within `--within` (default: any distance). A dataset with no data is left out
/// with a warning, as `near` does; exit code 3 when every one has none.
enum MapCommand {
    /// The range of `--limit` (places per dataset).
    static let limits = 1...50
    static let usage = "nearby map --at LAT,LON --near DATASET[,DATASET…] --html FILE"

    static func run(_ context: CommandContext) throws(CLIError) {
        guard context.arguments.positionals.isEmpty else { throw .usage("usage: \(usage)") }
        guard let origin = try NumericOptions.point(context.arguments, "at") else {
            throw .usage("nearby map needs --at LAT,LON")
        }
        let ids = context.arguments.list("near")
        guard !ids.isEmpty else { throw .usage("nearby map needs --near DATASET[,DATASET…]") }
        guard let path = context.arguments.value("html") else { throw .usage("nearby map needs --html FILE") }
        let limit = try NumericOptions.count(context.arguments, "limit", range: limits, default: 5) ?? 5
        let units = try UnitsOption.resolve(context)
        let tiles = try PictureTiles(context)

        let session = try PlacesSession(context, only: Set(ids))
        var query = try PlaceQuery(context.arguments, defaultLimit: limit)
        query.limit = limit
        query.scope = .perDataset
        let walking = context.arguments.has("walk")
        let walkSpeed = try WalkOption.speed(context)
        let found: PlaceResult<[WalkHit]>
        if walking {
            found = try WalkOption.query(
                query, in: ids, context, session: session, leftOut: "drawing the other datasets")
        } else {
            let answer = try session.ask(
                leftOut: "drawing the other datasets", warnings: { if case .unranked = $0 { false } else { true } }
            ) { library throws(PlaceLibraryError) in try library.query(query, in: ids) }
            found = PlaceResult(
                value: answer.value.map { WalkHit(hit: $0, walk: nil) }, datasets: answer.datasets,
                warnings: answer.warnings)
        }
        let credits = found.datasets.map {
            "\($0.manifest.title): \($0.manifest.attribution), \($0.manifest.licence)"
        }

        let output = PlaceOutput(units: units, style: .plain, showDataset: true)
        var entries: [PlacesMap.Entry] = []
        for item in found.value {
            let hit = item.hit
            guard let coordinate = hit.place.coordinate else { continue }
            var entry = PlacesMap.Entry(
                number: entries.count + 1, dataset: hit.place.datasetID, name: hit.place.name,
                coordinate: coordinate,
                distance: hit.distance.map { Formatting.distance($0, units: output.units) } ?? "",
                compass: hit.bearing.map(Formatting.compass) ?? "", address: hit.place.address)
            if walking {
                if let walk = item.walk {
                    let minutes = Int((walk.distance / walkSpeed / 60).rounded(.up))
                    entry.walk = "\(Formatting.distance(walk.distance, units: output.units)) · \(minutes) min on foot"
                    entry.walkPath = walk.path
                } else {
                    entry.walk = "cannot be reached on foot"
                }
            }
            entries.append(entry)
        }
        var map = PlacesMap(
            title: "", origin: origin,
            entries: entries, datasets: ids, units: units,
            attribution: credits.joined(separator: " · "))
        if walking, let network = try? WalkOption.network(context, at: origin) {
            map.attribution += " · streets: \(network.info.attribution), \(network.info.licence)"
        }
        map.title = walking ? "On foot from \(map.originText)" : "Near \(map.originText)"
        if let tiles {
            map.backdrop = try tiles.backdrop(fitting: map.allCoordinates, context: context)
            map.attribution = tiles.credits(credits)
        }
        let file = context.environment.absolutePath(path)
        do {
            try Data(PlacesMapRenderer.html(map).utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw .failure("cannot write \(file): \(error.localizedDescription)")
        }
        context.note("wrote \(file) (\(entries.count) places)")
    }
}

extension MapCommand {
    /// What `nearby map` takes, and its help.
    static let spec = CommandSpec(
        name: "map", summary: "a page with the point, numbered places and a list",
        details: """
            Writes one self-contained HTML page: the point, the nearest places of each dataset (at most
            --limit, within --within) as numbered markers in the dataset's colour, and a list with the
            same numbers (name, distance, bearing, address, geo: and OpenStreetMap links), a legend, a
            scale bar and a north arrow. A dataset with no data is left out with a warning (exit code 3
            when every one has none).

            --walk ranks each dataset's places by the walk on the imported streets (nearby streets
            import FILE), numbers them by that walk, draws each walk from the point over the map and
            lists its metres and minutes at --walk-speed; --within is then walking distance.

            --tiles URL-TEMPLATE (else NEARBY_TILES) draws map tiles under it, e.g.
            'https://tile.openstreetmap.org/{z}/{x}/{y}.png' ({z} {x} {y}, optional {s}; http or
            https). Tiles are fetched one at a time into the cache's tiles/ folder, kept 7 days, then
            revalidated; --offline uses cached tiles only. They are embedded in the page, so it fetches
            nothing when opened. --tiles-attribution TEXT is drawn on the map (default for
            openstreetmap.org: © OpenStreetMap contributors). Without --tiles, the plain background and
            no network for tiles.
            """,
        options: [
            .at(required: true), .near("the datasets to draw"),
            OptionDeclaration("html", value: "FILE", help: "the page to write", required: true),
            .within("only places within DIST (default: any distance)"),
            .limit(limits, "places per dataset (default 5)"), .filter,
        ] + WalkOption.options + OptionDeclaration.tiles())
}
