import Foundation
import Testing

@testable import NearbyFeeds

/// Every failing refresh leaves the previous copy byte for byte and says why.
@Suite struct RefreshFailureTests {
    typealias F = RefreshFixtures
    static let good = "25.0418,121.5152,Station\n25.0330,121.5654,Tower\n"

    /// Seeds a good copy of "toilets", runs `plan`, and checks the error and the untouched files.
    func expectFailureKeepsCache(
        _ server: FixtureServer, plan: (String) -> RefreshPlan, check: (RefreshError) -> Bool
    ) throws {
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("good.csv", Self.good)
        let seed = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        _ = try seed.refresh(F.plan("toilets", url: server.url("/files/good.csv")))
        let before = TestFolders.snapshot(folder)
        #expect(before.count >= 6)

        let cache = F.cache(folder, at: "2026-02-10T10:00:00+08:00")
        do {
            let outcome = try cache.refresh(plan("toilets"), force: true)
            Issue.record("expected a failure, got \(outcome)")
        } catch {
            #expect(check(error), "unexpected error: \(error)")
            #expect(error.description.hasSuffix("the last good copy, if any, was kept."))
            #expect(error.description.contains("toilets"))
        }
        #expect(TestFolders.snapshot(folder) == before)
        #expect(try cache.load("toilets").readPages() == [Data(Self.good.utf8)])
    }

    @Test(arguments: [404, 500])
    func httpErrors(status: Int) throws {
        let server = try FixtureServer()
        let url = server.url("/status/\(status)")
        try expectFailureKeepsCache(server, plan: { F.plan($0, url: url) }) {
            $0 == .fetch(datasetID: "toilets", page: 0, .http(url: url, status: status))
        }
    }

    @Test func timeout() throws {
        let server = try FixtureServer()
        let url = server.url("/slow/2")
        try expectFailureKeepsCache(server, plan: { F.plan($0, url: url) }) {
            $0 == .fetch(datasetID: "toilets", page: 0, .timeout(url: url, seconds: 1))
        }
    }

    @Test func truncatedBody() throws {
        let server = try FixtureServer()
        let url = server.url("/truncated")
        try expectFailureKeepsCache(server, plan: { F.plan($0, url: url) }) {
            $0 == .fetch(datasetID: "toilets", page: 0, .truncated(url: url, received: 10, expected: 1000))
        }
    }

    @Test func bodyTooLarge() throws {
        let server = try FixtureServer()
        let url = server.url("/big/5000")
        try expectFailureKeepsCache(server, plan: { F.plan($0, url: url, maxBytes: 1000) }) {
            $0 == .fetch(datasetID: "toilets", page: 0, .tooLarge(url: url, limit: 1000))
        }
    }

    @Test func invalidBody() throws {
        let server = try FixtureServer()
        try server.put("bad.csv", "<html>maintenance</html>\n")
        let url = server.url("/files/bad.csv")
        try expectFailureKeepsCache(server, plan: { F.plan($0, url: url) }) {
            $0 == .invalid(datasetID: "toilets", reason: "line 1 is not lat,lon,name.")
        }
    }

    @Test func zeroRecords() throws {
        let server = try FixtureServer()
        try server.put("empty.csv", "\n")
        let url = server.url("/files/empty.csv")
        try expectFailureKeepsCache(server, plan: { F.plan($0, url: url) }) {
            $0 == .noRecords(datasetID: "toilets")
        }
    }

    @Test func coordinatesOutOfRange() throws {
        let server = try FixtureServer()
        try server.put("far.csv", "25.0,121.5,ok\n95.0,121.5,pole\n")
        let url = server.url("/files/far.csv")
        try expectFailureKeepsCache(server, plan: { F.plan($0, url: url) }) {
            $0 == .invalid(datasetID: "toilets", reason: "record 2 has latitude 95.0 out of range.")
        }
    }

    @Test func laterPageFails() throws {
        let server = try FixtureServer()
        try server.put("p0.json", "[[25.0,121.5],[25.1,121.6]]")
        let base = server.url("/files")
        try expectFailureKeepsCache(
            server, plan: { F.pagedPlan($0, pageSize: 2) { "\(base)/p\($0).json" } }
        ) {
            $0 == .fetch(datasetID: "toilets", page: 1, .http(url: "\(base)/p1.json", status: 404))
        }
    }

    @Test func badArtefactName() throws {
        let server = try FixtureServer()
        let url = server.url("/files/good.csv")
        let plan: (String) -> RefreshPlan = { id in
            var plan = F.plan(id, url: url)
            plan.validate = { _ in ValidatedFeed(recordCount: 1, artefacts: ["../escape": Data()]) }
            return plan
        }
        try expectFailureKeepsCache(server, plan: plan) {
            $0 == .badArtefactName(datasetID: "toilets", name: "../escape")
        }
    }

    @Test func notModifiedWithoutAStoredCopyIsAnError() throws {
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00", fetcher: Always304())
        #expect(throws: RefreshError.unexpectedNotModified(datasetID: "x", page: 0, url: "http://h/x")) {
            try cache.refresh(F.plan("x", url: "http://h/x"))
        }
        #expect(cache.status(of: "x", rule: F.rule) == .missing)
    }

    @Test func unsafeDatasetIDsAreRefused() throws {
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00", fetcher: Always304())
        for id in ["../etc", ".hidden", "a/b", ""] {
            #expect(throws: RefreshError.invalidDatasetID(id)) {
                try cache.refresh(F.plan(id, url: "http://h/x"))
            }
            #expect(throws: CacheError.invalidDatasetID(id)) { try cache.load(id) }
        }
        #expect(TestFolders.snapshot(folder).isEmpty)
    }
}

/// A fetcher that always answers 304, to reach the no-stored-copy branch.
struct Always304: Fetcher {
    func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
        FetchResponse(status: 304, body: Data(), effectiveURL: request.url)
    }
}
