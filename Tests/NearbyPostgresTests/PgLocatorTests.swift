import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyPostgres
import NearbyTestSupport
import Testing

/// Datasets published to PostGIS as the join reads them (`PostgisPlaceSource.open`, a
/// `PublishedDataset` ``PlaceLocator``): exactly a brute-force geodesic scan — every located place
/// ranked by `Geodesic.wgs84.distance`, kept within the radius, ordered by (distance, record
/// number), cut to the limit — and typed failures when the database cannot answer.
@Suite("PostGIS place locator", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipReason))
struct PgLocatorTests {
    static func manifest(_ id: String) -> DatasetManifest {
        DatasetManifest(
            id: id, title: id, source: .init(urls: ["https://example.invalid/\(id).csv"], format: .csv),
            fields: .init(name: "name", latitude: "lat", longitude: "lon"),
            refresh: .init(days: 1, timeZone: "Asia/Taipei"), licence: "CC0", attribution: "Us")
    }

    static func place(_ id: String, _ latitude: Double, _ longitude: Double) -> Place {
        Place(
            datasetID: "pts", id: id, name: "Place \(id)",
            coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Publishes `places` as `dataset` into a fresh schema; hands `body` the source and connection.
    static func withPublished(
        _ places: [Place], dataset: String = "pts", _ body: (PostgisPlaceSource, PostgresConnection) throws -> Void
    ) throws {
        let connection = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        defer { TestDatabase.drop(schema, on: connection) }
        try publish(places, as: dataset, schema: schema, on: connection)
        try body(PostgisPlaceSource(url: try TestDatabase.url(), schema: schema), connection)
    }

    static func publish(
        _ places: [Place], as dataset: String, schema: PostgresSchemaName, on connection: PostgresConnection
    ) throws {
        let rows = places.enumerated().map { PostgisPlaceSource.row(of: $1, ordinal: Int64($0)) }
        let source = PublishedSource(
            dataset: dataset, source: "https://example.invalid", licence: "CC0", attribution: "Us", fetchedAt: 0)
        try PlacePublisher.publish(rows, from: source, on: connection, schema: schema)
    }

    /// The oracle: a brute-force scan of every located place.
    static func bruteForce(_ places: [Place], from origin: Coordinate, limit: Int, within: Double) -> [Neighbor] {
        var all: [Neighbor] = []
        for (index, place) in places.enumerated() {
            guard let coordinate = place.coordinate else { continue }
            let distance = Geodesic.wgs84.distance(origin, coordinate)
            if distance <= within { all.append(Neighbor(index: index, distance: distance)) }
        }
        all.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return Array(all.prefix(limit))
    }

    @Test("Random points, radii and limits (PlaceLocatorLimit.all included) answer as a brute-force scan")
    func randomQueriesMatchBruteForce() throws {
        var random = SplitMix64(state: 0x9_10ca_7025)
        var places: [Place] = []
        for index in 0..<1800 {
            let (lat, lon): (Double, Double)
            switch index % 6 {
            case 0: (lat, lon) = (random.uniform(-90...90), random.uniform(-180...180))
            case 1: (lat, lon) = (random.uniform(84...90), random.uniform(-180...180))
            case 2: (lat, lon) = (random.uniform(-1...1), random.uniform(179...180))
            default: (lat, lon) = (random.uniform(25.00...25.08), random.uniform(121.48...121.56))
            }
            places.append(Self.place("p\(index)", lat, lon))
        }
        // Exact ties: one coordinate three times (ties go by record number), and unlocated places.
        for twin in 0..<3 { places.append(Self.place("twin\(twin)", 25.0418, 121.5152)) }
        places.append(Place(datasetID: "pts", id: "nowhere", name: "No coordinate", coordinate: nil))
        try Self.withPublished(places) { source, _ in
            let opened = try source.open([Self.manifest("pts")])
            #expect(opened.warnings.isEmpty)
            let dataset = try #require(opened.value.first)
            let limits = [1, 2, 3, 10, 37, PlaceLocatorLimit.all]
            for round in 0..<90 {
                let origin: Coordinate
                switch round % 3 {
                case 0:
                    origin = try #require(
                        Coordinate(latitude: random.uniform(25.0...25.08), longitude: random.uniform(121.48...121.56)))
                case 1:
                    origin = try #require(
                        Coordinate(latitude: random.uniform(-90...90), longitude: random.uniform(-180...180)))
                default: origin = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
                }
                let limit = limits[round % limits.count]
                let within: Double
                switch round % 5 {
                case 0: within = .infinity
                case 1: within = 0
                case 2: within = random.uniform(10...2_000)
                case 3: within = random.uniform(2_000...200_000)
                default: within = random.uniform(200_000...20_000_000)
                }
                let want = Self.bruteForce(places, from: origin, limit: limit, within: within)
                let got = try dataset.nearest(to: origin, limit: limit, within: within)
                #expect(got == want, "round \(round) from \(origin), limit \(limit), within \(within)")
                for neighbour in got.prefix(5) {
                    #expect(try dataset.coordinate(of: neighbour.index) == places[neighbour.index].coordinate)
                    #expect(try dataset.place(at: neighbour.index) == places[neighbour.index])
                }
            }
            // Behind the join's one type, the published dataset is the same locator.
            let joined = PlaceDataset.published(dataset)
            let origin = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
            let near = try joined.nearest(to: origin, limit: 4, within: 500)
            #expect(near == Self.bruteForce(places, from: origin, limit: 4, within: 500))
            #expect(near.prefix(3).map(\.index) == [1800, 1801, 1802])  // the three twins, in record order
        }
    }

    @Test("Where the sphere's order and the ellipsoid's differ, the locator gives the ellipsoid's")
    func sphereAndEllipsoidDisagree() throws {
        // From (0, 0): one degree north is a meridian arc of 110,574.389 m on WGS84 (111,195.08 m on
        // PostGIS's sphere of radius 6,371,008.77 m); along the equator the geodesic is the equator,
        // a·λ: 0.9935° east is 6,378,137·0.9935·π/180 = 110,595.914 m (110,472.31 m on the sphere).
        // The sphere puts all forty-one east places before the north one; WGS84 puts north first.
        let east = (0..<40).map { Self.place("east\($0)", 0, 0.9935 + Double($0) * 1e-4) }
        let places = [Self.place("east", 0, 0.995), Self.place("north", 1, 0)] + east
        try Self.withPublished(places) { source, _ in
            let dataset = try #require(try source.open([Self.manifest("pts")]).value.first)
            let origin = try #require(Coordinate(latitude: 0, longitude: 0))
            let first = try dataset.nearest(to: origin, limit: 1, within: .infinity)
            #expect(first.map(\.index) == [1])
            #expect(abs((first.first?.distance ?? 0) - 110_574.389) < 0.001)
            let two = try dataset.nearest(to: origin, limit: 2, within: .infinity)
            #expect(two.map(\.index) == [1, 2])
            #expect(abs((two.last?.distance ?? 0) - 6_378_137 * 0.9935 * Double.pi / 180) < 0.001)
            // Within 110,580 m only the north place qualifies, though the sphere puts it at 111,195 m:
            // the database is asked out to within / 0.99 on its sphere.
            let within = try dataset.nearest(to: origin, limit: PlaceLocatorLimit.all, within: 110_580)
            #expect(within.map(\.index) == [1])
        }
    }

    @Test("A dataset is read in one snapshot: publishing meanwhile changes nothing under it")
    func oneSnapshot() throws {
        let old = (0..<50).map { Self.place("old\($0)", 25 + Double($0) * 1e-3, 121.5) }
        let new = (0..<50).map { Self.place("new\($0)", 25.1, 121.5 + Double($0) * 1e-3) }
        try Self.withPublished(old) { source, connection in
            let dataset = try #require(try source.open([Self.manifest("pts")]).value.first)
            let origin = try #require(Coordinate(latitude: 25, longitude: 121.5))
            #expect(try dataset.nearest(to: origin, limit: 1, within: 10).map(\.index) == [0])
            try Self.publish(new, as: "pts", schema: source.schema, on: connection)
            let again = try dataset.nearest(to: origin, limit: 3, within: .infinity)
            #expect(again == Self.bruteForce(old, from: origin, limit: 3, within: .infinity))
            #expect(try dataset.place(at: 7).id == "old7")
            // A new call sees the new set.
            let fresh = try #require(try source.open([Self.manifest("pts")]).value.first)
            #expect(try fresh.place(at: 7).id == "new7")
        }
    }

    @Test("A dataset not published is left out with a typed warning; none published is not-published (no data)")
    func notPublished() throws {
        try Self.withPublished([Self.place("1", 25, 121)]) { source, _ in
            let redacted = source.url.redacted
            let partial = try source.open([Self.manifest("pts"), Self.manifest("absent")])
            #expect(partial.value.map(\.manifest.id) == ["pts"])
            #expect(partial.warnings == [.leftOut(.notPublished("absent", database: redacted))])
            do throws(PlaceLibraryError) {
                _ = try source.open([Self.manifest("absent")])
                Issue.record("an unpublished dataset was opened")
            } catch {
                #expect(error == .notPublished("absent", database: redacted))
                #expect(error.isNoData)
                #expect(error.description == "dataset absent is not published in \(redacted)")
            }
        }
    }

    @Test("A database without nearby.places says so, naming the database")
    func noPlacesTable() throws {
        let schema = try TestDatabase.freshSchema()  // never created: nothing was published there
        let source = PostgisPlaceSource(url: try TestDatabase.url(), schema: schema)
        do throws(PlaceLibraryError) {
            _ = try source.open([Self.manifest("pts")])
            Issue.record("a database without places answered")
        } catch {
            #expect(error == .noPlacesTable(database: source.url.redacted))
            #expect(!error.isNoData)
        }
    }

    @Test("A closed port and a wrong password are database failures, never no data, never with the password")
    func connectionFailures() throws {
        let text = try #require(TestDatabase.urlText)
        let secret = "Wr0ng-s3cret-\(UInt32.random(in: 0...UInt32.max))"
        let wrong = try #require(TestDatabase.replacingPassword(in: text, with: secret))
        let closed = "postgresql://nearby:\(secret)@127.0.0.1:1/nearby_test?connect_timeout=5"
        for (url, isLogin) in [(wrong, true), (closed, false)] {
            let source = PostgisPlaceSource(url: try PostgresURL(url))
            do throws(PlaceLibraryError) {
                _ = try source.open([Self.manifest("pts")])
                Issue.record("\(source.url) answered")
            } catch {
                guard case .placesDatabase(let cause) = error else {
                    Issue.record("not a database failure: \(error)")
                    continue
                }
                switch cause {
                case .authenticationFailed: #expect(isLogin, "\(cause)")
                case .connectionRefused: #expect(!isLogin, "\(cause)")
                default: Issue.record("unexpected cause: \(cause)")
                }
                #expect(!error.isNoData)
                #expect(error.description.contains(source.url.redacted))
                #expect(!error.description.contains(secret) && !"\(error)".contains(secret))
            }
            // The place queries fail the same way.
            let origin = try #require(Coordinate(latitude: 25, longitude: 121))
            #expect(throws: PlaceLibraryError.self) { try source.query(PlaceQuery(origin: origin), in: ["pts"]) }
        }
    }
}
