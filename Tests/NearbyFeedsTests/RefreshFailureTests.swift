import Foundation
import Testing

@testable import NearbyFeeds

#if canImport(Glibc)
    import Glibc
#endif

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
            plan.validate = { _, _ in ValidatedFeed(recordCount: 1, artefacts: ["../escape": Data()]) }
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

/// The cache's artefact seam (issue 8): a validator writes large artefacts into the new
/// generation through an ``ArtefactFolder``, under the cache's rules, instead of handing bytes.
@Suite struct ArtefactFolderTests {
    typealias F = RefreshFixtures

    private func plan(
        _ url: String,
        validate: @escaping @Sendable (_ pages: PageBodies, _ folder: ArtefactFolder) throws -> ValidatedFeed
    ) -> RefreshPlan {
        var plan = F.plan("toilets", url: url)
        plan.validate = validate
        return plan
    }

    @Test func aWrittenFileIsKeptAndRecordedWithTheFetchChecksum() throws {
        let server = try FixtureServer()
        try server.put("good.csv", RefreshFailureTests.good)
        let folder = try TestFolders.make("cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = F.cache(folder, at: "2026-02-01T10:00:00+08:00")
        let seen = LockedBox<String?>(nil)
        _ = try cache.refresh(
            plan(server.url("/files/good.csv")) { pages, output in
                seen.set(output.checksum)
                try output.write("big.bin") { fd in
                    let bytes = [UInt8]("built from \(pages.count) page".utf8)
                    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                }
                return ValidatedFeed(recordCount: 2, files: ["big.bin"])
            })
        let entry = try cache.load("toilets")
        #expect(entry.metadata.artefacts == ["big.bin"])
        #expect(
            try Data(contentsOf: entry.directory.appendingPathComponent("big.bin")) == Data("built from 1 page".utf8))
        // The checksum handed over and recorded is SHA-256 of the page (sha256sum of the text).
        let sha256sum = "3a1d700b54d7d4a78b9bebb9671afca1ccd99c8baefd08cfde894a7fb1d860a1"
        #expect(seen.get() == sha256sum)
        #expect(entry.metadata.checksum == sha256sum)
        #expect(!CacheFiles.list(entry.directory).contains { $0.hasSuffix(".tmp") })
    }

    @Test(arguments: ["../escape", "meta.json", "page-0.csv", "x.tmp", ""])
    func aBadNameIsRefusedBeforeAnythingIsWritten(name: String) throws {
        let server = try FixtureServer()
        try RefreshFailureTests().expectFailureKeepsCache(
            server,
            plan: { _ in
                plan(server.url("/files/good.csv")) { _, output in
                    try output.write(name) { _ in }
                    return ValidatedFeed(recordCount: 2, files: [name])
                }
            }
        ) { $0 == .badArtefactName(datasetID: "toilets", name: name) }
    }

    @Test func aFileTheValidatorDidNotWriteIsRefused() throws {
        let server = try FixtureServer()
        try RefreshFailureTests().expectFailureKeepsCache(
            server,
            plan: { _ in
                plan(server.url("/files/good.csv")) { _, _ in ValidatedFeed(recordCount: 2, files: ["ghost.bin"]) }
            }
        ) { $0 == .badArtefactName(datasetID: "toilets", name: "ghost.bin") }
    }

    @Test func aFailingWriterLeavesNothingBehind() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the disk broke" } }
        let server = try FixtureServer()
        try RefreshFailureTests().expectFailureKeepsCache(
            server,
            plan: { _ in
                plan(server.url("/files/good.csv")) { _, output in
                    try output.write("big.bin") { fd in
                        _ = write(fd, "partial", 7)
                        throw Broken()
                    }
                    return ValidatedFeed(recordCount: 2, files: ["big.bin"])
                }
            }
        ) { $0 == .invalid(datasetID: "toilets", reason: "the disk broke") }
    }
}

/// A value shared with a `@Sendable` closure in a test.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func set(_ newValue: Value) { lock.withLock { value = newValue } }

    func get() -> Value { lock.withLock { value } }
}
