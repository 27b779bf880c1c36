import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// ``PlaceLibrary/query(_:in:)`` and ``PlaceLibrary/place(id:in:from:)`` over the CSV toilets
/// fixture (Fixtures/Library/toilets.csv, ids are row numbers 1…7; row 7 lies at 0,0 and has no
/// usable coordinate), read through a mirror folder.
///
/// Distances and initial bearings from 25.0418,121.5152 by GeographicLib 2.1
/// (`Geodesic.WGS84.Inverse(25.0418, 121.5152, lat, lon)`: `s12`, `azi1` mod 360).
@Suite struct PlaceLibraryQueryTests {
    typealias L = LibraryFixtures

    static let origin = Coordinate(latitude: 25.0418, longitude: 121.5152)
    /// (name, id, s12 m, azi1 °), nearest first.
    static let oracle: [(String, String, Double, Double)] = [
        ("二二八和平公園", "2", 170.34021711383363, 194.7588395455043),
        ("臺北車站一樓", "1", 677.2378041663096, 16.063367695310255),
        ("龍山寺站", "5", 1704.8993582447033, 244.93117283050333),
        ("大安森林公園", "3", 2434.5674430359827, 122.56459796546608),
        ("百齡橋下\n(河濱)", "6", 5017.377122637545, 356.311105086451),
        ("臺北101", "4", 5047.283342935297, 99.89240710335011),
    ]

    /// A library whose catalog holds the toilets manifest (and `parks`, which has no feed in
    /// the mirror), reading from a mirror folder with the fixture.
    static func library(_ folder: URL, offline: Bool = false) throws -> PlaceLibrary {
        let mirror = folder.appendingPathComponent("mirror")
        try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        let name = FeedMirror.fileName(datasetID: "toilets", pageIndex: 0, fileExtension: "csv")
        try Data(L.fixture("toilets.csv").utf8).write(to: mirror.appendingPathComponent(name))
        let toilets = L.csvManifest(url: "http://127.0.0.1:9/toilets.csv")
        var parks = L.jsonManifest(url: "http://127.0.0.1:9/parks.json", id: "parks")
        parks.title = "parks (test)"
        var library = L.library(
            folder.appendingPathComponent("cache"), at: L.seedDay, mirror: .folder(mirror), offline: offline)
        library.catalog = DatasetCatalog(entries: [
            .init(manifest: toilets, file: mirror), .init(manifest: parks, file: mirror),
        ])
        return library
    }

    static func expectOracle(_ hits: [PlaceHit], _ expected: ArraySlice<(String, String, Double, Double)>) {
        #expect(hits.map(\.place.id) == expected.map(\.1))
        for (hit, oracle) in zip(hits, expected) {
            let distance = hit.distance ?? .nan
            let bearing = hit.bearing ?? .nan
            #expect(abs(distance - oracle.2) < 1e-6, "\(oracle.0): \(distance) vs \(oracle.2)")
            #expect(abs(bearing - oracle.3) < 1e-9, "\(oracle.0): \(bearing) vs \(oracle.3)")
        }
    }

    @Test func rankedQueryGivesDistanceAndBearingFromOneSolve() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Self.library(folder)
        let result = try library.query(PlaceQuery(origin: Self.origin, limit: 6), in: ["toilets"])
        Self.expectOracle(result.value, Self.oracle[...])
        // The bearing belongs to the same solve as the distance; the index's distance (within
        // 2e-8 m of that solve: PlaceLocator's contract) ranked the same places.
        let archive = try #require(result.datasets.first).archive
        let origin = try #require(Self.origin)
        let ranked = try archive.nearest(to: origin, limit: 6)
        #expect(result.value.count == ranked.count)
        for (hit, (_, distance)) in zip(result.value, ranked) {
            #expect(abs((hit.distance ?? .nan) - distance) <= 2e-8)
        }
        #expect(result.warnings == [.unranked(datasetID: "toilets", unlocated: 1, total: 7)])
        #expect(result.datasets.map(\.manifest.id) == ["toilets"])
    }

    @Test func filtersAreDataOnFieldsAttributesAndCategory() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Self.library(folder)
        func ids(_ filters: [PlaceFilter], limit: Int? = nil) throws -> [String] {
            try library.query(PlaceQuery(origin: Self.origin, limit: limit, filters: filters), in: ["toilets"])
                .value.map(\.place.id)
        }
        // By attribute key and by attribute label (行政區 (district)), any case.
        #expect(try ids([.equals("district", "中正區")]) == ["2", "1"])
        #expect(try ids([.equals("行政區 (DISTRICT)", " 中正區 ")]) == ["2", "1"])
        // Present: not empty and not zero (rows 5, 6 and 7 have 0 accessible seats).
        #expect(try ids([.present("accessible-seats")], limit: 3) == ["2", "1", "3"])
        // A raw field name, and the category.
        #expect(try ids([.equals("管理單位", "公園處")]) == ["2", "3"])
        #expect(try ids([.equals("category", "交通")]) == ["1", "5"])
        // Every filter must hold.
        #expect(try ids([.equals("category", "公園"), .present("親子廁座數")]) == ["3"])
        #expect(try ids([.present("no such field")]).isEmpty)
    }

    @Test func withinAndSourceOrder() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Self.library(folder)
        let near = try library.query(PlaceQuery(origin: Self.origin, within: 700), in: ["toilets"])
        Self.expectOracle(near.value, Self.oracle[0..<2])
        // 170.340217… m: a radius just below it leaves nothing.
        let none = try library.query(PlaceQuery(origin: Self.origin, within: 170.34), in: ["toilets"])
        #expect(none.value.isEmpty)
        // Without an origin: source order, every row (the one at 0,0 too), no distances, no warning.
        let listed = try library.query(PlaceQuery(limit: 10), in: ["toilets"])
        #expect(listed.value.map(\.place.id) == (1...7).map(String.init))
        #expect(listed.value.allSatisfy { $0.distance == nil && $0.bearing == nil })
        #expect(listed.warnings.isEmpty)
        let three = try library.query(PlaceQuery(limit: 3, filters: [.equals("category", "公園")]), in: ["toilets"])
        #expect(three.value.map(\.place.id) == ["2", "3", "6"])
    }

    @Test func placeByID() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Self.library(folder)
        let found = try library.place(id: "3", in: "toilets", from: Self.origin)
        let hit = try #require(found.value)
        #expect(hit.place.name == "大安森林公園")
        Self.expectOracle([hit], Self.oracle[3...3])
        #expect(found.datasets.map(\.manifest.id) == ["toilets"])
        let plain = try library.place(id: "7", in: "toilets")
        #expect(plain.value?.place.name == "零點公廁")
        #expect(plain.value?.distance == nil && plain.value?.bearing == nil)
        #expect(try library.place(id: "99", in: "toilets").value == nil)
        #expect(throws: PlaceLibraryError.unknownDataset("hotels", ["parks", "toilets"])) {
            try library.place(id: "1", in: "hotels")
        }
    }

    @Test func aDatasetWithoutDataIsLeftOutAndNamedLast() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.library(folder).query(PlaceQuery(), in: ["toilets"])
        let offline = try Self.library(folder, offline: true)
        let result = try offline.query(
            PlaceQuery(origin: Self.origin, limit: 2), in: ["parks", "toilets", "parks"])
        Self.expectOracle(result.value, Self.oracle[0..<2])
        #expect(
            result.warnings == [
                .unranked(datasetID: "toilets", unlocated: 1, total: 7), .leftOut(.notCached("parks")),
            ])
        #expect(
            result.warnings.last?.description
                == "parks has no data: there is no cached copy and fetching is off; answering from the other datasets")
        #expect(throws: PlaceLibraryError.notCached("parks")) { try offline.query(PlaceQuery(), in: ["parks"]) }
        let empty = try Self.library(try TestFolders.make("query-empty"), offline: true)
        #expect(throws: PlaceLibraryError.noneHaveData([.notCached("parks"), .notCached("toilets")])) {
            try empty.open(["parks", "toilets"])
        }
    }

    @Test func damageMetByAQueryIsRepairedThroughTheCache() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Self.library(folder)
        let opened = try library.open(["toilets"]).value[0]
        let url = opened.entry.directory.appendingPathComponent(FeedArchiver.fileName)
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[ArchiveFixtures.section(1, of: bytes).lowerBound + 3] ^= 0xFF
        try FileManager.default.removeItem(at: url)
        try Data(bytes).write(to: url)
        let result = try library.query(PlaceQuery(origin: Self.origin, limit: 6), in: ["toilets"])
        Self.expectOracle(result.value, Self.oracle[...])
        #expect(
            result.warnings == [
                .unranked(datasetID: "toilets", unlocated: 1, total: 7),
                .rebuilt(datasetID: "toilets", reason: PlaceArchiveError.checksumMismatch.description),
            ])
        // The repaired archive was written in place, so the next query needs no repair.
        #expect(try library.query(PlaceQuery(origin: Self.origin, limit: 1), in: ["toilets"]).warnings.count == 1)
    }

    @Test func theRepairWritesUnderTheDatasetsLock() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        var library = try Self.library(folder)
        let opened = try library.open(["toilets"]).value[0]
        library.cache.lockWait = 0.1
        let lock = folder.appendingPathComponent("cache/toilets/lock")
        let held = try CacheFiles.withExclusiveLock(lock, wait: 1) { () -> Result<OpenedDataset, PlaceLibraryError> in
            Result { () throws(PlaceLibraryError) -> OpenedDataset in
                try library.rebuild(opened, because: .checksumMismatch)
            }
        }
        guard case .failure(let error) = held.get() else {
            Issue.record("the rebuild did not wait for the lock")
            return
        }
        #expect(error.reason.contains("waiting 0.1 s for another refresh"), "\(error)")
        // And an entry that is not a generation of this cache is refused.
        let stray = CachedEntry(metadata: opened.metadata, directory: folder)
        #expect(throws: RefreshError.self) { try library.cache.rewriteArtefacts(of: stray) { _ in } }
    }

    @Test func anOpenedDatasetIsAPlaceLocator() throws {
        let folder = try TestFolders.make("query")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataset = try Self.library(folder).open(["toilets"]).value[0]
        let origin = try #require(Self.origin)
        let neighbours = try dataset.nearest(to: origin, limit: 3, within: 2000)
        #expect(neighbours.map(\.index) == [1, 0, 4])  // record numbers: ids 2, 1, 5
        for (neighbour, oracle) in zip(neighbours, Self.oracle) {
            #expect(abs(neighbour.distance - oracle.2) < 1e-6)
            #expect(try dataset.place(at: neighbour.index).id == oracle.1)
            #expect(try dataset.coordinate(of: neighbour.index) == dataset.place(at: neighbour.index).coordinate)
        }
    }
}
