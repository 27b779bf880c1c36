import Foundation
import Testing

@testable import NearbyFeeds

/// Readers see the old or the new generation, never a failure: forced refreshes in a loop beside
/// query loops, for a bounded number of rounds, count zero failed queries.
@Suite struct GenerationConcurrencyTests {
    typealias L = LibraryFixtures

    /// A fetcher that serves a toilets API page whose size changes every call (by less than the
    /// drop limit), so every forced refresh writes and switches to a new generation.
    final class ChangingFetcher: Fetcher, @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
            lock.lock()
            calls += 1
            let count = 9 + calls % 2
            lock.unlock()
            let body = Data(L.apiPage(1...count, count: count).utf8)
            return FetchResponse(status: 200, body: body, effectiveURL: request.url)
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var failures: [String] = []
        private(set) var successes = 0
        func fail(_ text: String) {
            lock.lock()
            failures.append(text)
            lock.unlock()
        }
        func succeed() {
            lock.lock()
            successes += 1
            lock.unlock()
        }
    }

    @Test func queriesDuringForcedRefreshesNeverFail() throws {
        let folder = try TestFolders.make("generations")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = L.jsonManifest(url: "https://example.org/api")
        let cache = DatasetCache(directory: folder, clock: .fixed(L.seedDay), fetcher: ChangingFetcher())
        let library = PlaceLibrary(catalog: DatasetCatalog(entries: []), cache: cache, offline: true)
        _ = try library.refresh(manifest, force: true)
        let counter = Counter()
        let refreshes = 60
        let queriesPerReader = 150
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for _ in 0..<refreshes {
                    do { _ = try library.refresh(manifest, force: true) } catch { counter.fail("refresh: \(error)") }
                }
                return
            }
            for _ in 0..<queriesPerReader {
                do {
                    let opened = try library.open(manifest)
                    let count = opened.archive.count
                    guard (9...10).contains(count) else {
                        counter.fail("a mixed copy with \(count) places")
                        continue
                    }
                    _ = try opened.archive.place(at: count - 1)
                    counter.succeed()
                } catch {
                    counter.fail("query: \(error)")
                }
            }
        }
        #expect(counter.failures == [])
        #expect(counter.successes == 3 * queriesPerReader)
    }
}
