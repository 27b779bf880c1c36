import NearbyFeeds
import NearbyGeo
import NearbyRuns

/// `nearby along <run|FILE> --near DATASETS [--within DIST]`: for every kilometre (or mile) the
/// nearest place of each dataset and its distance from the route, then the longest stretch with
/// no place within DIST (default 500 m).
///
/// JSON: `{pieces: [{number, start_m, end_m, nearest: {dataset: {id, name, distance_m} | null}}],
/// longest_gaps: {dataset: {start_m, end_m, length_m, start, end} | null}, longest_gap_any: …}`.
enum AlongCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(1, usage: "nearby along <run|FILE> --near DATASETS [--within 500m]")
        let format = try context.format(allowed: [.table, .json, .csv])
        let reach = try JoinOptions.distance(context, default: 500)
        let session = try RunsSession(context)
        let (title, analysis) = try session.resolve(words[0])
        try RunFormatting.requireRoute(analysis, title: title, purpose: "join with places")
        let datasets = try JoinOptions.datasets(context)
        let report: RouteAmenitiesReport
        do {
            report = try RouteAmenities(unit: session.units.metresPerUnit, reach: reach).along(
                analysis.cleaned, with: datasets)
        } catch {
            throw .failure(error.description)
        }
        var output = JoinOutput(session: session, datasets: datasets)
        try output.readPlaces(of: report)
        switch format {
        case .json: context.output.out(try output.alongJSON(report).rendered())
        case .csv: context.output.out(try output.alongCSV(report))
        default:
            context.output.out(context.style.bold("\(title): nearest places along the route") + "\n")
            context.output.out(try output.alongTable(report, reach: reach))
        }
    }
}

extension AlongCommand {
    /// What `nearby along` takes, and its help.
    static let spec = CommandSpec(
        name: "along", summary: "the nearest places along the route, and the longest gap", arguments: "<run|FILE>",
        details: """
            For every kilometre (or mile) of the run, the nearest place of each dataset and its distance
            from the route; then the longest stretch with nothing within DIST.
            """,
        options: [
            .near("the datasets to search"), .within("the reach of a gap (default 500m)"),
            .format([.table, .json, .csv]), .maxSpeed, AthleteOption.athlete,
        ])
}
