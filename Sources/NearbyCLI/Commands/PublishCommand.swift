import NearbyFeeds
import NearbyPostgres

/// `nearby publish DATASET… --to postgresql://…`: writes each dataset's cached places into
/// `nearby.places` (one transaction per dataset: readers see the old set or the new one); one line
/// per dataset, naming the database without its password.
enum PublishCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let ids = ParsedArguments.unique(context.arguments.positionals)
        guard !ids.isEmpty else { throw .usage("nearby publish needs a dataset: nearby publish DATASET… --to URL") }
        guard let text = context.arguments.value("to") else { throw .usage("nearby publish needs --to postgresql://…") }
        let url: PostgresURL
        do { url = try PostgresURL(text) } catch { throw .usage("--to: \(error.description)") }
        let session = try PlacesSession(context, only: Set(ids))
        let opened = try session.ask(leftOut: "publishing the others") { library throws(PlaceLibraryError) in
            try library.open(ids, verifyAll: true)
        }.value
        let connection: PostgresConnection
        do { connection = try PostgresConnection(url) } catch { throw .failure(error.description) }
        for dataset in opened {
            let id = dataset.manifest.id
            let archive = dataset.archive
            let written: Int
            do {
                // Rows are read from the archive a batch at a time, as they are written.
                written = try PlacePublisher.publish(
                    count: archive.count, from: PostgisPlaceSource.publishedSource(of: dataset), on: connection
                ) { (record: Int) throws(PlaceArchiveError) -> PublishedPlace in
                    PostgisPlaceSource.row(of: try archive.place(at: record), ordinal: Int64(record))
                }
            } catch {
                switch error {
                case .database(let failure): throw .failure("\(id) was not published: \(failure.description)")
                case .rows(let failure):
                    throw .failure("\(id) was not published: its archive could not be read (\(failure))")
                }
            }
            context.output.out("\(id): \(written) place\(written == 1 ? "" : "s") published to \(url.redacted)\n")
        }
    }
}

extension PublishCommand {
    static let spec = CommandSpec(
        name: "publish", summary: "copy datasets' cached places into PostGIS (nearby.places)",
        arguments: "DATASET…",
        details: """
            Each dataset's places replace its earlier rows in one transaction, so readers (QGIS, ogr2ogr,
            nearby --places-db) see the old set or the new one. The database is named by URL
            (postgresql://user@host/db?sslmode=…; passwords from the URL, PGPASSWORD or ~/.pgpass).
            """,
        options: [
            OptionDeclaration("to", value: "URL", help: "the PostgreSQL database (postgresql://…)", required: true)
        ])
}
