import Foundation
import NearbySystem
import Testing

@testable import NearbyFeeds

/// Manifests come from other people: URLs, headers, ids and paging numbers are checked before
/// anything is fetched or cached (issue 8, the plugin trust boundary).
@Suite struct TrustBoundaryTests {
    private static let valid = DatasetManifest(
        id: "toilets", title: "Toilets",
        source: .init(urls: ["https://example.org/t.csv"], format: .csv),
        fields: .init(name: "n", latitude: "lat", longitude: "lon"),
        licence: "l", attribution: "a")

    private static func edited(_ change: (inout DatasetManifest) -> Void) -> DatasetManifest {
        var manifest = valid
        change(&manifest)
        return manifest
    }

    private static func problem(_ manifest: DatasetManifest) -> ManifestError? {
        do {
            try manifest.validate()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("file:///etc/passwd", "file URLs are allowed only for the user's own mirror folder, never in a manifest"),
        ("example.org/t.csv", "it has no scheme (it must start with https:// or http://)"),
        ("//example.org/t.csv", "it has no scheme (it must start with https:// or http://)"),
        ("https://user:secret@example.org/t.csv", "it carries a user name or password (user:password@)"),
        ("https://user@example.org/t.csv", "it carries a user name or password (user:password@)"),
        ("gopher://example.org/t", "its scheme gopher is not http or https"),
        ("https:///t.csv", "it names no host"),
        ("https://example.org/a b", "it contains a space or a control character"),
    ])
    func refusedURLsSaySoInOneSentence(url: String, reason: String) {
        let manifest = Self.edited { $0.source.urls = [url] }
        let error = Self.problem(manifest)
        #expect(error == .invalidURL(dataset: "toilets", url: url, reason: reason))
        #expect(
            error?.description
                == "The source URL \(url) of dataset \"toilets\" is refused because \(reason).")
    }

    @Test func httpAndHTTPSInAnyCaseAreAccepted() {
        for url in ["http://example.org/x.csv", "HTTPS://example.org:8443/x.csv?a=1", "https://127.0.0.1/x"] {
            #expect(Self.problem(Self.edited { $0.source.urls = [url] }) == nil, "\(url)")
        }
    }

    @Test func headersWithLineBreaksOrNonTokenNamesAreRefused() {
        let smuggled = Self.edited { $0.source.headers = ["X-Test": "a\r\nHost: evil.example"] }
        #expect(
            Self.problem(smuggled)
                == .invalidHeader(
                    dataset: "toilets", name: "X-Test",
                    reason: "its value holds CR, LF, NUL or another control character"))
        let nul = Self.edited { $0.source.headers = ["X-Test": "a\u{0}b"] }
        #expect(Self.problem(nul) != nil)
        for name in ["Bad Name", "X:Y", "", "Näme"] {
            let manifest = Self.edited { $0.source.headers = [name: "v"] }
            #expect(
                Self.problem(manifest)
                    == .invalidHeader(
                        dataset: "toilets", name: name,
                        reason: "its name is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~ only)"))
        }
        let fine = Self.edited { $0.source.headers = ["Accept": "application/json", "X-Key": "a\tb"] }
        #expect(Self.problem(fine) == nil)
    }

    @Test func theIDRuleIsOneRuleForManifestsAndTheCache() throws {
        let longest = String(repeating: "a", count: 64)
        let tooLong = String(repeating: "a", count: 65)
        #expect(Self.problem(Self.edited { $0.id = longest }) == nil)
        #expect(Self.problem(Self.edited { $0.id = tooLong }) == .invalidID(tooLong))
        for id in ["Toilets", "toi_lets", "-x", "", "a.b", "../x"] {
            #expect(Self.problem(Self.edited { $0.id = id }) == .invalidID(id), "\(id)")
            #expect(!DatasetID.isValid(id))
        }
        // What validates can be cached: a 64-character id refreshes and loads.
        let folder = try TestFolders.make("id-rule")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = StaticFetcher(body: Data("25.0,121.5,a\n".utf8))
        let cache = RefreshFixtures.cache(folder, at: "2026-02-01T10:00:00+08:00", fetcher: fetcher)
        _ = try cache.refresh(RefreshFixtures.plan(longest, url: "https://example.org/x"))
        #expect(try cache.load(longest).metadata.recordCount == 1)
        #expect(throws: RefreshError.invalidDatasetID(tooLong)) {
            try cache.refresh(RefreshFixtures.plan(tooLong, url: "https://example.org/x"))
        }
    }

    @Test func pagingNumbersNearIntMaxAreRefusedNotTrapped() {
        let template = "https://example.org/x?offset={offset}&limit={limit}"
        let hugeFirst = Self.edited {
            $0.source.urls = [template]
            $0.source.paging = .init(style: .offset, pageSize: 1000, first: Int.max - 5)
        }
        #expect(
            Self.problem(hugeFirst)
                == .outOfRange(
                    dataset: "toilets", key: "source.paging.first", value: String(Int.max - 5),
                    range: "0…1000000000"))
        let hugeSize = Self.edited {
            $0.source.urls = [template]
            $0.source.paging = .init(style: .offset, pageSize: Int.max)
        }
        #expect(Self.problem(hugeSize) == .invalidPageSize(dataset: "toilets", pageSize: Int.max))
        // Built without validation, the URL is nil rather than a trap.
        let paging = DatasetManifest.Paging(style: .offset, pageSize: Int.max / 2, first: Int.max - 5)
        #expect(
            paging.url(from: template, pageIndex: 0)
                == "https://example.org/x?offset=\(Int.max - 5)&limit=\(Int.max / 2)")
        #expect(paging.url(from: template, pageIndex: 1) == nil)
        #expect(paging.url(from: template, pageIndex: 3) == nil)
        let pages = DatasetManifest.Paging(style: .page, pageSize: 10, first: Int.max)
        #expect(pages.url(from: "https://e.org/?p={page}", pageIndex: 1) == nil)
    }

    @Test func budgetsAndTheDropLimitHaveRanges() {
        let negative = Self.edited { $0.source.limits = .init(maxBytes: -1) }
        #expect(
            Self.problem(negative)
                == .outOfRange(
                    dataset: "toilets", key: "source.limits.maxBytes", value: "-1", range: "1…68719476736"))
        let slow = Self.edited { $0.source.limits = .init(lowSpeedSeconds: 0) }
        #expect(
            Self.problem(slow)
                == .outOfRange(dataset: "toilets", key: "source.limits.lowSpeedSeconds", value: "0", range: "1…3600"))
        let drop = Self.edited { $0.refresh.maxDropPercent = 101 }
        #expect(
            Self.problem(drop)
                == .outOfRange(dataset: "toilets", key: "refresh.maxDropPercent", value: "101", range: "0…100"))
        let fine = Self.edited {
            $0.source.limits = .init(maxBytes: 1 << 20, maxSeconds: 30, lowSpeedBytesPerSecond: 10, lowSpeedSeconds: 5)
            $0.refresh.maxDropPercent = 50
        }
        #expect(Self.problem(fine) == nil)
    }

    @Test func manifestLimitsReachThePlan() throws {
        let manifest = Self.edited {
            $0.source.limits = .init(maxBytes: 4096, maxSeconds: 7, lowSpeedBytesPerSecond: 11, lowSpeedSeconds: 3)
            $0.refresh.maxDropPercent = 35
        }
        let plan = try RefreshPlanner().plan(for: manifest, mirror: nil)
        #expect(
            plan.budget == RefreshBudget(maxBytes: 4096, maxSeconds: 7, lowSpeedBytesPerSecond: 11, lowSpeedSeconds: 3))
        #expect(plan.maxDropPercent == 35)
        let defaults = try RefreshPlanner().plan(for: Self.valid, mirror: nil)
        #expect(
            defaults.budget
                == RefreshBudget(maxBytes: 1 << 30, maxSeconds: 600, lowSpeedBytesPerSecond: 1024, lowSpeedSeconds: 30))
        #expect(defaults.maxDropPercent == 20)
    }

    @Test func aFIFOInTheDatasetsFolderIsRefusedWithoutBlocking() throws {
        let folder = try TestFolders.make("fifo-manifests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("evil.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(
            try DatasetCatalog.load(from: [.init(folder, isRequired: true)]).refused == [
                CatalogError.unreadableFile(
                    path: fifo.path, reason: "\(fifo.path) is a named pipe (FIFO), not a regular file")
            ])
    }

    @Test func redirectRuleNeverLeavesHTTPSOrHTTP() {
        #expect(RequestSafety.mayRedirect(from: "https://a.org/x", to: "https://b.org/y"))
        #expect(RequestSafety.mayRedirect(from: "http://a.org/x", to: "https://b.org/y"))
        #expect(RequestSafety.mayRedirect(from: "http://a.org/x", to: "http://b.org/y"))
        #expect(!RequestSafety.mayRedirect(from: "https://a.org/x", to: "http://b.org/y"))
        #expect(!RequestSafety.mayRedirect(from: "HTTPS://a.org/x", to: "HTTP://b.org/y"))
        #expect(!RequestSafety.mayRedirect(from: "http://a.org/x", to: "file:///etc/passwd"))
        #expect(!RequestSafety.mayRedirect(from: "http://a.org/x", to: "ftp://b.org/y"))
        #expect(!RequestSafety.mayRedirect(from: "http://a.org/x", to: "http://u:p@b.org/y"))
    }
}

/// A fetcher that answers every request with the same body (in memory, as a test double may).
struct StaticFetcher: Fetcher {
    let body: Data
    func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
        FetchResponse(status: 200, body: body, effectiveURL: request.url)
    }
}
