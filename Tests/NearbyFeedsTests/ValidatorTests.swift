import Foundation
import Testing

@testable import NearbyFeeds

/// Issue 22: a server's `ETag` or `Last-Modified` holding a control character was stored, and then
/// every later refresh refused to send it back, so the dataset could never refresh again. A
/// validator is checked before it is stored; one that cannot be sent is simply not kept.
@Suite struct ValidatorTests {
    typealias F = RefreshFixtures

    /// Answers with fixed validators and remembers the conditions it was asked with.
    final class ValidatorFetcher: Fetcher, @unchecked Sendable {
        let etag: String?
        let lastModified: String?
        private let lock = NSLock()
        private var conditions: [(String?, String?)] = []

        init(etag: String?, lastModified: String?) {
            self.etag = etag
            self.lastModified = lastModified
        }

        var asked: [(String?, String?)] { lock.withLock { conditions } }

        func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
            lock.withLock { conditions.append((request.ifNoneMatch, request.ifModifiedSince)) }
            // The cache's own rule for what may be sent, as the real fetcher applies it.
            for value in [request.ifNoneMatch, request.ifModifiedSince].compactMap({ $0 })
            where RequestSafety.problem(withHeader: "X", value: value) != nil {
                throw .refusedHeader(url: request.url, name: "If-None-Match", reason: "a control character")
            }
            return FetchResponse(
                status: 200, body: Data("25.04,121.51,A\n".utf8), etag: etag, lastModified: lastModified,
                effectiveURL: request.url)
        }
    }

    @Test(arguments: [
        ("\"abc\u{7}\"", "Tue, 03 Jun 2025 10:00:00 GMT"),
        ("\"ok\"", "Tue, 03 Jun 2025\r\nX-Evil: 1"),
        (String(repeating: "e", count: 2000), "Tue, 03 Jun 2025 10:00:00 GMT\u{0}"),
    ])
    func aValidatorThatCannotBeSentIsNotStored(etag: String, lastModified: String) throws {
        let folder = try TestFolders.make("validators")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = ValidatorFetcher(etag: etag, lastModified: lastModified)
        let plan = F.plan("toilets", url: "https://example.invalid/t.csv")
        _ = try F.cache(folder, at: "2026-02-01T10:00:00+08:00", fetcher: fetcher).refresh(plan)
        let stored = try #require(try F.cache(folder, at: "2026-02-01T10:00:00+08:00").load("toilets"))
        let page = try #require(stored.metadata.pages.first)
        #expect(page.etag == RequestSafety.validator(etag))
        #expect(page.lastModified == RequestSafety.validator(lastModified))
        #expect(page.etag == nil || page.lastModified == nil)
        // Ten days later the copy is stale: the refresh must work, sending only what may be sent.
        let later = F.cache(folder, at: "2026-02-11T10:00:00+08:00", fetcher: fetcher)
        let outcome = try later.refresh(plan)
        #expect(outcome == .unchanged(records: 1))
        #expect(fetcher.asked.count == 2)
        #expect(fetcher.asked.last?.0 == page.etag && fetcher.asked.last?.1 == page.lastModified)
    }

    @Test func theValidatorRule() {
        #expect(RequestSafety.validator("W/\"5f1-abc\"") == "W/\"5f1-abc\"")
        #expect(RequestSafety.validator("Tue, 03 Jun 2025 10:00:00 GMT") == "Tue, 03 Jun 2025 10:00:00 GMT")
        #expect(RequestSafety.validator("\"a\tb\"") == "\"a\tb\"")  // a tab is allowed in a header value
        for bad in ["", "a\u{7}", "a\r\nb", "a\u{0}", "a\u{7F}", String(repeating: "x", count: 1025)] {
            #expect(RequestSafety.validator(bad) == nil, "\(bad.debugDescription)")
        }
    }
}
