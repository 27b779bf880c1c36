import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// Paging through the real planner, and refreshes that fail: each keeps the previous cache byte
/// for byte and reports the documented error.
@Suite struct LibraryRefreshTests {
    typealias L = LibraryFixtures

    enum Stop: String, CaseIterable, Sendable {
        /// Pages of 3, 3 and 1 records: the short page ends it.
        case shortPage
        /// Pages of 3, 3 and 3 records with `count: 9`: the reported total ends it (a fourth
        /// request would be a 404 and fail the refresh).
        case reportedTotal
    }

    static let pagingCases: [(DatasetManifest.Paging.Style, Stop)] = [
        (.offset, .shortPage), (.offset, .reportedTotal), (.page, .shortPage), (.page, .reportedTotal),
    ]

    @Test(arguments: pagingCases)
    func pagingFetchesThreePages(style: DatasetManifest.Paging.Style, stop: Stop) throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("library")
        defer { try? FileManager.default.removeItem(at: folder) }
        let last = stop == .shortPage ? 7 : 9
        let count = stop == .shortPage ? nil : 9
        let ranges = [1...3, 4...6, 7...last]
        // offset style: offsets 0, 3, 6 with limit 3; page style: pages 1, 2, 3.
        let names =
            style == .offset
            ? ["off-0-3.json", "off-3-3.json", "off-6-3.json"] : ["page-1.json", "page-2.json", "page-3.json"]
        for (name, range) in zip(names, ranges) {
            try server.put(name, L.apiPage(range, count: count))
        }
        let template =
            style == .offset ? server.url("/files/off-{offset}-{limit}.json") : server.url("/files/page-{page}.json")
        let paging = DatasetManifest.Paging(
            style: style, pageSize: 3, total: stop == .reportedTotal ? "result.count" : nil)
        let opened = try L.library(folder, at: L.seedDay).open(L.jsonManifest(url: template, paging: paging))
        #expect(opened.warnings.isEmpty)
        #expect(try L.paths(server) == names.map { "/files/\($0)" })
        #expect(opened.metadata.pages.count == 3)
        #expect(opened.archive.count == last)
        #expect(try L.names(opened.archive) == (1...last).map { "第\($0)號公廁" })
        // Record n sits at 25.000 + 0.001 n, 121.5. From 25.0045,121.5, by
        // `echo "25.0045 121.5 <lat> 121.5" | GeodSolve -i -p 6`: record 4 at 55.386475 m,
        // record 5 at 55.386478 m, record 3 at 166.159413 m, record 6 at 166.159446 m.
        let query = try #require(Coordinate(latitude: 25.0045, longitude: 121.5))
        let nearest = try opened.archive.nearest(to: query, limit: 4)
        #expect(nearest.map(\.record) == [3, 4, 2, 5])
        let oracle = [55.386475, 55.386478, 166.159413, 166.159446]
        for (answer, metres) in zip(nearest, oracle) { #expect(abs(answer.distance - metres) < 1e-5) }
    }

    @Test func pagingStopsAtAnEmptyPageWhenNoTotalIsReported() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("library")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("page-1.json", L.apiPage(1...2))
        try server.put("page-2.json", L.apiPage(3...4))
        try server.put("page-3.json", L.apiPage(nil))
        let manifest = L.jsonManifest(
            url: server.url("/files/page-{page}.json"), paging: .init(style: .page, pageSize: 2))
        let opened = try L.library(folder, at: L.seedDay).open(manifest)
        #expect(opened.archive.count == 4)
        #expect(try L.paths(server) == ["/files/page-1.json", "/files/page-2.json", "/files/page-3.json"])
    }

    /// Without a reported total, a full last page makes the planner ask for one more page "in case";
    /// an origin that answers that page with 404 (or a mirror without that file) ends the paging
    /// instead of failing the refresh.
    @Test func aMissingPageAfterAFullOneEndsThePaging() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("library")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("page-1.json", L.apiPage(1...2))
        try server.put("page-2.json", L.apiPage(3...4))
        let manifest = L.jsonManifest(
            url: server.url("/files/page-{page}.json"), paging: .init(style: .page, pageSize: 2))
        let opened = try L.library(folder, at: L.seedDay).open(manifest)
        #expect(opened.archive.count == 4)
        #expect(try L.paths(server) == ["/files/page-1.json", "/files/page-2.json", "/files/page-3.json"])
        #expect(opened.metadata.pages.count == 2)
    }

    /// One way for a refresh to fail: the URL path to use (nil: the seeded file, whose content is
    /// replaced by `body`), and the error expected.
    struct Failure: Sendable, CustomStringConvertible {
        var label: String
        var path: String?
        var body: String?
        var expected: @Sendable (_ url: String) -> RefreshError
        var description: String { label }
    }

    static let id = "toilets-api"

    static let failures: [Failure] = [
        Failure(label: "404", path: "/status/404") { .fetch(datasetID: id, page: 0, .http(url: $0, status: 404)) },
        Failure(label: "500", path: "/status/500") { .fetch(datasetID: id, page: 0, .http(url: $0, status: 500)) },
        Failure(label: "timeout", path: "/slow/3") { .fetch(datasetID: id, page: 0, .timeout(url: $0, seconds: 1)) },
        Failure(label: "truncated", path: "/truncated") {
            .fetch(datasetID: id, page: 0, .truncated(url: $0, received: 10, expected: 1000))
        },
        // Line 2, column 13 is the quote after "1 ", where a comma or "}" must come. (A trailing
        // comma would not do: the parser accepts one, as documented.)
        Failure(
            label: "invalid JSON",
            body: "{\"result\": {\"results\": [\n  {\"_id\": 1 \"公廁名稱\": \"甲\"}\n]}}"
        ) { _ in
            .invalid(
                datasetID: id,
                reason:
                    "The feed of dataset \"toilets-api\" is not valid JSON at line 2, column 13: found '\"' where ',' or '}' after an object member was expected."
            )
        },
        Failure(label: "zero records", body: "{\"result\": {\"count\": 0, \"results\": []}}") { _ in
            .invalid(datasetID: id, reason: FeedDecodeError.noRecords(dataset: id).description)
        },
        Failure(
            label: "latitude missing",
            body: """
                {"result": {"results": [{"_id": 1, "公廁名稱": "甲", "經度": "121.5"},
                {"_id": 2, "公廁名稱": "乙", "經度": "121.6", "緯 度": "25.0"}]}}
                """
        ) { _ in
            .invalid(
                datasetID: id,
                reason: FeedDecodeError.fieldMissingEverywhere(dataset: id, role: "latitude", path: "緯度")
                    .description)
        },
        Failure(
            label: "out of range",
            body: """
                {"result": {"results": [{"_id": 1, "公廁名稱": "甲", "經度": "121.5", "緯度": "95.0"},
                {"_id": 2, "公廁名稱": "乙", "經度": "221.5", "緯度": "25.0"},
                {"_id": 3, "公廁名稱": "丙", "經度": "-181", "緯度": "-91"}]}}
                """
        ) { _ in
            .invalid(datasetID: id, reason: FeedDecodeError.noUsableCoordinates(dataset: id, records: 3).description)
        },
    ]

    @Test(arguments: failures)
    func failedRefreshKeepsThePreviousCache(failure: Failure) throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("library")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("api.json", L.fixture("toilets-api.json"))
        let good = L.jsonManifest(url: server.url("/files/api.json"))
        _ = try L.library(folder, at: L.seedDay).open(good)
        let before = TestFolders.snapshot(folder)
        #expect(before.keys.contains { $0.hasSuffix(FeedArchiver.fileName) })

        let url = failure.path.map(server.url) ?? server.url("/files/api.json")
        if let body = failure.body { try server.put("api.json", body) }
        let library = L.library(folder, at: L.staleDay)
        do {
            let outcome = try library.refresh(L.jsonManifest(url: url), force: true)
            Issue.record("expected a failure, got \(outcome)")
        } catch {
            guard case .refreshFailed(let dataset, let reason) = error else {
                Issue.record("expected refreshFailed, got \(error)")
                return
            }
            #expect(dataset == Self.id)
            #expect(reason == failure.expected(url))
        }
        #expect(TestFolders.snapshot(folder) == before)

        // The stale copy still opens (the refresh fails again) with a warning that says why.
        // A manifest with another URL is another manifest, so its archive is rebuilt too.
        let opened = try library.open(L.jsonManifest(url: url))
        let rebuilt = failure.path == nil ? [] : ["rebuilt the index of toilets-api: \(PlaceArchiveError.stale)"]
        #expect(
            opened.warnings.map(\.description)
                == ["could not refresh toilets-api (\(failure.expected(url))); using the copy from 9 days ago"]
                + rebuilt)
        #expect(try L.names(opened.archive).first == "國父紀念館")
    }

    @Test func csvWithoutALatitudeColumnIsRefused() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("library")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = server.url("/files/toilets.csv")
        try server.put("toilets.csv", L.fixture("toilets.csv"))
        _ = try L.library(folder, at: L.seedDay).open(L.csvManifest(url: url))
        let before = TestFolders.snapshot(folder)
        try server.put("toilets.csv", "行政區,公廁名稱,經度\n中正區,甲,121.5\n")
        do {
            _ = try L.library(folder, at: L.staleDay).refresh(L.csvManifest(url: url), force: true)
            Issue.record("a CSV without latitudes was accepted")
        } catch {
            let expected = RefreshError.invalid(
                datasetID: "toilets",
                reason: FeedDecodeError.fieldMissingEverywhere(dataset: "toilets", role: "latitude", path: "緯度")
                    .description)
            #expect(error.reason == expected.description)
        }
        #expect(TestFolders.snapshot(folder) == before)
    }

    @Test func changedFeedReplacesTheCopyAndItsArchive() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("library")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("api.json", L.apiPage(1...2))
        let manifest = L.jsonManifest(url: server.url("/files/api.json"))
        #expect(try L.library(folder, at: L.seedDay).open(manifest).archive.count == 2)
        try server.put("api.json", L.apiPage(1...5))
        let opened = try L.library(folder, at: L.staleDay).open(manifest)
        #expect(opened.warnings.isEmpty)
        #expect(opened.archive.count == 5)
        #expect(opened.metadata.fetchedAt == L.staleDay)
    }
}
