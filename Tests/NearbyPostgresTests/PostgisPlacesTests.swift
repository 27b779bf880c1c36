import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyPostgres
import NearbyTestSupport
import Synchronization
import Testing

/// Places published to PostGIS answer exactly as the local cache: same places, same order, same
/// WGS84 distances. The oracle is the definition of the local answer (every located place ranked
/// by one WGS84 inverse geodesic, ties in source order: what the archive's exact index returns),
/// computed here by brute force, and hand-computed arc lengths for the sphere/ellipsoid case.
@Suite("PostGIS places", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipReason))
struct PostgisPlacesTests {
    static func place(_ id: String, _ latitude: Double, _ longitude: Double, category: String? = nil) -> Place {
        Place(
            datasetID: "test", id: id, name: "Place \(id)",
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            category: category)
    }

    /// Publishes `places` as `dataset` into a fresh schema and hands a source reading it to `body`.
    static func withPublished(
        _ places: [Place], dataset: String = "test", _ body: (PostgisPlaceSource, PostgresConnection) throws -> Void
    ) throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        let rows = places.enumerated().map { PostgisPlaceSource.row(of: $1, ordinal: Int64($0)) }
        let source = PublishedSource(
            dataset: dataset, source: "https://example.org/a.csv", licence: "CC0", attribution: "Us",
            fetchedAt: 1_781_496_000)
        #expect(try PlacePublisher.publish(rows, from: source, on: connection, schema: schema) == places.count)
        try body(PostgisPlaceSource(url: try TestDatabase.url(), schema: schema), connection)
    }

    /// The local answer by definition: located places within `within` by WGS84 distance, ties by
    /// record number, cut to `limit`.
    static func oracle(_ places: [Place], from origin: Coordinate, limit: Int, within: Double = .infinity)
        -> [(id: String, distance: Double)]
    {
        var ranked: [(id: String, distance: Double, record: Int)] = []
        for (record, place) in places.enumerated() {
            guard let coordinate = place.coordinate else { continue }
            let distance = Geodesic.wgs84.inverse(origin, coordinate).distance
            if distance <= within { ranked.append((place.id, distance, record)) }
        }
        ranked.sort { ($0.distance, $0.record) < ($1.distance, $1.record) }
        return ranked.prefix(limit).map { ($0.id, $0.distance) }
    }

    @Test("Where the sphere's order and the ellipsoid's differ, the ellipsoid's wins")
    func sphereAndEllipsoidDisagree() throws {
        // From (0, 0): one degree north is a meridian arc of 110,574.389 m on WGS84 (111,195.08 m on
        // PostGIS's sphere of radius 6,371,008.77 m); 0.995° east is an equator arc of
        // a·0.995·π/180 = 110,762.76 m (110,639.10 m on the sphere). The sphere puts the east place first.
        // Forty more places east, at 0.9935° to 0.9974° (sphere below 111,195 m, WGS84 above
        // a·0.9935·π/180 = 110,595.96 m): a source that trusted the sphere's first candidates
        // would answer one of them.
        let east = (0..<40).map { Self.place("east\($0)", 0, 0.9935 + Double($0) * 1e-4) }
        let places = [Self.place("east", 0, 0.995), Self.place("north", 1, 0)] + east
        try Self.withPublished(places) { source, connection in
            let sphere = try PublishedPlaces(connection: connection, schema: source.schema).candidates(
                "test", latitude: 0, longitude: 0, limit: 42, offset: 0)
            #expect(sphere.last?.place.id == "north")
            let origin = try #require(Coordinate(latitude: 0, longitude: 0))
            let hits = try source.query(PlaceQuery(origin: origin, limit: 1), in: ["test"]).value
            #expect(hits.map(\.place.id) == ["north"])
            #expect(abs((hits.first?.distance ?? 0) - 110_574.389) < 0.01)
            let both = try source.query(PlaceQuery(origin: origin, limit: 2), in: ["test"]).value
            #expect(both.map(\.place.id) == ["north", "east0"])
            #expect(abs((both.last?.distance ?? 0) - 6_378_137 * 0.9935 * Double.pi / 180) < 0.01)
        }
    }

    @Test("Random places and points, high latitudes and near-antipodes included, answer as the cache")
    func randomQueriesMatchTheLocalAnswer() throws {
        var random = SplitMix64(state: 0x11_2026)
        var places: [Place] = []
        for index in 0..<2500 {
            let (lat, lon): (Double, Double)
            switch index % 5 {
            case 0: (lat, lon) = (random.uniform(-90...90), random.uniform(-180...180))
            case 1: (lat, lon) = (random.uniform(80...90), random.uniform(-180...180))
            case 2: (lat, lon) = (random.uniform(-90 ... -75), random.uniform(-180...180))
            case 3: (lat, lon) = (random.uniform(24.9...25.2), random.uniform(121.4...121.7))
            default: (lat, lon) = (random.uniform(-1...1), random.uniform(-180...180))
            }
            places.append(Self.place("p\(index)", lat, lon, category: index % 3 == 0 ? "odd" : nil))
        }
        // Exact ties of distance: the same coordinate twice, in source order.
        places.append(Self.place("twin-a", 25.0418, 121.5152))
        places.append(Self.place("twin-b", 25.0418, 121.5152))
        places.append(Place(datasetID: "test", id: "nowhere", name: "No coordinate", coordinate: nil))
        try Self.withPublished(places) { source, _ in
            for round in 0..<TestScale.cases(60) {
                var origin: Coordinate
                switch round % 4 {
                case 0:
                    origin = try #require(
                        Coordinate(latitude: random.uniform(-90...90), longitude: random.uniform(-180...180)))
                case 1:
                    // Near the antipode of a place.
                    let target = try #require(places[random.int(2500)].coordinate)
                    origin = try #require(
                        Coordinate(
                            latitude: -target.latitude + random.uniform(-0.5...0.5),
                            longitude: max(
                                -180,
                                min(
                                    180,
                                    target.longitude + (target.longitude > 0 ? -180 : 180) + random.uniform(-0.5...0.5))
                            )))
                case 2:
                    origin = try #require(
                        Coordinate(latitude: random.uniform(85...90), longitude: random.uniform(-180...180)))
                default: origin = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
                }
                let limit = 1 + random.int(25)
                let within = round % 3 == 0 ? random.uniform(1_000...3_000_000) : .infinity
                let got = try source.query(PlaceQuery(origin: origin, limit: limit, within: within), in: ["test"])
                let want = Self.oracle(places, from: origin, limit: limit, within: within)
                #expect(got.value.map(\.place.id) == want.map(\.id), "round \(round) from \(origin)")
                #expect(got.value.map { $0.distance ?? -1 } == want.map(\.distance), "round \(round)")
                #expect(got.warnings.count == 1)  // one place has no coordinate
            }
            // A filter is applied to candidates, as the archive applies it.
            let origin = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
            let filtered = try source.query(
                PlaceQuery(origin: origin, limit: 7, filters: [.equals("category", "odd")]), in: ["test"]
            ).value
            let odd = places.filter { $0.category == "odd" }
            #expect(filtered.map(\.place.id) == Self.oracle(odd, from: origin, limit: 7).map(\.id))
            // Without an origin: source order, the place without a coordinate included.
            let listed = try source.query(PlaceQuery(limit: nil), in: ["test"]).value
            #expect(listed.map(\.place.id) == places.map(\.id))
        }
    }

    @Test("show by id: the first record with the id, every field as the archive holds it")
    func placeByID() throws {
        let full = Place(
            datasetID: "test", id: "7", name: "臺北車站\u{3000}東側 \"quoted\"",
            coordinate: Coordinate(latitude: 25.0478, longitude: 121.5170),
            address: "北平西路3號", category: "toilet",
            attributes: [
                PlaceAttribute(key: "seats", label: "Seats", value: "4"),
                PlaceAttribute(key: "a11y", label: "Accessible", value: "yes"),
            ],
            fields: [PlaceField(name: "z-first", value: "1"), PlaceField(name: "a-second", value: "line\nbreak")])
        let duplicate = Place(datasetID: "test", id: "7", name: "Second with id 7", coordinate: nil)
        try Self.withPublished([Self.place("1", 25, 121), full, duplicate]) { source, connection in
            let found = try source.place(id: "7", in: "test", from: nil).value
            #expect(found?.place == full)
            #expect(try source.place(id: "8", in: "test", from: nil).value == nil)
            // The attributes column is a plain object for QGIS and SQL.
            let attributes = try connection.execute(
                "SELECT attributes->>'seats' AS seats FROM \"\(source.schema.name)\".places WHERE ordinal = 1")
            #expect(try attributes.rows.first?.string("seats") == "4")
        }
    }

    @Test("A dataset not published is left out with a warning; none published is no data")
    func notPublished() throws {
        try Self.withPublished([Self.place("1", 25, 121)]) { source, _ in
            let origin = try #require(Coordinate(latitude: 25, longitude: 121))
            let partial = try source.query(PlaceQuery(origin: origin, limit: 5), in: ["test", "absent"])
            #expect(partial.value.map(\.place.id) == ["1"])
            #expect(partial.warnings.count == 1)
            #expect(throws: PlaceLibraryError.self) { try source.query(PlaceQuery(origin: origin), in: ["absent"]) }
        }
    }

    @Test("A refused login never shows the password")
    func passwordNeverShown() throws {
        let text = try #require(TestDatabase.urlText)
        let secret = "Wr0ng-s3cret-\(UInt32.random(in: 0...UInt32.max))"
        let wrong = try #require(TestDatabase.replacingPassword(in: text, with: secret))
        let source = PostgisPlaceSource(url: try PostgresURL(wrong))
        let origin = try #require(Coordinate(latitude: 25, longitude: 121))
        do {
            _ = try source.query(PlaceQuery(origin: origin), in: ["test"])
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(!error.description.contains(secret))
            // A refused login is the database failing, not the dataset lacking data.
            #expect(!error.isNoData)
        }
    }

    @Test("Re-publishing replaces a dataset atomically: a concurrent reader sees the old set or the new one")
    func republishIsAtomic() throws {
        let old = (0..<1500).map { Self.place("old\($0)", 25 + Double($0) * 1e-4, 121) }
        let new = (0..<1700).map { Self.place("new\($0)", 25, 121 + Double($0) * 1e-4) }
        try Self.withPublished(old) { source, connection in
            let observed = Observations()
            let url = source.url
            let schema = source.schema.name
            let reader = Thread {
                guard let reading = try? PostgresConnection(url) else {
                    observed.seen.withLock { $0.append("no connection") }
                    return
                }
                while !observed.stop.withLock({ $0 }) {
                    let result = try? reading.execute(
                        "SELECT count(*) AS n, min(left(id, 3)) AS lo, max(left(id, 3)) AS hi FROM \"\(schema)\".places WHERE dataset = 'test'"
                    )
                    let row = result?.rows.first
                    let seen =
                        "\((try? row?.int("n")) ?? -1) \((try? row?.string("lo")) ?? "-") \((try? row?.string("hi")) ?? "-")"
                    observed.seen.withLock { $0.append(seen) }
                }
            }
            reader.start()
            let publishedSource = PublishedSource(
                dataset: "test", source: "s", licence: "l", attribution: "a", fetchedAt: 0)
            for round in 0..<6 {
                let places = round % 2 == 0 ? new : old
                let rows = places.enumerated().map { PostgisPlaceSource.row(of: $1, ordinal: Int64($0)) }
                try PlacePublisher.publish(rows, from: publishedSource, on: connection, schema: source.schema)
            }
            observed.stop.withLock { $0 = true }
            while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
            let seen = Set(observed.seen.withLock { $0 })
            #expect(!seen.isEmpty)
            #expect(seen.isSubset(of: ["1500 old old", "1700 new new"]), "\(seen)")
        }
    }

    final class Observations: Sendable {
        let stop = Mutex(false)
        let seen = Mutex<[String]>([])
    }
}
