import NearbyFeeds
import NearbyGeo
import NearbyRuns
import NearbyWalk

/// `nearby checkpoints <run|FILE> --near DATASETS [--within DIST] [--limit N]`: for every badge
/// checkpoint the run reached, the nearest places of each dataset within DIST (default 300 m).
///
/// JSON: an array of checkpoints `{badge, distance_m, elapsed_s, latitude, longitude, near:
/// {dataset: [{id, name, distance_m, bearing_deg, compass, detour_m, latitude, longitude}]}}`.
/// CSV: one row per place (or per empty checkpoint). GeoJSON: the route as a LineString
/// (`kind: route`), checkpoints and places as Points (`kind: checkpoint` / `place`).
enum CheckpointsCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(1, usage: "nearby checkpoints <run|FILE> --near DATASETS [--within 300m]")
        let format = try context.format(allowed: [.table, .json, .csv, .geojson])
        let radius = try JoinOptions.distance(context, default: 300)
        let limit = try JoinOptions.limit(context, default: 3)
        let session = try RunsSession(context)
        let (title, analysis) = try session.resolve(words[0])
        try RunFormatting.requireRoute(analysis, title: title, purpose: "join with places")
        let datasets = try JoinOptions.datasets(context)
        let checkpoints = analysis.passedCheckpoints
        var join = CheckpointJoin(radius: radius, limit: limit)
        var output = JoinOutput(session: session, datasets: datasets)
        let matches: [CheckpointMatches]
        do {
            if context.arguments.has("walk") {
                // Walking distance from each checkpoint, on the streets covering the run's start.
                let start = analysis.cleaned.segments.first?.points.first?.coordinate
                guard let at = start ?? checkpoints.first?.coordinate else {
                    throw CLIError.usage("the run has no points")
                }
                let network = try WalkOption.network(context, at: at)
                output.walkSpeed = try WalkOption.speed(context)
                join.walking = true
                matches = try join.join(
                    checkpoints, of: analysis.cleaned, with: datasets.map { WalkingLocator($0, network: network) })
            } else {
                matches = try join.join(checkpoints, of: analysis.cleaned, with: datasets)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
        try output.readPlaces(of: matches)
        switch format {
        case .json: context.output.out(try output.checkpointsJSON(matches).rendered())
        case .csv: context.output.out(try output.checkpointsCSV(matches))
        case .geojson: context.output.out(try output.checkpointsGeoJSON(matches, run: analysis.cleaned))
        default:
            let ids = datasets.map(\.manifest.id).joined(separator: ", ")
            context.output.out(
                context.style.bold("\(title): badge checkpoints near \(ids) within \(output.distance(radius))") + "\n")
            context.output.out(try output.checkpointsTable(matches, radius: radius))
            if !analysis.earnsRunningBadges {
                context.note(
                    "\(title) is \(analysis.cleaned.activity.noun) (\(analysis.cleaned.activity.rawValue)); "
                        + "badges and their checkpoints are for runs on foot.")
            } else if checkpoints.isEmpty {
                context.note("The run reached no badge checkpoint beyond the start.")
            }
        }
    }
}

/// Option parsing shared by the join commands.
enum JoinOptions {
    /// `--within`: greater than 0 and at most 20,037.5 km (``NumericOptions/distance(_:option:)``).
    static func distance(_ context: CommandContext, default fallback: Double) throws(CLIError) -> Double {
        try NumericOptions.distance(context.arguments, "within", default: fallback)
    }

    /// `--limit`: places per dataset and checkpoint, 1 to 1,000.
    static func limit(_ context: CommandContext, default fallback: Int) throws(CLIError) -> Int {
        try NumericOptions.count(context.arguments, "limit", range: 1...1000, default: fallback) ?? fallback
    }

    /// The `--near` datasets, opened (local archives checked in full) by one library call: from
    /// the cache, or from PostGIS with `--places-db`. A partial answer, as `near` gives: a dataset
    /// with no data (or not published) is left out with one warning and the others answer (exit
    /// code 0); when none has data, exit code 3; a places database that fails, exit code 1.
    static func datasets(_ context: CommandContext) throws(CLIError) -> [PlaceDataset] {
        let ids = context.arguments.list("near")
        guard !ids.isEmpty else { throw .usage("name the datasets with --near, such as --near toilets,parks") }
        let session = try PlacesSession(context, only: Set(ids))
        return try session.ask { library throws(PlaceLibraryError) in
            try library.placeDatasets(ids, verifyAll: true)
        }.value
    }
}

extension CheckpointsCommand {
    /// What `nearby checkpoints` takes, and its help.
    static let spec = CommandSpec(
        name: "checkpoints", summary: "the places near each badge checkpoint of a run", arguments: "<run|FILE>",
        details: """
            For every badge checkpoint of the run, the nearest places of each dataset within DIST: name,
            distance and bearing from the checkpoint, and the out-and-back detour from the route. Badges
            are for runs on foot: a ride, a swim or another activity has no checkpoints.

            --walk ranks and limits by the walk from each checkpoint on the imported streets (nearby
            streets import FILE), exactly; --within is then walking distance, WALK shows metres and
            minutes at --walk-speed, and the detour is that walk there and back.
            """,
        options: [
            .near("the datasets to search"), .within("how far from a checkpoint (default 300m)"),
            .limit(1...1000, "places per dataset and checkpoint (default 3)"),
            .format([.table, .json, .csv, .geojson]), .maxSpeed, .badges, AthleteOption.athlete,
        ] + WalkOption.options)
}
