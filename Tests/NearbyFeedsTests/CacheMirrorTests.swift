import Foundation
import Testing

@testable import NearbyFeeds

/// Mirrors (a local folder or a base URL) standing in for a feed's origin; status reporting.
@Suite struct CacheMirrorTests {
    typealias F = RefreshFixtures
    static let body = "25.0418,121.5152,Station\n"

    @Test func mirrorFileNamesFollowTheDocumentedLayout() {
        let folder = FeedMirror.folder(URL(fileURLWithPath: "/srv/mirror"))
        #expect(
            folder.url(datasetID: "toilets", pageIndex: 0, fileExtension: "csv")
                == "file:///srv/mirror/toilets.csv")
        #expect(
            folder.url(datasetID: "parks", pageIndex: 2, fileExtension: "json")
                == "file:///srv/mirror/parks.page-2.json")
        let web = FeedMirror.baseURL("https://m.example.org/nearby/")
        #expect(
            web.url(datasetID: "parks", pageIndex: 1, fileExtension: "json")
                == "https://m.example.org/nearby/parks.page-1.json")
    }

    @Test func folderMirrorReplacesTheOriginAndIsUnchangedOnRecheck() throws {
        let mirror = try TestFolders.make("mirror")
        let folder = try TestFolders.make("cache")
        defer {
            try? FileManager.default.removeItem(at: mirror)
            try? FileManager.default.removeItem(at: folder)
        }
        try Data(Self.body.utf8).write(to: mirror.appendingPathComponent("toilets.csv"))
        // The origin is unreachable; only the mirror can answer.
        let plan = F.plan("toilets", url: "http://127.0.0.1:9/toilets.csv", mirror: .folder(mirror))
        let first = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        #expect(try first.refresh(plan) == .updated(records: 1, bytes: Int64(Self.body.utf8.count), pages: 1))
        let metadata = try first.load("toilets").metadata
        #expect(metadata.fromMirror)
        #expect(metadata.pages[0].url == mirror.appendingPathComponent("toilets.csv").absoluteString)

        // file:// has no conditional GET: identical bytes are recognised by checksum.
        let later = F.cache(folder, at: "2026-02-20T10:00:00+08:00")
        #expect(try later.refresh(plan) == .unchanged(records: 1))
        #expect(try later.load("toilets").metadata.checkedAt == F.instant("2026-02-20T10:00:00+08:00"))
    }

    @Test func pagedFolderMirrorAndMissingMirrorFile() throws {
        let mirror = try TestFolders.make("mirror")
        let folder = try TestFolders.make("cache")
        defer {
            try? FileManager.default.removeItem(at: mirror)
            try? FileManager.default.removeItem(at: folder)
        }
        try Data("[[25.0,121.5],[25.1,121.6]]".utf8).write(to: mirror.appendingPathComponent("parks.json"))
        try Data("[[25.2,121.5]]".utf8).write(to: mirror.appendingPathComponent("parks.page-1.json"))
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        let plan = F.pagedPlan("parks", pageSize: 2, mirror: .folder(mirror)) { "http://127.0.0.1:9/p\($0)" }
        #expect(try cache.refresh(plan) == .updated(records: 3, bytes: 41, pages: 2))
        let before = TestFolders.snapshot(folder)

        try FileManager.default.removeItem(at: mirror.appendingPathComponent("parks.page-1.json"))
        try Data("[[25.0,121.5],[25.1,121.9]]".utf8).write(to: mirror.appendingPathComponent("parks.json"))
        let missing = mirror.appendingPathComponent("parks.page-1.json").absoluteString
        #expect(throws: RefreshError.fetch(datasetID: "parks", page: 1, .fileNotFound(url: missing))) {
            try cache.refresh(plan, force: true)
        }
        #expect(TestFolders.snapshot(folder) == before)
    }

    @Test func baseURLMirrorServesOverHTTP() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("toilets.csv", Self.body)
        let plan = F.plan("toilets", url: "http://127.0.0.1:9/x", mirror: .baseURL(server.url("/files")))
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        #expect(try cache.refresh(plan) == .updated(records: 1, bytes: Int64(Self.body.utf8.count), pages: 1))
        #expect(try server.log().last?.path == "/files/toilets.csv")
    }

    @Test func statusReportsMissingFreshStaleAndUnreadable() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("toilets.csv", Self.body)
        // Fetched 2026-02-28T15:30Z = 23:30 on 28 Feb in Taipei.
        let fetchedAt = "2026-02-28T15:30:00Z"
        _ = try F.cache(folder, at: fetchedAt).refresh(
            F.plan("toilets", url: server.url("/files/toilets.csv")))
        let rule = RefreshRule(days: 1, timeZone: F.taipei)
        // 16:10Z is 00:10 on 1 Mar in Taipei: one calendar day later, so stale under a 1-day rule,
        // although only 40 minutes passed and UTC still says 28 Feb.
        let status = F.cache(folder, at: "2026-02-28T16:10:00Z").status(of: "toilets", rule: rule)
        #expect(status.ageDays == 1)
        #expect(!status.isFresh)
        let utc = RefreshRule(days: 1, timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(F.cache(folder, at: "2026-02-28T16:10:00Z").status(of: "toilets", rule: utc).isFresh)
        #expect(F.cache(folder, at: "2026-02-28T15:59:00Z").status(of: "toilets", rule: rule).isFresh)

        let meta = folder.appendingPathComponent("toilets/current/meta.json")
        try Data("{".utf8).write(to: meta)
        let broken = F.cache(folder, at: fetchedAt).status(of: "toilets", rule: rule)
        guard case .unreadable(let reason) = broken else {
            Issue.record("expected unreadable, got \(broken)")
            return
        }
        #expect(reason.contains("meta.json does not decode"))
    }
}
