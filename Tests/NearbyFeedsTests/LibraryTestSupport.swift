import Foundation
import NearbyGeo

@testable import NearbyFeeds

/// Manifests, fixtures and a library over a temporary cache for the ``PlaceLibrary`` tests.
enum LibraryFixtures {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Library")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// Instants in Asia/Taipei: the seed fetch, a day inside the 5-day rule, and one after it.
    static let seedDay = RefreshFixtures.instant("2026-02-01T10:00:00+08:00")
    static let freshDay = RefreshFixtures.instant("2026-02-03T09:00:00+08:00")
    static let staleDay = RefreshFixtures.instant("2026-02-10T10:00:00+08:00")

    /// The toilets CSV shape: longitude before latitude, CJK headers.
    static func csvManifest(url: String) -> DatasetManifest {
        DatasetManifest(
            id: "toilets", title: "臺北市公廁 (test)",
            source: .init(urls: [url], format: .csv),
            fields: .init(
                name: "公廁名稱", latitude: "緯度", longitude: "經度", address: "公廁地址",
                category: "公廁類別",
                attributes: [
                    .init(key: "district", field: "行政區", label: "行政區 (district)"),
                    .init(key: "accessible-seats", field: "無障礙廁座數", label: "無障礙廁座數"),
                ]),
            refresh: .init(days: 5, timeZone: "Asia/Taipei"),
            licence: "test licence", attribution: "test attribution")
    }

    /// The data.taipei API shape: records at `result.results`, optionally paged.
    static func jsonManifest(
        url: String, paging: DatasetManifest.Paging? = nil, name: FieldPath = "公廁名稱",
        id: String = "toilets-api"
    ) -> DatasetManifest {
        DatasetManifest(
            id: id, title: "臺北市公廁 API (test)",
            source: .init(urls: [url], format: .json, records: "result.results", paging: paging),
            fields: .init(
                id: "_id", name: name, latitude: "緯度", longitude: "經度", address: "公廁地址",
                attributes: [.init(key: "accessible-seats", field: "無障礙廁座數")]),
            refresh: .init(days: 5, timeZone: "Asia/Taipei"),
            licence: "test licence", attribution: "test attribution")
    }

    /// A library over `folder` at `now`, with short time-outs.
    static func library(
        _ folder: URL, at now: Date, mirror: FeedMirror? = nil, offline: Bool = false
    ) -> PlaceLibrary {
        var planner = RefreshPlanner()
        planner.connectTimeout = 1
        planner.totalTimeout = 1
        return PlaceLibrary(
            catalog: DatasetCatalog(entries: []),
            cache: DatasetCache(directory: folder, clock: .fixed(now), fetcher: CurlFetcher(version: "test")),
            mirror: mirror, offline: offline, planner: planner)
    }

    /// One record of the API shape; record `n` (1-based) sits 0.001° north per number.
    static func apiRecord(_ n: Int) -> String {
        let latitude = String(format: "%.6f", 25.0 + 0.001 * Double(n))
        return """
            {"_id": \(n), "公廁名稱": "第\(n)號公廁", "公廁地址": "臺北市 \(n) 號", \
            "經度": "121.500000", "緯度": "\(latitude)", "無障礙廁座數": "\(n % 2)"}
            """
    }

    /// A page of the API shape holding records `numbers`, with `count` when given.
    static func apiPage(_ numbers: ClosedRange<Int>?, count: Int? = nil) -> String {
        let records = numbers.map { $0.map(apiRecord).joined(separator: ",\n") } ?? ""
        let total = count.map { "\"count\": \($0), " } ?? ""
        return "{\"result\": {\(total)\"results\": [\(records)]}}"
    }

    /// The request paths the server saw, without the log requests themselves.
    static func paths(_ server: FixtureServer) throws -> [String] {
        try server.log().map(\.path).filter { $0 != "/log" }
    }

    static func names(_ archive: PlaceArchive) throws -> [String] {
        try (0..<archive.count).map { try archive.place(at: $0).name }
    }

    /// The names and distances of the `limit` nearest places.
    static func nearest(
        _ archive: PlaceArchive, _ latitude: Double, _ longitude: Double, limit: Int
    ) throws -> [(name: String, distance: Double)] {
        guard let query = Coordinate(latitude: latitude, longitude: longitude) else { return [] }
        return try archive.nearest(to: query, limit: limit).map {
            (try archive.place(at: $0.record).name, $0.distance)
        }
    }
}
