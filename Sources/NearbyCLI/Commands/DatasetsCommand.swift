import Foundation
import NearbyFeeds

/// `nearby datasets`: every dataset plugin with its source, licence and the state of its cache.
/// Manifests that were refused are named on stderr (by the session) and make the exit status 1.
enum DatasetsCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json])
        let session = try PlacesSession(context)
        var table = Table(headers: ["ID", "RECORDS", "AGE", "TITLE", "SOURCE", "LICENCE"], rightAligned: [1])
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
            let host = manifest.source.urls.first.flatMap { URL(string: $0)?.host } ?? ""
            var age = "not fetched"
            var records = "–"
            if let metadata = status.metadata, let days = status.ageDays {
                age = Formatting.age(days: days) + (status.isFresh ? "" : " (stale)")
                records = String(metadata.recordCount)
            }
            table.add([manifest.id, records, age, manifest.title, host, shortLicence(manifest.licence)])
            let cached: JSONOutput =
                status.metadata.map { metadata in
                    .object([
                        ("fetched_at", .string(Formatting.isoDate(metadata.fetchedAt.timeIntervalSince1970))),
                        ("checked_at", .string(Formatting.isoDate(metadata.checkedAt.timeIntervalSince1970))),
                        ("age_days", .integer(status.ageDays ?? 0)),
                        ("stale", .bool(!status.isFresh)),
                        ("records", .integer(metadata.recordCount)),
                        ("bytes", .integer(Int(clamping: metadata.bytes))),
                    ])
                } ?? .null
            items.append(
                .object([
                    ("id", .string(manifest.id)),
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
        if format == .json {
            context.output.out(JSONOutput.array(items).rendered())
        } else {
            table.maxCellWidth = 40
            context.output.out(table.render(style: context.style))
            for line in refusals { context.note(line) }
            context.note("Cache: \(context.paths.cacheDirectory)")
        }
        let refused = session.library.catalog.refused.count
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
            ($XDG_CONFIG_HOME/nearby/datasets), NEARBY_DATASETS and --datasets DIR.
            """,
        options: [.format([.table, .json])])
}
