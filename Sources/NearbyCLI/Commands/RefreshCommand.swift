import NearbyFeeds

/// `nearby refresh [dataset…] [--force] [--accept-drop]`: fetch what is missing or stale; one line
/// per dataset. `--accept-drop` takes a new copy even when its places with coordinates fell by
/// more than the manifest's drop limit (20 % unless it sets `refresh.maxDropPercent`).
enum RefreshCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let named = context.arguments.positionals
        let session = try PlacesSession(context, only: named.isEmpty ? nil : Set(named))
        let library = session.library
        let ids = named.isEmpty ? library.catalog.manifests.map(\.id) : named
        let failures: Int
        do {
            failures = try library.refreshAll(
                named.isEmpty ? nil : named, force: context.arguments.has("force"),
                acceptDrop: context.arguments.has("accept-drop")
            ) { done in
                if context.environment.stderrIsTerminal, !library.offline { context.output.err("\r\u{1B}[2K") }
                switch done.result {
                case .offline(let status):
                    let state =
                        status?.ageDays.map { Formatting.age(days: $0) + ((status?.isFresh ?? false) ? "" : ", stale") }
                        ?? "not fetched"
                    context.output.out("\(done.id): offline, cached copy \(state)\n")
                case .refreshed(let outcome):
                    context.output.out("\(done.id): \(describe(outcome))\n")
                    for warning in done.warnings { context.warn("\(done.id): \(warning)") }
                    if let reason = done.rebuiltBecause {
                        context.output.out("\(done.id): rebuilt the index (\(reason))\n")
                    }
                case .failed(let error):
                    context.output.err("nearby: \(PlaceLibraryWording.message(error))\n")
                }
            }
        } catch {
            throw .usage(error.description)
        }
        if failures > 0 {
            throw .failure(
                "\(failures) of \(ids.count) datasets could not be refreshed; their last good copies were kept")
        }
        let refused = library.catalog.refused.count
        if refused > 0 {
            throw .failure(
                "\(refused) manifest\(refused == 1 ? " was" : "s were") refused (see above) and not refreshed")
        }
    }

    static func describe(_ outcome: RefreshOutcome) -> String {
        switch outcome {
        case .skippedFresh(let age):
            let when = age == 0 ? "today" : "\(Formatting.age(days: age)) ago"
            return "fresh (checked \(when)), not fetched; --force fetches anyway"
        case .notModified(let records): return "not modified, \(records) records"
        case .unchanged(let records): return "unchanged, \(records) records"
        case .updated(let records, let bytes, let pages):
            return "updated, \(records) records, \(bytes / 1024) KiB in \(pages) page\(pages == 1 ? "" : "s")"
        }
    }
}

extension RefreshCommand {
    /// What `nearby refresh` takes, and its help.
    static let spec = CommandSpec(
        name: "refresh", summary: "fetch feeds that are missing or stale", arguments: "[dataset…]",
        details: """
            Fetches each named dataset (default: all) that is missing or stale by its refresh rule
            (calendar days in the feed's time zone). A new copy replaces the old one only after it
            decodes and has records with coordinates in range; on any failure the old copy stays.
            --offline says what is cached; --from DIR|URL fetches from a mirror.
            """,
        options: [
            OptionDeclaration("force", help: "fetch even fresh copies, with a conditional GET"),
            OptionDeclaration(
                "accept-drop",
                help:
                    "take a copy whose places with coordinates fell by more than 20 % (or the manifest's refresh.maxDropPercent); refused otherwise"
            ),
        ])
}
