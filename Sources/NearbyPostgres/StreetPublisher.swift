/// One edge of a walking network as pgRouting reads it: both ways at the same cost.
public struct PublishedEdge: Sendable, Hashable {
    public var id: Int64
    public var source: Int64
    public var target: Int64
    /// Metres; the cost in both directions (pedestrians ignore oneway).
    public var length: Double
    public var name: String
    /// The edge's two ends, as (latitude, longitude).
    public var from: (Double, Double)
    public var to: (Double, Double)

    public init(
        id: Int64, source: Int64, target: Int64, length: Double, name: String, from: (Double, Double),
        to: (Double, Double)
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.length = length
        self.name = name
        self.from = from
        self.to = to
    }

    public static func == (a: PublishedEdge, b: PublishedEdge) -> Bool {
        a.id == b.id && a.source == b.source && a.target == b.target && a.length == b.length && a.name == b.name
            && a.from == b.from && a.to == b.to
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Writes a walking network in pgRouting's shape (osm2pgrouting's tables): `<schema>.ways` (id,
/// source, target, cost, reverse_cost, length_m, name, geom LineString 4326) and
/// `<schema>.ways_vertices_pgr` (id, geom Point 4326), replacing what was there in one
/// transaction, so `pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM nearby.ways',
/// a, b)` answers with Nearby's distances. Rows go in multi-row INSERTs of bound parameters.
public enum StreetPublisher {
    static let batchRows = 4000

    /// Replaces the published network by `edges` and `vertices` (id, latitude, longitude);
    /// returns the edges written.
    @discardableResult
    public static func publish(
        edges: [PublishedEdge], vertices: [(id: Int64, latitude: Double, longitude: Double)],
        on connection: PostgresConnection, schema: PostgresSchemaName = .nearby
    ) throws(PostgresError) -> Int {
        let s = schema.quoted
        return try connection.transaction { () throws(PostgresError) -> Int in
            try connection.execute("CREATE SCHEMA IF NOT EXISTS \(s)")
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS \(s).ways (id bigint PRIMARY KEY, source bigint NOT NULL,
                target bigint NOT NULL, cost double precision NOT NULL, reverse_cost double precision NOT NULL,
                length_m double precision NOT NULL, name text, geom geometry(LineString, 4326) NOT NULL)
                """)
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS \(s).ways_vertices_pgr (id bigint PRIMARY KEY, geom geometry(Point, 4326) NOT NULL)"
            )
            try connection.execute("DELETE FROM \(s).ways")
            try connection.execute("DELETE FROM \(s).ways_vertices_pgr")
            var start = 0
            while start < vertices.count {
                let batch = vertices[start..<min(vertices.count, start + batchRows)]
                var values: [String] = []
                var parameters: [PostgresValue?] = []
                for vertex in batch {
                    let n = parameters.count
                    values.append("($\(n + 1), ST_SetSRID(ST_MakePoint($\(n + 3), $\(n + 2)), 4326))")
                    parameters += [.integer(vertex.id), .double(vertex.latitude), .double(vertex.longitude)]
                }
                try connection.execute(
                    "INSERT INTO \(s).ways_vertices_pgr (id, geom) VALUES " + values.joined(separator: ", "), parameters
                )
                start += batch.count
            }
            var written = 0
            start = 0
            while start < edges.count {
                let batch = edges[start..<min(edges.count, start + batchRows / 2)]
                var values: [String] = []
                var parameters: [PostgresValue?] = []
                for edge in batch {
                    let n = parameters.count
                    values.append(
                        "($\(n + 1), $\(n + 2), $\(n + 3), $\(n + 4), $\(n + 4), $\(n + 4), $\(n + 5), "
                            + "ST_SetSRID(ST_MakeLine(ST_MakePoint($\(n + 7), $\(n + 6)), ST_MakePoint($\(n + 9), $\(n + 8))), 4326))"
                    )
                    parameters += [
                        .integer(edge.id), .integer(edge.source), .integer(edge.target), .double(edge.length),
                        .text(edge.name), .double(edge.from.0), .double(edge.from.1), .double(edge.to.0),
                        .double(edge.to.1),
                    ]
                }
                written +=
                    try connection.execute(
                        "INSERT INTO \(s).ways (id, source, target, cost, reverse_cost, length_m, name, geom) VALUES "
                            + values.joined(separator: ", "), parameters
                    ).affectedRows ?? 0
                start += batch.count
            }
            return written
        }
    }
}
