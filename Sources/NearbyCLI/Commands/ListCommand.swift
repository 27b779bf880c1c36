import NearbyFeeds

/// `nearby <dataset>`: a dataset in source order, or nearest first from `--at`.
enum ListCommand {
    static func run(dataset id: String, _ context: CommandContext) throws(CLIError) {
        guard context.arguments.positionals.isEmpty else {
            throw .usage(
                "unexpected \(context.arguments.positionals.joined(separator: " ")); usage: nearby \(id) [--at LAT,LON] [--limit N]"
            )
        }
        let format = try context.format(allowed: [.table, .json, .csv, .geojson])
        let query = try PlaceQuery(context.arguments, defaultLimit: 20)
        let session = try PlacesSession(context, only: [id])
        let dataset = try session.open(id)
        if query.origin != nil, dataset.archive.locatedCount < dataset.archive.count {
            let missing = dataset.archive.count - dataset.archive.locatedCount
            context.warn(
                "\(missing) of \(dataset.archive.count) places in \(id) have no usable coordinates and are not ranked")
        }
        let hits = try session.withRepair(dataset) { opened throws(PlaceArchiveError) in
            try PlaceHit.query(query, in: opened)
        }
        let output = PlaceOutput(units: try UnitsOption.resolve(context), style: context.style, showDataset: false)
        context.output.out(output.render(hits, format: format))
        if format == .table, hits.isEmpty { context.note("No places matched.") }
    }
}

/// `nearby near --at … --in a,b`: several datasets merged nearest first.
///
/// A partial answer: a dataset that has no data (not cached and not fetchable) gets one warning
/// and the others answer, exit code 0. When none of them has data, exit code 3. Each dataset is
/// asked once, however often it is named.
enum NearCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json, .csv, .geojson])
        let query = try PlaceQuery(context.arguments, defaultLimit: 10)
        guard query.origin != nil else { throw .usage("nearby near needs --at LAT,LON") }
        let ids = ParsedArguments.unique(context.arguments.list("in") + context.arguments.positionals)
        guard !ids.isEmpty else { throw .usage("nearby near needs --in DATASET[,DATASET…]") }
        let session = try PlacesSession(context, only: Set(ids))
        var hits: [PlaceHit] = []
        var missing: [CLIError] = []
        for id in ids {
            let dataset: OpenedDataset
            do {
                dataset = try session.open(id)
            } catch  where error.exitCode == .noData {
                missing.append(error)
                continue
            }
            hits += try session.withRepair(dataset) { opened throws(PlaceArchiveError) in
                try PlaceHit.query(query, in: opened)
            }
        }
        if missing.count == ids.count {
            throw .noData(missing.map(\.message).joined(separator: "; "))
        }
        for error in missing { context.warn("\(error.message); answering from the other datasets") }
        hits.sort { ($0.distance ?? .infinity) < ($1.distance ?? .infinity) }
        if let limit = query.limit { hits = Array(hits.prefix(limit)) }
        let output = PlaceOutput(units: try UnitsOption.resolve(context), style: context.style, showDataset: true)
        context.output.out(output.render(hits, format: format))
        if format == .table, hits.isEmpty { context.note("No places matched.") }
    }
}
