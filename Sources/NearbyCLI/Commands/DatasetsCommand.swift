import NearbyOutput
import Foundation
import NearbyFeeds
import NearbyRuns

/// `nearby datasets`: every dataset plugin — place feeds with their source, licence and the state
/// of their cache, then badge catalogues with their badge count, source and licence. Manifests and
/// catalogues that were refused are named on stderr and make the exit status 1.
enum DatasetsCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json])
        let session = try PlacesSession(context)
        var table = Table(headers: ["ID", "KIND", "RECORDS", "AGE", "TITLE", "SOURCE", "LICENCE"], rightAligned: [2])
        var items: [JSONOutput] = []
        var refusals: [String] = []
        for manifest in session.library.catalog.manifests {
            let refusal = session.library.lastRefusal(of: manifest)
            if let refusal {
                refusals.append(
                    "\(manifest.id): the last refresh (\(Formatting.isoDate(refusal.at.timeIntervalSince1970))) kept the old copy: \(refusal.reason)"
                )
            }
            let status = (try? session.library.status(of: manifest)) ?? .missing
            let extract = session.library.extractInfo(of: manifest)
            // A local extract is named by its file; a feed by its host.
            let host =
                manifest.localExtractPath.map { URL(fileURLWithPath: $0).lastPathComponent }
                ?? manifest.source.urls.first.flatMap { URL(string: $0)?.host } ?? ""
            var age = "not fetched"
            var records = "–"
            if let metadata = status.metadata, let days = status.ageDays {
                age = Formatting.age(days: days) + (status.isFresh ? "" : " (stale)")
                records = String(metadata.recordCount)
            }
            // An extract's data is as old as its own timestamp, not as its copy in the cache.
            if let taken = extract?.dataTimestamp {
                age = "data of " + Formatting.isoDate(taken.timeIntervalSince1970).prefix(10)
            }
            table.add([manifest.id, "places", records, age, manifest.title, host, shortLicence(manifest.licence)])
            let cached: JSONOutput =
                status.metadata.map { metadata in
                    .object([
                        ("fetched_at", .string(Formatting.isoDate(metadata.fetchedAt.timeIntervalSince1970))),
                        ("checked_at", .string(Formatting.isoDate(metadata.checkedAt.timeIntervalSince1970))),
                        ("age_days", .integer(status.ageDays ?? 0)),
                        ("stale", .bool(!status.isFresh)),
                        ("records", .integer(metadata.recordCount)),
                        ("bytes", .integer(Int(clamping: metadata.bytes))),
                        (
                            "data_timestamp",
                            extract?.dataTimestamp.map { .string(Formatting.isoDate($0.timeIntervalSince1970)) }
                                ?? .null
                        ),
                    ])
                } ?? .null
            items.append(
                .object([
                    ("id", .string(manifest.id)),
                    ("kind", .string("places")),
                    ("title", .string(manifest.title)),
                    ("description", .string(manifest.description)),
                    ("source", .array(manifest.source.urls.map(JSONOutput.string))),
                    ("format", .string(manifest.source.format.rawValue)),
                    ("refresh_days", .integer(manifest.refresh.days)),
                    ("licence", .string(manifest.licence)),
                    ("attribution", .string(manifest.attribution)),
                    ("homepage", .optional(manifest.homepage)),
                    ("cache", cached),
                    (
                        "last_refusal",
                        refusal.map { refusal in
                            .object([
                                ("at", .string(Formatting.isoDate(refusal.at.timeIntervalSince1970))),
                                ("reason", .string(refusal.reason)),
                            ])
                        } ?? .null
                    ),
                ]))
        }
        let badges: BadgeDatasets
        do { badges = try BadgeDatasets.load(from: context.datasetFolders) } catch { throw .failure(error.description) }
        for refusal in badges.refused { context.warn(refusal.description) }
        for entry in badges.entries {
            let info = entry.catalogue.info
            let source = info.source.isEmpty ? entry.file.lastPathComponent : info.source
            table.add([
                info.id, "badges", String(entry.catalogue.badges.count), "local", info.title, source, info.licence,
            ])
            items.append(
                .object([
                    ("id", .string(info.id)),
                    ("kind", .string("badges")),
                    ("title", .string(info.title)),
                    ("description", .string(info.description)),
                    ("badges", .integer(entry.catalogue.badges.count)),
                    ("source", .string(info.source)),
                    ("file", .string(entry.file.path)),
                    ("licence", .string(info.licence)),
                    ("attribution", .string(info.attribution)),
                    ("homepage", .optional(info.homepage)),
                ]))
        }
        if format == .json {
            context.output.out(JSONOutput.array(items).rendered())
        } else {
            table.maxCellWidth = 40
            context.output.out(table.render(style: context.style))
            for line in refusals { context.note(line) }
            context.note("Cache: \(context.paths.cacheDirectory)")
        }
        let refused = session.library.catalog.refused.count + badges.refused.count
        if refused > 0 {
            throw .failure(
                "\(refused) manifest\(refused == 1 ? " was" : "s were") refused (see above); the other datasets are listed"
            )
        }
    }

    private static func shortLicence(_ licence: String) -> String {
        licence.hasPrefix("政府資料開放授權條款") ? "OGDL-TW-1.0" : licence
    }
}

extension DatasetsCommand {
    /// What `nearby datasets` takes, and its help.
    static let spec = CommandSpec(
        name: "datasets", summary: "the datasets, their source, licence, age and size",
        details: """
            Lists every dataset plugin: id, title, source, licence, the age of the cached copy and its
            record count. Manifests come from the checkout's Datasets/, the config folder
            ($XDG_CONFIG_HOME/nearby/datasets), NEARBY_DATASETS and --datasets DIR. Badge catalogues
            (kind badges) are listed with their badge count, source and licence.
            """,
        options: [.format([.table, .json])])
}
