import NearbyFeeds
import NearbyPostgres
import NearbyWalk

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
        if ids.first == "streets" {
            try publishStreets(context, to: url, named: ids.dropFirst().first)
            return
        }
        let session = try PlacesSession(context, only: Set(ids))
        let opened = try session.ask(leftOut: "publishing the others") { library throws(PlaceLibraryError) in
            try library.open(ids, verifyAll: true)
        }.value
        let connection: PostgresConnection
        do { connection = try PostgresConnection(url) } catch { throw .failure(error.description) }
        for dataset in opened {
            let id = dataset.manifest.id
            let written: Int
            do { written = try PostgisPlaceSource.publish(dataset, on: connection) } catch {
                throw .failure(error.description)
            }
            context.output.out("\(id): \(written) place\(written == 1 ? "" : "s") published to \(url.redacted)\n")
        }
    }
}

extension PublishCommand {
    /// `nearby publish streets [NAME] --to URL`: an imported walking network in pgRouting's shape.
    static func publishStreets(_ context: CommandContext, to url: PostgresURL, named name: String?) throws(CLIError) {
        let all = WalkOption.store(context).all()
        let chosen = name.map { wanted in all.filter { $0.name == wanted } } ?? all
        guard chosen.count == 1, let (networkName, opened) = chosen.first else {
            let names = all.map(\.name).joined(separator: ", ")
            throw .usage(
                all.isEmpty
                    ? "no streets imported yet (nearby streets import FILE)"
                    : "name the network to publish: nearby publish streets NAME --to URL (\(names))")
        }
        let network: WalkNetwork
        switch opened {
        case .success(let found): network = found
        case .failure(let error): throw .failure(error.description)
        }
        var edges: [PublishedEdge] = []
        var vertices: [(id: Int64, latitude: Double, longitude: Double)] = []
        do {
            for u in 0..<network.nodeCount {
                let a = try network.coordinate(u)
                vertices.append((Int64(u + 1), a.latitude, a.longitude))
                for slot in try network.edges(u) {
                    let v = try network.target(slot)
                    guard u < v else { continue }
                    let b = try network.coordinate(v)
                    edges.append(
                        PublishedEdge(
                            id: Int64(edges.count + 1), source: Int64(u + 1), target: Int64(v + 1),
                            length: try network.length(slot),
                            name: try network.name(ofEdge: slot).replacingOccurrences(of: "\0", with: ""),
                            from: (a.latitude, a.longitude), to: (b.latitude, b.longitude)))
                }
            }
        } catch {
            throw .failure(error.description)
        }
        let connection: PostgresConnection
        do { connection = try PostgresConnection(url) } catch { throw .failure(error.description) }
        let written: Int
        do {
            written = try StreetPublisher.publish(edges: edges, vertices: vertices, on: connection)
        } catch {
            throw .failure("\(networkName) was not published: \(error.description)")
        }
        context.output.out(
            "\(networkName): \(written) edges and \(vertices.count) vertices published to \(url.redacted) (nearby.ways, nearby.ways_vertices_pgr)\n"
        )
    }

    static let spec = CommandSpec(
        name: "publish", summary: "copy datasets' cached places into PostGIS (nearby.places)",
        arguments: "DATASET…",
        details: """
            Each dataset's places replace its earlier rows in one transaction, so readers (QGIS, ogr2ogr,
            nearby --places-db) see the old set or the new one. The database is named by URL
            (postgresql://user@host/db?sslmode=…; passwords from the URL, PGPASSWORD or ~/.pgpass).
            `nearby publish streets [NAME] --to URL` writes an imported walking network in pgRouting's
            shape instead (nearby.ways: id, source, target, cost, reverse_cost, length_m, name, geom;
            nearby.ways_vertices_pgr: id, geom), so pgr_dijkstra answers with Nearby's distances.
            """,
        options: [
            OptionDeclaration("to", value: "URL", help: "the PostgreSQL database (postgresql://…)", required: true)
        ])
}
