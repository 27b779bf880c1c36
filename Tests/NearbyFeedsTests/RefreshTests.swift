import Foundation
import Testing

@testable import NearbyFeeds

/// Successful refreshes: first fetch, conditional GET, paging, redirects, gzip, concurrency.
@Suite struct RefreshTests {
    typealias F = RefreshFixtures
    static let body = "25.0418,121.5152,Station\n25.0330,121.5654,Tower\n"

    @Test func firstRefreshStoresBodyMetadataAndArtefact() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("toilets.csv", Self.body)
        let cache = F.cache(folder, at: "2026-02-28T10:00:00+08:00")
        #expect(cache.status(of: "toilets", rule: F.rule) == .missing)

        let outcome = try cache.refresh(F.plan("toilets", url: server.url("/files/toilets.csv")))
        #expect(outcome == .updated(records: 2, bytes: Int64(Self.body.utf8.count), pages: 1))

        let entry = try cache.load("toilets")
        #expect(try entry.readPages() == [Data(Self.body.utf8)])
        #expect(entry.metadata.recordCount == 2)
        #expect(entry.metadata.pages.first?.etag?.hasPrefix("\"") == true)
        #expect(entry.metadata.pages.first?.lastModified != nil)
        // python3 -c "import hashlib;print(hashlib.sha256(b'25.0418,121.5152,Station\n25.0330,121.5654,Tower\n').hexdigest())"
        #expect(entry.metadata.checksum == "3a1d700b54d7d4a78b9bebb9671afca1ccd99c8baefd08cfde894a7fb1d860a1")
        #expect(entry.metadata.fetchedAt == F.instant("2026-02-28T10:00:00+08:00"))
        let index = try #require(entry.artefactURL("index.bin"))
        #expect(try Data(contentsOf: index) == Data("count=2".utf8))
        #expect(entry.artefactURL("nope.bin") == nil)
        try entry.verify()
        #expect(cache.status(of: "toilets", rule: F.rule).isFresh)
    }

    @Test func staleCopyIsRevalidatedWith304AndOnlyCheckTimeChanges() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("toilets.csv", Self.body)
        let plan = F.plan("toilets", url: server.url("/files/toilets.csv"))
        _ = try F.cache(folder, at: "2026-02-27T10:00:00+08:00").refresh(plan)
        let etag = try F.cache(folder, at: "2026-02-27T10:00:00+08:00").load("toilets").metadata.pages[0].etag
        let before = TestFolders.snapshot(folder)

        // Fresh one day later (27 Feb -> 28 Feb): nothing is fetched.
        let dayLater = F.cache(folder, at: "2026-02-28T10:00:00+08:00")
        #expect(try dayLater.refresh(plan) == .skippedFresh(ageDays: 1))
        #expect(try server.log().count == 1)

        // 27 Feb -> 4 Mar is 5 calendar days in 2026: stale, so a conditional GET answers 304.
        let later = F.cache(folder, at: "2026-03-04T08:00:00+08:00")
        #expect(later.status(of: "toilets", rule: F.rule).ageDays == 5)
        #expect(try later.refresh(plan) == .notModified(records: 2))
        let log = try server.log()
        #expect(log.last?.status == 304)
        #expect(log.last?.ifNoneMatch == etag)

        let after = TestFolders.snapshot(folder)
        #expect(Set(before.keys) == Set(after.keys))
        for (path, bytes) in before where !path.hasSuffix("meta.json") {
            #expect(after[path] == bytes, "\(path) changed on a 304")
        }
        let metadata = try later.load("toilets").metadata
        #expect(metadata.checkedAt == F.instant("2026-03-04T08:00:00+08:00"))
        #expect(metadata.fetchedAt == F.instant("2026-02-27T10:00:00+08:00"))
        #expect(later.status(of: "toilets", rule: F.rule) == .fresh(ageDays: 0, metadata: metadata))
    }

    /// The toilets feed refreshed into `folder` on 1 February, then changed on the server (one
    /// place more): the plan and the new body.
    static func refreshedThenChanged(_ server: FixtureServer, _ folder: URL) throws -> (RefreshPlan, String) {
        try server.put("toilets.csv", Self.body)
        let plan = F.plan("toilets", url: server.url("/files/toilets.csv"))
        _ = try F.cache(folder, at: "2026-02-01T10:00:00+08:00").refresh(plan)
        let newer = Self.body + "25.0478,121.5170,Park\n"
        try server.put("toilets.csv", newer)
        return (plan, newer)
    }

    @Test func changedBodyReplacesTheGeneration() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (plan, newer) = try Self.refreshedThenChanged(server, folder)
        let cache = F.cache(folder, at: "2026-02-02T10:00:00+08:00")
        #expect(
            try cache.refresh(plan, force: true)
                == .updated(records: 3, bytes: Int64(newer.utf8.count), pages: 1))
        #expect(try cache.load("toilets").readPages() == [Data(newer.utf8)])
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("toilets").path)
        // The generation just replaced stays until the next switch, for readers still opening it.
        #expect(Set(names) == ["lock", "current", "gen-000001", "gen-000002"])
        // force sends no conditional headers.
        #expect(try server.log().last?.ifNoneMatch == nil)
    }

    /// A refresh that starts more than a second after `current` was confirmed deletes the
    /// generations before it first (a big feed never has three copies on disk), so even a
    /// refused refresh leaves only `current`; one that starts at once keeps the previous
    /// generation for readers still opening it. Either way the last good copy is untouched.
    @Test(arguments: [
        ("2026-02-02T10:00:00+08:00", ["gen-000001", "gen-000002"]),
        ("2026-02-02T10:00:01+08:00", ["gen-000002"]),
        ("2026-02-09T10:00:00+08:00", ["gen-000002"]),
    ])
    func olderGenerationsGoFirstOnceCurrentHasSettled(startingAt instant: String, kept: [String]) throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (plan, newer) = try Self.refreshedThenChanged(server, folder)
        _ = try F.cache(folder, at: "2026-02-02T10:00:00+08:00").refresh(plan, force: true)
        try server.put("toilets.csv", "")
        let cache = F.cache(folder, at: instant)
        #expect(throws: RefreshError.self) { try cache.refresh(plan, force: true) }
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("toilets").path)
        #expect(Set(names.filter { $0.hasPrefix("gen-") }) == Set(kept))
        #expect(try cache.load("toilets").readPages() == [Data(newer.utf8)])
    }

    @Test func pagingFetchesUntilAShortPageAndRevalidatesPerPage() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("p0.json", "[[25.0,121.5],[25.1,121.6]]")
        try server.put("p1.json", "[[25.2,121.5],[25.3,121.6]]")
        try server.put("p2.json", "[[25.4,121.5]]")
        let base = server.url("/files")
        let plan = F.pagedPlan("parks", pageSize: 2) { "\(base)/p\($0).json" }
        let first = F.cache(folder, at: "2026-01-01T00:00:00+08:00")
        #expect(try first.refresh(plan) == .updated(records: 5, bytes: 68, pages: 3))
        #expect(
            try first.load("parks").metadata.pages.map(\.file) == [
                "page-0.json", "page-1.json", "page-2.json",
            ])

        let second = F.cache(folder, at: "2026-01-10T00:00:00+08:00")
        #expect(try second.refresh(plan) == .notModified(records: 5))

        try server.put("p1.json", "[[25.2,121.5],[25.9,121.9]]")
        let third = F.cache(folder, at: "2026-01-20T00:00:00+08:00")
        #expect(try third.refresh(plan) == .updated(records: 5, bytes: 68, pages: 3))
        let statuses = try server.log().suffix(3).map(\.status)
        #expect(statuses == [304, 200, 304])
        #expect(try third.load("parks").readPages()[1] == Data("[[25.2,121.5],[25.9,121.9]]".utf8))
    }

    @Test func redirectAndGzipAreFollowedAndDecoded() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("toilets.csv", Self.body)
        let cache = F.cache(folder, at: "2026-02-28T10:00:00+08:00")
        _ = try cache.refresh(F.plan("moved", url: server.url("/redirect/2/toilets.csv")))
        let moved = try cache.load("moved").metadata.pages[0]
        #expect(moved.url == server.url("/redirect/2/toilets.csv"))
        #expect(moved.effectiveURL == server.url("/files/toilets.csv"))

        _ = try cache.refresh(F.plan("zipped", url: server.url("/gzip/toilets.csv")))
        #expect(try cache.load("zipped").readPages() == [Data(Self.body.utf8)])
    }

    @Test func concurrentRefreshesLeaveOneConsistentGeneration() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("toilets.csv", Self.body)
        let cache = F.cache(folder, at: "2026-02-28T10:00:00+08:00")
        let plan = F.plan("toilets", url: server.url("/files/toilets.csv"))
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            results.add((try? cache.refresh(plan, force: true)) != nil)
        }
        #expect(results.all == [true, true, true, true])
        try cache.load("toilets").verify()
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("toilets").path)
        #expect(Set(names) == ["lock", "current", "gen-000003", "gen-000004"])
    }
}

/// Thread-safe collection of results from concurrent work.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Bool] = []
    func add(_ value: Bool) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
    var all: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
