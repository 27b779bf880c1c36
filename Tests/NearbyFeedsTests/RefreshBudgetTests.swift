import Foundation
import Testing

@testable import NearbyFeeds

/// A slow or huge feed cannot hold the machine: the refresh's byte budget, deadline and
/// low-speed limit, with pages streamed to disk (small limits keep the tests short).
@Suite struct RefreshBudgetTests {
    typealias F = RefreshFixtures

    /// A plan of `pages` pages, each `url(n)`, never validated past the fetch.
    static func pagedPlan(
        _ id: String, pages: Int, budget: RefreshBudget, url: @escaping @Sendable (Int) -> String
    ) -> RefreshPlan {
        RefreshPlan(
            datasetID: id, rule: F.rule, fileExtension: "bin", budget: budget,
            request: { index, _ in
                index < pages
                    ? FetchRequest(url: url(index), connectTimeout: 1, totalTimeout: 20, maxBodyBytes: 64 << 20)
                    : nil
            },
            validate: { pages in ValidatedFeed(recordCount: pages.count) })
    }

    @Test func smallGzipPagesThatInflateLargeAreStoppedByTheByteBudget() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("budget")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each page is a few KiB on the wire and 2 MiB inflated; 5 MiB allow two pages, not three.
        let budget = RefreshBudget(maxBytes: 5 << 20, maxSeconds: 60)
        let base = server.url("/inflate/2?page=")
        let plan = Self.pagedPlan("bombs", pages: 10, budget: budget) { "\(base)\($0)" }
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        #expect(throws: RefreshError.overBudget(datasetID: "bombs", limit: 5 << 20)) {
            try cache.refresh(plan)
        }
        #expect(try LibraryFixtures.paths(server).count == 3)
        // Nothing is left behind: the unfinished generation is removed.
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("bombs").path)) == [
                "lock", "last-refusal.json",
            ])
        #expect(
            RefreshError.overBudget(datasetID: "bombs", limit: 5 << 20).description
                == "Refreshing bombs stopped because its pages passed the budget of 5 MiB for one refresh; the last good copy, if any, was kept."
        )
        #expect(
            cache.lastRefusal(of: "bombs")?.reason
                == RefreshError.overBudget(datasetID: "bombs", limit: 5 << 20).description)
    }

    @Test func withinTheBudgetPagesStreamToTheGenerationFolder() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("budget-ok")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = server.url("/inflate/2?page=")
        let plan = Self.pagedPlan("bombs", pages: 2, budget: RefreshBudget(maxBytes: 5 << 20, maxSeconds: 60)) {
            "\(base)\($0)"
        }
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        #expect(try cache.refresh(plan) == .updated(records: 2, bytes: 4 << 20, pages: 2))
        let entry = try cache.load("bombs")
        #expect(try entry.readPages().map(\.count) == [2 << 20, 2 << 20])
        try entry.verify()
        #expect(cache.lastRefusal(of: "bombs") == nil)
    }

    @Test func aTricklingServerIsStoppedByTheLowSpeedLimit() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("budget-slow")
        defer { try? FileManager.default.removeItem(at: folder) }
        let budget = RefreshBudget(maxBytes: 1 << 20, maxSeconds: 60, lowSpeedBytesPerSecond: 100, lowSpeedSeconds: 1)
        let url = server.url("/trickle/1000")
        let plan = Self.pagedPlan("slow", pages: 1, budget: budget) { _ in url }
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        #expect(
            throws: RefreshError.fetch(datasetID: "slow", page: 0, .tooSlow(url: url, bytesPerSecond: 100, seconds: 1))
        ) { try cache.refresh(plan) }
    }

    @Test func theWholeRefreshHasADeadline() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("budget-deadline")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each page takes 1 s; the refresh may take 1.5 s in all, so the second page runs out.
        let budget = RefreshBudget(maxBytes: 1 << 20, maxSeconds: 1.5)
        let base = server.url("/slow/1?page=")
        let plan = Self.pagedPlan("late", pages: 5, budget: budget) { "\(base)\($0)" }
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        #expect(throws: RefreshError.pastDeadline(datasetID: "late", seconds: 1.5)) { try cache.refresh(plan) }
    }

    @Test func mirrorFilesAreCopiedInChunksWithinTheBudget() throws {
        let folder = try TestFolders.make("budget-mirror")
        let mirror = try TestFolders.make("budget-mirror-files")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: mirror)
        }
        let line = "25.0418,121.5152,Station\n"
        let body = String(repeating: line, count: 100_000)  // 2.5 MB, several 1 MiB chunks
        try Data(body.utf8).write(to: mirror.appendingPathComponent("toilets.csv"))
        var plan = F.plan("toilets", url: "https://example.org/t.csv", maxBytes: 64 << 20, mirror: .folder(mirror))
        plan.budget = RefreshBudget(maxBytes: 2 << 20)
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        #expect(throws: RefreshError.overBudget(datasetID: "toilets", limit: 2 << 20)) { try cache.refresh(plan) }
        plan.budget = RefreshBudget(maxBytes: 4 << 20)
        #expect(try cache.refresh(plan) == .updated(records: 100_000, bytes: Int64(body.utf8.count), pages: 1))
        let page = try #require(try cache.load("toilets").metadata.pages.first)
        // python3 -c 'import hashlib;print(hashlib.sha256(b"25.0418,121.5152,Station\n"*100000).hexdigest())'
        #expect(page.sha256 == "03dc90a6eb1ae955ff9392a2bd4acf00ea2112fff3b98e5f8fa8ba10eaf3e4a4")
        try cache.load("toilets").verify()
    }

    @Test func theDropRuleIsExactIntegerArithmetic() {
        // 100 → 80 is a fall of exactly 20 %: allowed; 100 → 79 is not.
        #expect(!DatasetCache.fellTooFar(from: 100, to: 80, maxPercent: 20))
        #expect(DatasetCache.fellTooFar(from: 100, to: 79, maxPercent: 20))
        #expect(!DatasetCache.fellTooFar(from: 100, to: 120, maxPercent: 0))
        #expect(DatasetCache.fellTooFar(from: 5, to: 0, maxPercent: 99))
        #expect(!DatasetCache.fellTooFar(from: 5, to: 0, maxPercent: 100))
        #expect(!DatasetCache.fellTooFar(from: 0, to: 0, maxPercent: 20))
        #expect(DatasetCache.fellTooFar(from: Int.max, to: 0, maxPercent: 20))
    }
}
