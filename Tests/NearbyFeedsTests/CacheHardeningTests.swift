import Foundation
import NearbySystem
import Testing

@testable import NearbyFeeds

#if canImport(Glibc)
    import Glibc
#endif

/// The cache holds Nearby's own files and nothing else: each test plants what a hostile or
/// careless neighbour could put into a shared cache folder, and checks that nothing outside is
/// touched, nothing blocks, and the refusal is one sentence.
@Suite struct CacheHardeningTests {
    typealias F = RefreshFixtures
    static let body = "25.0418,121.5152,Station\n25.0330,121.5654,Tower\n"
    static let day = "2026-02-01T10:00:00+08:00"

    /// A cache folder and a folder outside it holding a file someone cares about.
    struct Scene {
        let cache: URL
        let outside: URL
        let precious: URL
        init() throws {
            cache = try TestFolders.make("hostile-cache")
            outside = try TestFolders.make("outside")
            precious = outside.appendingPathComponent("precious.txt")
            try Data("precious\n".utf8).write(to: precious)
        }
        func remove() {
            try? FileManager.default.removeItem(at: cache)
            try? FileManager.default.removeItem(at: outside)
        }
        var outsideSnapshot: [String: Data] { TestFolders.snapshot(outside) }
    }

    func cache(_ folder: URL) -> DatasetCache {
        F.cache(folder, at: Self.day, fetcher: StaticFetcher(body: Data(Self.body.utf8)))
    }

    @Test func aDatasetFolderThatIsALinkIsRefusedAndItsTargetUntouched() throws {
        let scene = try Scene()
        defer { scene.remove() }
        // Entries a refresh would tidy away, were the link followed.
        try FileManager.default.createDirectory(
            at: scene.outside.appendingPathComponent("gen-000007"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: scene.outside.appendingPathComponent("notes.tmp"))
        let before = scene.outsideSnapshot
        let link = scene.cache.appendingPathComponent("toilets")
        #expect(symlink(scene.outside.path, link.path) == 0)
        #expect(throws: RefreshError.linkedFolder(datasetID: "toilets", path: link.path)) {
            try cache(scene.cache).refresh(F.plan("toilets", url: "https://example.org/t.csv"))
        }
        #expect(throws: CacheError.linkedFolder(datasetID: "toilets", path: link.path)) {
            try cache(scene.cache).load("toilets")
        }
        #expect(scene.outsideSnapshot == before)
        #expect(
            RefreshError.linkedFolder(datasetID: "toilets", path: "/c/toilets").description
                == "Refreshing toilets refused the cache folder /c/toilets because it is a symbolic link or not a folder; Nearby follows no links inside its cache."
        )
    }

    @Test func theLockFileNeverFollowsALink() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let folder = scene.cache.appendingPathComponent("toilets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(symlink(scene.precious.path, folder.appendingPathComponent("lock").path) == 0)
        let before = scene.outsideSnapshot
        do {
            _ = try cache(scene.cache).refresh(F.plan("toilets", url: "https://example.org/t.csv"))
            Issue.record("a linked lock file was used")
        } catch {
            guard case .storage(let id, let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(id == "toilets")
            #expect(path == folder.appendingPathComponent("lock").path)
        }
        #expect(scene.outsideSnapshot == before)
    }

    @Test func lockWaitsHaveADeadlineAndASentence() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let folder = scene.cache.appendingPathComponent("toilets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let holder = open(folder.appendingPathComponent("lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(holder >= 0)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        var waiting = cache(scene.cache)
        waiting.lockWait = 0.2
        #expect(throws: RefreshError.lockTimeout(datasetID: "toilets", seconds: 0.2)) {
            try waiting.refresh(F.plan("toilets", url: "https://example.org/t.csv"))
        }
        #expect(
            RefreshError.lockTimeout(datasetID: "toilets", seconds: 0.2).description
                == "Refreshing toilets gave up after waiting 0.2 s for another refresh of it to finish; the last good copy, if any, was kept."
        )
        _ = flock(holder, LOCK_UN)
        #expect(
            try waiting.refresh(F.plan("toilets", url: "https://example.org/t.csv"))
                == .updated(records: 2, bytes: 48, pages: 1))
    }

    /// Rewrites the current generation's meta.json with `change` applied.
    func editMetadata(_ folder: URL, _ change: (inout [String: Any]) -> Void) throws {
        let generation = folder.appendingPathComponent("toilets/gen-000001")
        let meta = generation.appendingPathComponent("meta.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: meta)) as? [String: Any])
        change(&object)
        try FileManager.default.removeItem(at: meta)
        try JSONSerialization.data(withJSONObject: object).write(to: meta)
    }

    @Test func namesFromMetaJSONMustBePlainFileNames() throws {
        let scene = try Scene()
        defer { scene.remove() }
        _ = try cache(scene.cache).refresh(F.plan("toilets", url: "https://example.org/t.csv"))
        let escape = "../../../" + scene.precious.path
        try editMetadata(scene.cache) { object in
            var pages = object["pages"] as? [[String: Any]] ?? []
            pages[0]["file"] = escape
            object["pages"] = pages
        }
        #expect(
            throws: CacheError.corrupt(
                datasetID: "toilets",
                reason: "its metadata names the file \"\(escape)\", which is not a plain file name")
        ) { try cache(scene.cache).load("toilets") }
        try editMetadata(scene.cache) { object in
            var pages = object["pages"] as? [[String: Any]] ?? []
            pages[0]["file"] = "page-0.csv"
            object["pages"] = pages
            object["artefacts"] = ["meta.json"]
        }
        #expect(throws: CacheError.self) { try cache(scene.cache).load("toilets") }
    }

    @Test func aFIFOOrALinkInTheCacheIsRefusedWithoutBlocking() throws {
        let scene = try Scene()
        defer { scene.remove() }
        _ = try cache(scene.cache).refresh(F.plan("toilets", url: "https://example.org/t.csv"))
        let generation = scene.cache.appendingPathComponent("toilets/gen-000001")
        let page = generation.appendingPathComponent("page-0.csv")
        try FileManager.default.removeItem(at: page)
        #expect(mkfifo(page.path, 0o644) == 0)
        let entry = try cache(scene.cache).load("toilets")
        #expect(throws: CacheError.self) { try entry.readPages() }
        try FileManager.default.removeItem(at: page)
        #expect(symlink(scene.precious.path, page.path) == 0)
        #expect(throws: CacheError.self) { try entry.readPages() }
        // meta.json as a FIFO: the copy is unreadable, said in a sentence, not a hang.
        let meta = generation.appendingPathComponent("meta.json")
        try FileManager.default.removeItem(at: meta)
        #expect(mkfifo(meta.path, 0o644) == 0)
        #expect(throws: CacheError.self) { try cache(scene.cache).load("toilets") }
        // The place archive as a FIFO cannot be mapped (nor block the open).
        let archive = generation.appendingPathComponent("index.bin")
        try FileManager.default.removeItem(at: archive)
        #expect(mkfifo(archive.path, 0o644) == 0)
        #expect(throws: MappedFileError.self) { try MappedFile(path: archive.path) }
    }

    @Test func aFIFOInTheMirrorFolderIsRefusedWithoutBlocking() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let mirror = scene.outside
        let fifo = mirror.appendingPathComponent("toilets.csv")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let cache = F.cache(scene.cache, at: Self.day)
        let plan = F.plan("toilets", url: "https://example.org/t.csv", mirror: .folder(mirror))
        #expect(
            throws: RefreshError.fetch(
                datasetID: "toilets", page: 0,
                .notRegularFile(
                    url: fifo.absoluteString, reason: "\(fifo.path) is a named pipe (FIFO), not a regular file."))
        ) { try cache.refresh(plan) }
    }

    @Test func theRebuildNeverWritesThroughAPlantedTemporaryName() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let server = try FixtureServer()
        try server.put("api.json", LibraryFixtures.fixture("toilets-api.json"))
        let manifest = LibraryFixtures.jsonManifest(url: server.url("/files/api.json"))
        let library = LibraryFixtures.library(scene.cache, at: LibraryFixtures.seedDay)
        let opened = try library.open(manifest)
        let archive = opened.entry.directory.appendingPathComponent(FeedArchiver.fileName)
        // The old rebuild wrote "<archive>.tmp-<pid>": plant that (and the plain .tmp) as links.
        for name in ["\(FeedArchiver.fileName).tmp-\(getpid())", "\(FeedArchiver.fileName).tmp"] {
            #expect(symlink(scene.precious.path, opened.entry.directory.appendingPathComponent(name).path) == 0)
        }
        try FileManager.default.removeItem(at: archive)
        try Data("damaged".utf8).write(to: archive)
        let before = scene.outsideSnapshot
        let reopened = try library.open(manifest)
        #expect(reopened.warnings.count == 1)
        #expect(reopened.archive.count == opened.archive.count)
        #expect(scene.outsideSnapshot == before)
    }

    @Test func aRebuildReVerifiesTheCachedPagesFirst() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let server = try FixtureServer()
        try server.put("api.json", LibraryFixtures.fixture("toilets-api.json"))
        let manifest = LibraryFixtures.jsonManifest(url: server.url("/files/api.json"))
        let library = LibraryFixtures.library(scene.cache, at: LibraryFixtures.seedDay)
        let opened = try library.open(manifest)
        // Damage a page (still valid JSON of the same shape) and the archive: no rebuild from it.
        let page = opened.entry.directory.appendingPathComponent("page-0.json")
        var bytes = try Data(contentsOf: page)
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "5")))
        bytes[index] = UInt8(ascii: "6")
        try FileManager.default.removeItem(at: page)
        try bytes.write(to: page)
        let archive = opened.entry.directory.appendingPathComponent(FeedArchiver.fileName)
        try FileManager.default.removeItem(at: archive)
        try Data("damaged".utf8).write(to: archive)
        do {
            _ = try library.open(manifest)
            Issue.record("a rebuild used a page that does not match its checksum")
        } catch {
            guard case .noData(_, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains("page file page-0.json does not match its checksum"))
        }
    }
}
