import NearbyFeeds

/// `nearby near --at … --near a,b`: several datasets merged nearest first (`--in a,b`, its first
/// spelling, is still accepted and not listed in help).
///
/// A partial answer: a dataset that has no data (not cached and not fetchable) gets one warning
/// and the others answer, exit code 0. When none of them has data, exit code 3. Each dataset is
/// asked once, however often it is named.
enum NearCommand {

    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json, .csv, .geojson])
        let query = try PlaceQuery(context.arguments, defaultLimit: 10)
        guard query.origin != nil else { throw .usage("nearby near needs --at LAT,LON") }
        // --near as every other command spells it; --in, its first spelling, still works.
        let ids = ParsedArguments.unique(
            context.arguments.list("near") + context.arguments.list("in") + context.arguments.positionals)
        guard !ids.isEmpty else { throw .usage("nearby near needs --near DATASET[,DATASET…]") }
        let session = try PlacesSession(context, only: Set(ids))
        if context.arguments.has("walk") {
            try WalkOption.answer(query, in: ids, context, session: session, showDataset: true, format: format)
            return
        }
        // A merged listing does not count each dataset's unranked places.
        let hits = try session.ask(warnings: { if case .unranked = $0 { false } else { true } }) {
            library throws(PlaceLibraryError) in try library.query(query, in: ids)
        }.value
        let output = PlaceOutput(units: try UnitsOption.resolve(context), style: context.style, showDataset: true)
        context.output.out(output.render(hits, format: format))
        if format == .table, hits.isEmpty { context.note("No places matched.") }
    }
}

extension NearCommand {
    /// What `nearby near` takes, and its help.
    static let spec = CommandSpec(
        name: "near", summary: "several datasets at once, merged nearest first", arguments: "[DATASET…]",
        details: """
            The datasets are named with --near or as words; one named twice is asked once. A dataset that
            has no data (not cached and cannot be fetched) is left out with one warning and the others
            answer (exit code 0); when none of them has data, exit code 3.
            """,
        options: [
            .at(required: true),
            .near("the datasets to ask (repeatable)", required: false), .hidden("in", value: "DATASET[,DATASET…]"),
            .limit(PlaceQuery.limits, "how many places in all (default 10)"), .within("only places within DIST"),
            .filter, .format([.table, .json, .csv, .geojson]),
        ] + WalkOption.options)
}
