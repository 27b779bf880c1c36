import Foundation
import Testing

@testable import NearbyFeeds

/// What CurlFetcher refuses before sending anything, and what it stops while bytes arrive.
@Suite struct FetchSafetyTests {
    let fetcher = CurlFetcher(version: "9.9-test")

    func request(_ url: String, total: Double = 5) -> FetchRequest {
        FetchRequest(url: url, connectTimeout: 1, totalTimeout: total, maxBodyBytes: 1 << 20)
    }

    @Test func fileURLsNeedTheMirrorsPermission() throws {
        let folder = try TestFolders.make("file-permission")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret.txt")
        try Data("secret\n".utf8).write(to: file)
        let url = file.absoluteString
        #expect(
            throws: FetchError.refusedURL(
                url: url,
                reason: "file URLs are allowed only for the user's own mirror folder, never in a manifest")
        ) { try fetcher.fetch(request(url)) }
        var allowed = request(url)
        allowed.allowsFile = true
        #expect(try fetcher.fetch(allowed).body == Data("secret\n".utf8))
    }

    @Test func aFIFOBehindAFileURLIsRefusedWithoutBlocking() throws {
        let folder = try TestFolders.make("file-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("feed.csv")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        var fetch = request(fifo.absoluteString)
        fetch.allowsFile = true
        #expect(
            throws: FetchError.notRegularFile(
                url: fifo.absoluteString, reason: "\(fifo.path) is a named pipe (FIFO), not a regular file.")
        ) { try fetcher.fetch(fetch) }
    }

    @Test func userInfoIsRefusedBeforeAnyRequest() throws {
        let server = try FixtureServer()
        let url = "http://user:pw@127.0.0.1:\(server.port)/files/a.json"
        #expect(
            throws: FetchError.refusedURL(url: url, reason: "it carries a user name or password (user:password@)")
        ) { try fetcher.fetch(request(url)) }
        #expect(try server.log().isEmpty)
    }

    @Test func headerInjectionIsRefusedBeforeAnyRequest() throws {
        let server = try FixtureServer()
        var smuggle = request(server.url("/headers"))
        smuggle.headers = [(name: "X-Test", value: "a\r\nHost: evil.example")]
        #expect(
            throws: FetchError.refusedHeader(
                url: smuggle.url, name: "X-Test", reason: "its value holds CR, LF, NUL or another control character")
        ) { try fetcher.fetch(smuggle) }
        var tag = request(server.url("/headers"))
        tag.ifNoneMatch = "\"a\"\r\nX-Evil: 1"
        #expect(
            throws: FetchError.refusedHeader(
                url: tag.url, name: "If-None-Match", reason: "its value holds CR, LF, NUL or another control character")
        ) { try fetcher.fetch(tag) }
        #expect(try server.log().isEmpty)
    }

    @Test func aRedirectToARefusedSchemeIsReportedAsThatRedirect() throws {
        let server = try FixtureServer()
        let url = server.url("/goto?to=file:///etc/passwd")
        #expect(throws: FetchError.refusedRedirect(url: url, target: "file:///etc/passwd")) {
            try fetcher.fetch(request(url))
        }
        let description = FetchError.refusedRedirect(url: url, target: "file:///etc/passwd").description
        #expect(
            description
                == "Fetching \(url) stopped because it redirected to file:///etc/passwd, which Nearby does not follow (only http and https, never from https to http, and for tiles only on the same host)."
        )
        let ftp = server.url("/goto?to=ftp://127.0.0.1/x")
        #expect(throws: FetchError.refusedRedirect(url: ftp, target: "ftp://127.0.0.1/x")) {
            try fetcher.fetch(request(ftp))
        }
    }

    /// Issue 22: a tile server's redirect stays on the template's host; other fetches may move.
    @Test func aRequestThatStaysOnItsHostRefusesARedirectElsewhere() throws {
        let server = try FixtureServer()
        try server.put("a.json", "[1]\n")
        let elsewhere = server.url("/files/a.json").replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let url = server.url("/goto?to=" + elsewhere)
        var pinned = request(url)
        pinned.redirectsStayOnHost = true
        #expect(throws: FetchError.refusedRedirect(url: url, target: elsewhere)) { try fetcher.fetch(pinned) }
        #expect(try fetcher.fetch(request(url)).body == Data("[1]\n".utf8))
        var same = request(server.url("/redirect/1/a.json"))
        same.redirectsStayOnHost = true
        #expect(try fetcher.fetch(same).body == Data("[1]\n".utf8))
        #expect(RequestSafety.host(of: "https://u@Tile.Example.org:8443/a?b") == "tile.example.org")
        #expect(RequestSafety.host(of: "http://[::1]:80/x") == "::1")
    }

    @Test func redirectsWithinHTTPAreStillFollowed() throws {
        let server = try FixtureServer()
        try server.put("a.json", "[1]\n")
        let response = try fetcher.fetch(request(server.url("/redirect/2/a.json")))
        #expect(response.body == Data("[1]\n".utf8))
        #expect(response.effectiveURL == server.url("/files/a.json"))
    }

    @Test func aTricklingServerIsStoppedByTheLowSpeedLimit() throws {
        let server = try FixtureServer()
        let url = server.url("/trickle/100")
        var slow = request(url, total: 30)
        slow.lowSpeedBytesPerSecond = 100
        slow.lowSpeedSeconds = 1
        #expect(throws: FetchError.tooSlow(url: url, bytesPerSecond: 100, seconds: 1)) {
            try fetcher.fetch(slow)
        }
    }

    @Test func bodiesStreamIntoTheDestinationFile() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("destination")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("a.json", "[1,2,3]\n")
        var fetch = request(server.url("/gzip/a.json"))
        let destination = folder.appendingPathComponent("page-0.json")
        fetch.destination = destination
        let response = try fetcher.fetch(fetch)
        #expect(response.body.isEmpty)
        #expect(response.bodyBytes == 8)
        #expect(try Data(contentsOf: destination) == Data("[1,2,3]\n".utf8))
        // python3 -c 'import hashlib;print(hashlib.sha256(b"[1,2,3]\n").hexdigest())'
        #expect(response.sha256 == "9c6bc7ac937d2daffe5ecdbe7eb3a59aba4f43e96a58a99f08838d4ce48c92ba")
        // The destination is created exclusively: an existing file (or planted link) is refused.
        #expect(throws: FetchError.self) { try fetcher.fetch(fetch) }
    }

    @Test func mirrorFilesAreCopiedWholeIntoTheDestinationAndTheLimitHolds() throws {
        let folder = try TestFolders.make("mirror-copy")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 3 MiB + 5 bytes of a linear congruential sequence: more than one kernel copy's worth
        // would not be needed, but it crosses every 4 KiB page at an odd offset.
        var state: UInt32 = 12345
        let bytes = (0..<(3 << 20) + 5).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let source = folder.appendingPathComponent("feed.json")
        try Data(bytes).write(to: source)
        var fetch = FetchRequest(
            url: source.absoluteString, connectTimeout: 1, totalTimeout: 5, maxBodyBytes: Int64(bytes.count))
        fetch.allowsFile = true
        fetch.destination = folder.appendingPathComponent("page-0.json")
        let response = try fetcher.fetch(fetch)
        #expect(response.bodyBytes == Int64(bytes.count))
        #expect(try Data(contentsOf: folder.appendingPathComponent("page-0.json")) == Data(bytes))
        // One byte under the file's size is refused, and so is an existing destination.
        fetch.maxBodyBytes = Int64(bytes.count - 1)
        fetch.destination = folder.appendingPathComponent("page-1.json")
        #expect(throws: FetchError.tooLarge(url: source.absoluteString, limit: Int64(bytes.count - 1))) {
            try fetcher.fetch(fetch)
        }
        fetch.maxBodyBytes = Int64(bytes.count)
        fetch.destination = folder.appendingPathComponent("page-0.json")
        #expect(throws: FetchError.self) { try fetcher.fetch(fetch) }
    }
}
