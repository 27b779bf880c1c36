import Foundation
import Testing

@testable import NearbyFeeds

/// CurlFetcher against the loopback fixture server and local files.
@Suite struct FetchTests {
    let fetcher = CurlFetcher(version: "9.9-test")

    func request(_ url: String, total: Double = 2, maxBytes: Int64 = 1 << 20) -> FetchRequest {
        FetchRequest(url: url, connectTimeout: 1, totalTimeout: total, maxBodyBytes: maxBytes)
    }

    @Test func okReturnsBodyETagAndLastModified() throws {
        let server = try FixtureServer()
        try server.put("a.json", "[1,2,3]\n")
        let response = try fetcher.fetch(request(server.url("/files/a.json")))
        #expect(response.status == 200)
        #expect(response.body == Data("[1,2,3]\n".utf8))
        // python3 -c 'import hashlib;print(hashlib.sha256(b"[1,2,3]\n").hexdigest()[:16])'
        #expect(response.etag == "\"9c6bc7ac937d2daf\"")
        #expect(response.lastModified?.hasSuffix(" GMT") == true)
        #expect(response.effectiveURL == server.url("/files/a.json"))
    }

    @Test func matchingETagGives304WithEmptyBody() throws {
        let server = try FixtureServer()
        try server.put("a.json", "[1,2,3]\n")
        var conditional = request(server.url("/files/a.json"))
        conditional.ifNoneMatch = "\"9c6bc7ac937d2daf\""
        let response = try fetcher.fetch(conditional)
        #expect(response.status == 304)
        #expect(response.isNotModified)
        #expect(response.body.isEmpty)
        let log = try server.log()
        #expect(log.last?.ifNoneMatch == "\"9c6bc7ac937d2daf\"")
    }

    @Test(arguments: [404, 500, 503])
    func errorStatusesAreTyped(status: Int) throws {
        let server = try FixtureServer()
        let url = server.url("/status/\(status)")
        #expect(throws: FetchError.http(url: url, status: status)) {
            try fetcher.fetch(request(url))
        }
    }

    @Test func slowServerTimesOut() throws {
        let server = try FixtureServer()
        let url = server.url("/slow/3")
        let started = Date()
        #expect(throws: FetchError.timeout(url: url, seconds: 1)) {
            try fetcher.fetch(request(url, total: 1))
        }
        #expect(Date().timeIntervalSince(started) < 2.5)
    }

    @Test func truncatedBodyIsReported() throws {
        let server = try FixtureServer()
        let url = server.url("/truncated")
        #expect(throws: FetchError.truncated(url: url, received: 10, expected: 1000)) {
            try fetcher.fetch(request(url))
        }
    }

    @Test func redirectsAreFollowed() throws {
        let server = try FixtureServer()
        try server.put("r.txt", "moved\n")
        let response = try fetcher.fetch(request(server.url("/redirect/3/r.txt")))
        #expect(response.body == Data("moved\n".utf8))
        #expect(response.effectiveURL == server.url("/files/r.txt"))
    }

    @Test func moreThanFiveRedirectsFail() throws {
        let server = try FixtureServer()
        try server.put("r.txt", "moved\n")
        let url = server.url("/redirect/6/r.txt")
        #expect(throws: FetchError.tooManyRedirects(url: url)) { try fetcher.fetch(request(url)) }
    }

    @Test func gzipBodyIsDecoded() throws {
        let server = try FixtureServer()
        let text = String(repeating: "25.0418,121.5152,toilet\n", count: 200)
        try server.put("g.csv", text)
        let response = try fetcher.fetch(request(server.url("/gzip/g.csv")))
        #expect(response.body == Data(text.utf8))
        // The wire really was gzip: the server logged the request on the gzip route.
        #expect(try server.log().last?.path == "/gzip/g.csv")
    }

    @Test func bodyLimitIsEnforcedWithAndWithoutContentLength() throws {
        let server = try FixtureServer()
        for path in ["/big/5000", "/chunked/5000"] {
            let url = server.url(path)
            #expect(throws: FetchError.tooLarge(url: url, limit: 1000)) {
                try fetcher.fetch(request(url, maxBytes: 1000))
            }
        }
        // Exactly at the limit is accepted.
        let exact = try fetcher.fetch(request(server.url("/chunked/1000"), maxBytes: 1000))
        #expect(exact.body.count == 1000)
    }

    @Test func sendsUserAgentHeadersAndAcceptEncoding() throws {
        let server = try FixtureServer()
        var withHeaders = request(server.url("/headers"))
        withHeaders.headers = [("Accept", "application/json")]
        withHeaders.ifModifiedSince = "Sun, 01 Mar 2026 00:00:00 GMT"
        let response = try fetcher.fetch(withHeaders)
        let echoed = try #require(
            try JSONSerialization.jsonObject(with: response.body) as? [String: String])
        #expect(echoed["user-agent"] == "Nearby/9.9-test (+https://github.com/nearby-cli/nearby)")
        #expect(echoed["accept"] == "application/json")
        #expect(echoed["if-modified-since"] == "Sun, 01 Mar 2026 00:00:00 GMT")
        #expect(echoed["accept-encoding"]?.contains("gzip") == true)
    }

    @Test func progressReportsTheWholeBody() throws {
        let server = try FixtureServer()
        let seen = ProgressLog()
        var withProgress = request(server.url("/big/20000"))
        withProgress.progress = { received, expected in seen.add(received, expected) }
        let response = try fetcher.fetch(withProgress)
        #expect(response.body.count == 20000)
        #expect(seen.last?.received == 20000)
        #expect(seen.last?.expected == 20000)
    }

    @Test func fileURLsAreReadWhenAllowed() throws {
        let folder = try TestFolders.make("file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feed.csv")
        try Data("a,b\n".utf8).write(to: file)
        var allowed = request(file.absoluteString)
        allowed.allowsFile = true
        let response = try fetcher.fetch(allowed)
        #expect(response.body == Data("a,b\n".utf8))
        var missing = request(folder.appendingPathComponent("nope.csv").absoluteString)
        missing.allowsFile = true
        #expect(throws: FetchError.fileNotFound(url: missing.url)) { try fetcher.fetch(missing) }
    }

    @Test func refusedConnectionAndBadSchemeAreTyped() throws {
        // Port 9 (discard) is closed on the loopback interface of the test machines.
        let refused = "http://127.0.0.1:9/x"
        #expect(throws: FetchError.cannotConnect(url: refused)) { try fetcher.fetch(request(refused)) }
        let gopher = "gopher://127.0.0.1/x"
        #expect(throws: FetchError.badURL(url: gopher)) { try fetcher.fetch(request(gopher)) }
    }

    @Test func descriptionsAreOneSentenceNamingTheURL() {
        let url = "https://example.org/feed.json"
        let errors: [FetchError] = [
            .timeout(url: url, seconds: 1.5), .cannotResolve(url: url), .cannotConnect(url: url),
            .tls(url: url, message: "bad certificate"), .tooLarge(url: url, limit: 10),
            .truncated(url: url, received: 1, expected: 2), .http(url: url, status: 404),
            .fileNotFound(url: url), .tooManyRedirects(url: url), .badURL(url: url),
            .other(url: url, code: 99, message: "odd"),
        ]
        for error in errors {
            let text = error.description
            #expect(text.contains(url))
            #expect(text.hasSuffix("."))
            #expect(text.filter { $0 == "\n" }.isEmpty)
        }
        #expect(
            FetchError.timeout(url: url, seconds: 1.5).description == "Fetching \(url) timed out after 1.5 s."
        )
    }
}

/// Collects progress callbacks (called on the fetching thread).
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(received: Int64, expected: Int64)] = []

    func add(_ received: Int64, _ expected: Int64) {
        lock.lock()
        entries.append((received, expected))
        lock.unlock()
    }

    var last: (received: Int64, expected: Int64)? {
        lock.lock()
        defer { lock.unlock() }
        return entries.last
    }
}
