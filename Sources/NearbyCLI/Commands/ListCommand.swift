import NearbyFeeds

/// `nearby <dataset>`: a dataset in source order, or nearest first from `--at`.
enum ListCommand {
    /// The router calls ``run(dataset:_:)`` with the word that named the dataset; without one
    /// there is nothing to list.
    static func run(_ context: CommandContext) throws(CLIError) {
        throw .usage("name a dataset: nearby <dataset> [--at LAT,LON] (nearby datasets lists them)")
    }

    static func run(dataset id: String, _ context: CommandContext) throws(CLIError) {
        guard context.arguments.positionals.isEmpty else {
            throw .usage(
                "unexpected \(ArgumentText.shown(context.arguments.positionals.joined(separator: " "))); usage: nearby \(id) [--at LAT,LON] [--limit N]"
            )
        }
        let format = try context.format(allowed: [.table, .json, .csv, .geojson])
        let query = try PlaceQuery(context.arguments, defaultLimit: 20)
        let session = try PlacesSession(context, only: [id])
        if context.arguments.has("walk") {
            try WalkOption.answer(query, in: [id], context, session: session, showDataset: false, format: format)
            return
        }
        let hits = try session.ask { library throws(PlaceLibraryError) in try library.query(query, in: [id]) }.value
        let output = PlaceOutput(units: try UnitsOption.resolve(context), style: context.style, showDataset: false)
        context.output.out(output.render(hits, format: format))
        if format == .table, hits.isEmpty { context.note("No places matched.") }
    }
}

extension ListCommand {
    /// What `nearby <dataset>` takes, and its help.
    static let spec = CommandSpec(
        name: "<dataset>", summary: "list a dataset, nearest first when --at is given",
        details: """
            With --at, nearest first with distance and compass bearing; without it, in source order.
            """,
        options: [
            .at(), .limit(PlaceQuery.limits, "how many places (default 20 with --at, else all)"),
            .within("only places within DIST of --at", requires: "at"), .filter,
            .format([.table, .json, .csv, .geojson]),
        ] + WalkOption.options)
}
