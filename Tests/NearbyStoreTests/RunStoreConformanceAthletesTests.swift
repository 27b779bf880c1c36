import Foundation
import NearbyGeo
import NearbyRuns
import NearbyTestSupport
import Testing

@testable import NearbyStore

/// Athletes and `runs near`, against both stores (SQLite always; PostgreSQL when `NEARBY_TEST_PG`
/// is set). Distances are GeographicLib's (`Geodesic.WGS84.Inverse`, geographiclib 2.1).
@Suite("RunStoring conformance: athletes and runs near") struct RunStoreConformanceAthletesTests {
    /// A record whose one segment has exactly `fixes` (latitude, longitude), one a second.
    static func record(_ tag: String, source: String, start: Double, fixes: [(Double, Double)]) -> RunRecord {
        let points = fixes.enumerated().map { index, fix in
            TrackPoint(latitude: fix.0, longitude: fix.1, time: start + Double(index))
        }
        return RunRecord(
            contentHash: fakeHash(tag), sourceName: source, startTime: start, distance: 100, elapsedTime: 10,
            movingTime: 10, segments: [TrackSegment(points: points)])
    }

    @Test(arguments: StoreFactory.kinds)
    func listingsAndReferencesAreTheAthletes(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let ann = try factory.open(athlete: "ann")
            let bo = try factory.open(athlete: "bo")
            let a = try ann.importRun(sampleRecord(hash: fakeHash("aa01"), source: "a.gpx", start: 1_000)).id
            let b = try bo.importRun(sampleRecord(hash: fakeHash("bb01"), source: "b.gpx", start: 2_000)).id
            let a2 = try bo.importRun(sampleRecord(hash: fakeHash("aa02"), source: "a.gpx", start: 3_000)).id
            #expect(try ann.runs().map(\.id) == [a])
            #expect(try bo.runs().map(\.id) == [b, a2])
            #expect(try ann.runs(.all).map(\.id) == [a, b, a2])
            #expect(try ann.runs(.all).map(\.athlete) == ["ann", "bo", "bo"])
            // A file name or hash prefix resolves within the athlete, or among all with .all.
            #expect(try ann.findRun(reference: "a.gpx").id == a)
            #expect(try bo.findRun(reference: "a.gpx").id == a2)
            #expect(throws: RunStoreError.ambiguousReference("a.gpx", matches: [a, a2])) {
                try ann.findRun(reference: "a.gpx", scope: .all)
            }
            #expect(throws: RunStoreError.referenceNotFound("bb01")) { try ann.findRun(reference: "bb01") }
            #expect(try ann.findRun(reference: "bb01", scope: .all).id == b)
            // Ids are store-wide.
            #expect(try ann.findRun(reference: String(b)).athlete == "bo")
        }
    }

    @Test(arguments: StoreFactory.kinds)
    func duplicatesAreStoreWideButActivitiesAreEachAthletes(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let ann = try factory.open(athlete: "ann")
            let bo = try factory.open(athlete: "bo")
            let first = try ann.importRun(sampleRecord(hash: fakeHash("cc01"), source: "w.fit"))
            // The same file from another athlete: the existing copy, which stays ann's.
            #expect(try bo.importRun(sampleRecord(hash: fakeHash("cc01"), source: "w.fit")) == .duplicate(first.id))
            #expect(try bo.run(id: first.id)?.athlete == "ann")
            // The same points from a GPX of bo's: two athletes running together are two runs.
            let together = try bo.importRun(sampleRecord(hash: fakeHash("cc02"), source: "w.gpx"))
            guard case .inserted = together else {
                Issue.record("bo's run: \(together)")
                return
            }
            // From ann herself it is the same activity.
            #expect(try ann.importRun(sampleRecord(hash: fakeHash("cc03"), source: "w.gpx")) == .sameActivity(first.id))
        }
    }

    /// GeographicLib: Inverse(0, 0, 0, 0.001) = 111.31949079327357 m (bearing 90°);
    /// Inverse(0.0001, 0, 0, ±0.01) = 1113.2498236024383 m.
    @Test(arguments: StoreFactory.kinds)
    func runsNearHandCases(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open(athlete: "ann")
            let east = try store.importRun(
                Self.record("e1", source: "e.gpx", start: 10, fixes: [(0, 0.001), (0, 0.002)])
            )
            .id
            // Its line passes 11 m from (0.0001, 0); its fixes are 1113 m away.
            let long = try store.importRun(
                Self.record("e2", source: "l.gpx", start: 20, fixes: [(0, -0.01), (0, 0.01)])
            )
            .id
            // One fix right at the origin, so no route: never matches.
            _ = try store.importRun(Self.record("e3", source: "r.gpx", start: 30, fixes: [(0, 0)]))
            let origin = try #require(Coordinate(latitude: 0, longitude: 0))
            let exact = 111.319_490_793_273_57
            let atDistance = try store.runsNear(origin, within: exact, scope: .own)
            #expect(atDistance.map(\.run.id) == [east])
            #expect(abs((atDistance.first?.distance ?? 0) - exact) < 1e-9)
            #expect(abs((atDistance.first?.bearing ?? 0) - 90) < 1e-9)
            #expect(atDistance.first?.fix.longitude == 0.001)
            #expect(atDistance.first?.fix.time == 10)
            #expect(try store.runsNear(origin, within: exact - 1e-7, scope: .own).isEmpty)

            let north = try #require(Coordinate(latitude: 0.0001, longitude: 0))
            #expect(try store.runsNear(north, within: 100, scope: .own).isEmpty)
            let both = try store.runsNear(north, within: 1113.25, scope: .own)
            #expect(both.map(\.run.id) == [east, long])
            #expect(abs((both.last?.distance ?? 0) - 1113.249_823_602_438_3) < 1e-6)
            #expect(try store.runsNear(north, within: 1113.249, scope: .own).map(\.run.id) == [east])

            // Another athlete's run at the same place: only with .all.
            let bo = try factory.open(athlete: "bo")
            let bos = try bo.importRun(Self.record("e4", source: "b.gpx", start: 40, fixes: [(0, 0.001), (0, 0.003)]))
                .id
            #expect(try store.runsNear(origin, within: exact, scope: .own).map(\.run.id) == [east])
            #expect(try store.runsNear(origin, within: exact, scope: .all).map(\.run.id) == [east, bos])
        }
    }

    /// The pruning of each store never loses a run: for many random points and distances, the
    /// store's answer equals the exact check over every stored run, and (with PostgreSQL) both
    /// stores give the same list.
    @Test(arguments: StoreFactory.kinds)
    func runsNearEqualsTheExhaustiveCheck(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open(athlete: "ann")
            for record in Self.handMadeRuns { _ = try store.importRun(record) }
            let all = try store.runs(.all)
            var segmentsByRun: [Int64: [TrackSegment]] = [:]
            for run in all { segmentsByRun[run.id] = try store.segments(ofRun: run.id) }
            for (point, within) in Self.randomQueries() {
                let expected = all.compactMap { run -> (Int64, Double)? in
                    guard let closest = RunsNear.closestFix(to: point, in: segmentsByRun[run.id] ?? [], within: within)
                    else { return nil }
                    return (run.id, closest.distance)
                }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                let found = try store.runsNear(point, within: within, scope: .own)
                #expect(found.map(\.run.id) == expected.map(\.0), "\(point) within \(within)")
                #expect(found.map(\.distance) == expected.map(\.1))
            }
        }
    }

    @Test(.enabled(if: StoreFactory.postgresURL != nil, "NEARBY_TEST_PG is not set: no PostgreSQL to compare with"))
    func bothStoresGiveTheSameList() throws {
        try StoreFactory.with(.sqlite) { sqlite in
            try StoreFactory.with(.postgresql) { postgres in
                let stores = [try sqlite.open(athlete: "ann"), try postgres.open(athlete: "ann")]
                for store in stores {
                    for record in Self.handMadeRuns { _ = try store.importRun(record) }
                }
                var matched = 0
                for (point, within) in Self.randomQueries() {
                    let lists = try stores.map { try $0.runsNear(point, within: within, scope: .own) }
                    #expect(lists[0].map(\.run.id) == lists[1].map(\.run.id), "\(point) within \(within)")
                    #expect(lists[0].map(\.distance) == lists[1].map(\.distance))
                    #expect(lists[0].map(\.fix) == lists[1].map(\.fix))
                    matched += lists[0].count
                }
                #expect(matched > 50)  // the queries do meet the runs
            }
        }
    }

    /// A loop in Taipei, a run across the antimeridian (Fiji), one near the north pole, one with
    /// fixes 5 km apart on the equator, and a run of two segments.
    static let handMadeRuns: [RunRecord] = {
        let taipei = (0..<40).map { step -> (Double, Double) in
            let angle = Double(step) / 40 * 2 * .pi
            return (25.03 + 0.01 * sin(angle), 121.52 + 0.01 * cos(angle))
        }
        let fiji = (0..<20).map { step -> (Double, Double) in
            let longitude = 179.99 + Double(step) * 0.001
            return (-17.0 + Double(step) * 0.0005, longitude > 180 ? longitude - 360 : longitude)
        }
        let pole = (0..<20).map { step in (89.99, -180 + Double(step) * 18) }
        let sparse = (0..<5).map { step in (0.0, 10 + Double(step) * 0.045) }
        var twoSegments = record("f5", source: "two.gpx", start: 500, fixes: [(25.04, 121.50), (25.041, 121.501)])
        twoSegments.segments.append(TrackSegment(points: [TrackPoint(latitude: 25.05, longitude: 121.51, time: 600)]))
        twoSegments.segments.append(
            TrackSegment(points: [
                TrackPoint(latitude: 25.06, longitude: 121.52, time: 700),
                TrackPoint(latitude: 25.061, longitude: 121.522, time: 701),
            ]))
        return [
            record("f1", source: "taipei.gpx", start: 100, fixes: taipei),
            record("f2", source: "fiji.gpx", start: 200, fixes: fiji),
            record("f3", source: "pole.gpx", start: 300, fixes: pole),
            record("f4", source: "sparse.gpx", start: 400, fixes: sparse), twoSegments,
        ]
    }()

    /// 150 points scattered around the runs, 30 around each of the five places (Taipei, the
    /// antimeridian, the pole, the equator's sparse run, the two segments), with distances from
    /// 5 m to 60 km; every other one with its distance set to exactly that of the nearest fix of
    /// any run, so a bound that prunes even a little too much loses that run. (Fewer than the 400
    /// drawn at random centres before, but every place gets as many: a latitude window taken
    /// with the equatorial radius instead of a(1 − e²) fails here as it did there.)
    static func randomQueries() -> [(Coordinate, Double)] {
        let segments = handMadeRuns.map(\.segments)
        return scatteredQueries().enumerated().map { index, query in
            guard index % 2 == 1 else { return query }
            let nearest = segments.compactMap { RunsNear.closestFix(to: query.0, in: $0, within: .infinity)?.distance }
                .min()
            return (query.0, nearest.map { max($0, 1e-9) } ?? query.1)
        }
    }

    static func scatteredQueries() -> [(Coordinate, Double)] {
        var random = SplitMix64(state: 0x6174_686c_6574_6573)
        let centres: [(Double, Double, Double)] = [
            (25.03, 121.52, 0.05), (-16.995, 179.995, 0.05), (89.99, 0, 0.05), (0, 10.09, 0.1), (25.05, 121.51, 0.03),
        ]
        var queries: [(Coordinate, Double)] = []
        while queries.count < 150 {
            let centre = centres[queries.count % centres.count]
            var longitude = centre.1 + random.uniform(-centre.2, centre.2) / max(0.01, cos(centre.0 * .pi / 180))
            longitude = longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
            let latitude = min(90, max(-90, centre.0 + random.uniform(-centre.2, centre.2)))
            guard let point = Coordinate(latitude: latitude, longitude: longitude) else { continue }
            queries.append((point, exp(random.uniform(log(5), log(60_000)))))
        }
        return queries
    }
}
