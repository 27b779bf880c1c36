import Foundation
import NearbyPostgres
import Testing

/// `nearby publish streets` into the throw-away cluster of `NEARBY_TEST_PG` (skipped without it,
/// and without pgRouting there): `pgr_dijkstra` over `nearby.ways` answers with the distances
/// `nearby route` gives between the same vertices, to 1 mm.
@Suite(.serialized, .enabled(if: PgPlacesDatabase.url != nil, "NEARBY_TEST_PG is not set"))
struct PgStreetsEndToEndTests {
    @Test func pgRoutingAgreesWithRoute() throws {
        let url = try #require(PgPlacesDatabase.url)
        let connection = try PostgresConnection(PostgresURL(url))
        let installed = try connection.execute("SELECT count(*) AS n FROM pg_extension WHERE extname = 'pgrouting'")
        guard try installed.rows.first?.int64("n") == 1 else { return }
        let home = try TestPaths.temporaryDirectory("nearby-pgstreets")
        let nearby = InProcessRunner(home: home)
        let extract = home.appendingPathComponent("river-town.osm")
        try Data(WalkEndToEndTests.town().utf8).write(to: extract)
        #expect(nearby.run(["streets", "import", extract.path]).status == 0)
        let published = nearby.run(["publish", "streets", "--to", url])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout.hasPrefix("river-town: 101 edges and 102 vertices published"))
        // Vertices are numbered from 1 in the order of their OpenStreetMap ids: the south street's
        // nodes 100…150 are 1…51, the north street's 200…250 are 52…102.
        for (a, b, from, to) in [
            (1, 102, "25.0400,121.5100", "25.0420,121.5200"), (26, 77, "25.0400,121.5150", "25.0420,121.5150"),
            (10, 40, "25.0400,121.5118", "25.0400,121.5178"), (52, 1, "25.0420,121.5100", "25.0400,121.5100"),
        ] {
            let result = try connection.execute(
                """
                SELECT max(agg_cost) AS cost FROM pgr_dijkstra(
                    'SELECT id, source, target, cost, reverse_cost FROM nearby.ways', $1::bigint, $2::bigint, false)
                """, [.integer(Int64(a)), .integer(Int64(b))])
            let cost = try #require(try result.rows.first?.double("cost"))
            let route = nearby.run(["route", "--from", from, "--to", to, "--format", "json"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(route.stdout.utf8)) as? [String: Any])
            let ours = try #require(json["distance_m"] as? Double)
            #expect(abs(cost - ours) < 0.001, "\(a)→\(b): pgRouting \(cost), nearby \(ours)")
        }
        let names = try connection.execute("SELECT count(*) AS n FROM nearby.ways WHERE name = '南岸路'")
        #expect(try names.rows.first?.int64("n") == 50)
    }
}
