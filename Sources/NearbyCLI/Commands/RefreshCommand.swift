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
        var failures = 0
        for id in ids {
            let manifest: DatasetManifest
            do { manifest = try library.manifest(id) } catch { throw .usage(error.description) }
            if library.offline {
                let status = try? library.status(of: manifest)
                let state =
                    status?.ageDays.map { Formatting.age(days: $0) + ((status?.isFresh ?? false) ? "" : ", stale") }
                    ?? "not fetched"
                context.output.out("\(id): offline, cached copy \(state)\n")
                continue
            }
            do {
                let outcome = try library.refresh(
                    manifest, force: context.arguments.has("force"), acceptDrop: context.arguments.has("accept-drop"))
                if context.environment.stderrIsTerminal { context.output.err("\r\u{1B}[2K") }
                context.output.out("\(id): \(describe(outcome))\n")
                if case .updated = outcome {
                    for warning in library.decodeWarnings(manifest) { context.warn("\(id): \(warning)") }
                    // What an extract did not hold, once per refresh that read it.
                    for warning in library.extractInfo(of: manifest)?.warnings ?? [] {
                        context.warn("\(id): \(warning)")
                    }
                }
                if let reason = try library.ensureArchive(manifest) {
                    context.output.out("\(id): rebuilt the index (\(reason))\n")
                }
            } catch {
                if context.environment.stderrIsTerminal { context.output.err("\r\u{1B}[2K") }
                failures += 1
                context.output.err("nearby: \(PlaceLibraryWording.message(error))\n")
            }
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
