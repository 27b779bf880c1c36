import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// The tile use case against the loopback server's generated tiles: what is requested, with
/// which headers, what is cached where, and what a second picture, a stale cache and `--offline`
/// do.
@Suite struct TileTests {
    static let t0 = Date(timeIntervalSince1970: 1_780_000_000)
    static let tiles = [
        TileID(z: 15, x: 27444, y: 14028), TileID(z: 15, x: 27445, y: 14028), TileID(z: 15, x: 27444, y: 14029),
    ].compactMap { $0 }

    func loader(_ cache: URL, at date: Date = t0, offline: Bool = false) -> TileLoader {
        TileLoader(
            cache: TileCache(cacheDirectory: cache), fetcher: CurlFetcher(version: "9.8.7"),
            clock: .fixed(date), offline: offline)
    }

    @Test func templatesAreCheckedBeforeAnythingIsSent() throws {
        let osm = try TileTemplate("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
        #expect(
            osm.url(for: try #require(TileID(z: 15, x: 27444, y: 14028)))
                == "https://tile.openstreetmap.org/15/27444/14028.png")
        #expect(osm.defaultAttribution == "© OpenStreetMap contributors")
        let sub = try TileTemplate("https://{s}.tile.example.org/{z}/{x}/{y}.png")
        // (x + y) mod 3 picks a, b or c: 27444 + 14028 = 41472 ≡ 0 → a; 27445 + 14028 ≡ 1 → b.
        #expect(sub.url(for: Self.tiles[0]) == "https://a.tile.example.org/15/27444/14028.png")
        #expect(sub.url(for: Self.tiles[1]) == "https://b.tile.example.org/15/27445/14028.png")
        #expect(sub.defaultAttribution == nil && sub.host == "{s}.tile.example.org")
        #expect(osm.cacheKey != sub.cacheKey && osm.cacheKey.count == 16)
        let refused = [
            "https://tile.openstreetmap.org/{z}/{x}.png",  // no {y}
            "https://tile.openstreetmap.org/{z}/{x}/{y}/{y}.png",  // {y} twice
            "ftp://tile.example.org/{z}/{x}/{y}.png",
            "file:///etc/{z}/{x}/{y}",
            "https://user:secret@tile.example.org/{z}/{x}/{y}.png",
            "https://tile.example.org/{z}/{x}/{y}.png?key={apikey}",
            "https://tile.example.org/{z}/{x}/{y}.png\r\nX-Evil: 1",
            "tile.example.org/{z}/{x}/{y}.png",
            "https://tile.example.org/" + String(repeating: "a", count: 2001) + "/{z}/{x}/{y}",
        ]
        for text in refused {
            #expect(throws: TileError.self, "\(text.prefix(60))") { try TileTemplate(text) }
        }
        // Issue 22: a tile's numbers may not choose the host it is fetched from; {s} may.
        for (text, first) in [
            ("https://{z}.{x}.{y}.tiles.example.org/t.png", "{z}"), ("https://{x}.example.org/{z}/{y}.png", "{x}"),
            ("https://tiles.example.org:{z}/{x}/{y}.png", "{z}"), ("https://a{y}.example.org/{z}/{x}.png", "{y}"),
        ] {
            let reason = "it has \(first) before its path; {z}, {x} and {y} belong in the path or the query"
            #expect(throws: TileError.badTemplate(text, reason: reason), "\(text)") { try TileTemplate(text) }
        }
        #expect(try TileTemplate("https://{s}.tile.example.org/{z}/{x}/{y}.png").host == "{s}.tile.example.org")
        #expect(try TileTemplate("https://tile.example.org/t?z={z}&x={x}&y={y}").host == "tile.example.org")
        do {
            _ = try TileTemplate("ftp://tile.example.org/{z}/{x}/{y}.png")
        } catch {
            #expect(error.description.hasPrefix("The tile URL template ftp://tile.example.org/{z}/{x}/{y}.png"))
            #expect(error.description.hasSuffix("."))
        }
    }

    @Test func onlyPNGAndJPEGBytesAreImages() {
        #expect(TileImage(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]))?.format == .png)
        #expect(TileImage(Data([0xFF, 0xD8, 0xFF, 0xE0]))?.format == .jpeg)
        #expect(TileImage(Data("<html>".utf8)) == nil)
        #expect(TileImage(Data()) == nil)
        #expect(TileImage(Data([0x89, 0x50, 0x4E, 0x47])) == nil)
        var big = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        big.append(Data(count: TileImage.maximumBytes))
        #expect(TileImage(big) == nil)
        #expect(TileImage(Data([0xFF, 0xD8, 0xFF]))?.dataURI == "data:image/jpeg;base64,/9j/")
    }

    @Test func tilesAreFetchedOnceWithNearbysHeadersAndCached() throws {
        let server = try FixtureServer()
        let cache = try TestFolders.make("tiles")
        defer { try? FileManager.default.removeItem(at: cache) }
        let template = try TileTemplate(server.url("/tiles/{z}/{x}/{y}.png"))
        let first = try loader(cache).load(Self.tiles + [Self.tiles[0]], from: template)
        #expect(first.images.count == 3 && first.missing.isEmpty && first.fetched == 3)
        #expect(first.missingNote == nil && first.problem == nil)
        let log = try server.tileLog()
        #expect(
            log.map(\.path) == ["/tiles/15/27444/14028.png", "/tiles/15/27445/14028.png", "/tiles/15/27444/14029.png"])
        #expect(log.allSatisfy { $0.userAgent.hasPrefix("Nearby/9.8.7 ") && $0.ifNoneMatch == nil })
        #expect(log.allSatisfy { $0.accept == "image/png,image/jpeg;q=0.9" })
        // Cached as <cache>/tiles/<key>/z/x/y with the bytes the server sent (a PNG).
        let file = cache.appendingPathComponent("tiles/\(template.cacheKey)/15/27444/14028")
        let bytes = try Data(contentsOf: file)
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(first.images[Self.tiles[0]]?.bytes == bytes)

        // A second picture of the same area six days later sends nothing.
        let second = try loader(cache, at: Self.t0.addingTimeInterval(6 * 86_400)).load(Self.tiles, from: template)
        #expect(second.images == first.images && second.fetched == 0)
        #expect(try server.tileLog().count == 3)

        // Eight days later (past the 7 days) each is revalidated with its ETag: 304, kept.
        let third = try loader(cache, at: Self.t0.addingTimeInterval(8 * 86_400)).load(Self.tiles, from: template)
        #expect(third.images == first.images && third.revalidated == 3 && third.fetched == 0)
        let later = try server.tileLog().dropFirst(3)
        #expect(later.count == 3 && later.allSatisfy { $0.status == 304 && $0.ifNoneMatch?.hasPrefix("\"") == true })
        // …and that confirmation makes them fresh again: nothing more is sent the day after.
        _ = try loader(cache, at: Self.t0.addingTimeInterval(9 * 86_400)).load(Self.tiles, from: template)
        #expect(try server.tileLog().count == 6)
    }

    @Test func offlineUsesTheCacheOnlyAndSaysOnceWhatIsMissing() throws {
        let server = try FixtureServer()
        let cache = try TestFolders.make("tiles-offline")
        defer { try? FileManager.default.removeItem(at: cache) }
        let template = try TileTemplate(server.url("/tiles/{z}/{x}/{y}.png"))
        _ = try loader(cache).load([Self.tiles[0]], from: template)
        // Offline, a year later: the stale cached tile is used, the other two are missing.
        let set = try loader(cache, at: Self.t0.addingTimeInterval(365 * 86_400), offline: true)
            .load(Self.tiles, from: template)
        #expect(set.images.keys.sorted() == [Self.tiles[0]])
        #expect(set.missing == [Self.tiles[1], Self.tiles[2]])
        #expect(
            set.missingNote
                == "2 of 3 map tiles are not in the cache and fetching is off; the plain background shows there."
        )
        #expect(try server.tileLog().count == 1)
    }

    @Test func whatIsNotAnImageIsNeitherUsedNorCached() throws {
        let server = try FixtureServer()
        let cache = try TestFolders.make("tiles-html")
        defer { try? FileManager.default.removeItem(at: cache) }
        let template = try TileTemplate(server.url("/nottiles/{z}/{x}/{y}.png"))
        let set = try loader(cache).load(Self.tiles, from: template)
        #expect(set.images.isEmpty && set.missing == Self.tiles)
        #expect(set.problem?.contains("not a PNG or JPEG") == true)
        #expect(set.missingNote?.hasPrefix("3 of 3 map tiles could not be fetched (The tile server answered") == true)
        #expect(
            !FileManager.default.fileExists(atPath: cache.appendingPathComponent("tiles/\(template.cacheKey)/15").path))
    }

    @Test func aMissingTileIsReportedAndTheOthersAreStillFetched() throws {
        let server = try FixtureServer()
        try server.put("missing-tiles.txt", "15/27445/14028\n")
        let cache = try TestFolders.make("tiles-404")
        defer { try? FileManager.default.removeItem(at: cache) }
        let template = try TileTemplate(server.url("/tiles/{z}/{x}/{y}.png"))
        let set = try loader(cache).load(Self.tiles, from: template)
        #expect(set.missing == [Self.tiles[1]] && set.images.count == 2)
        #expect(set.problem?.contains("404") == true)
    }

    @Test func anUnreachableServerIsAskedOnce() throws {
        let cache = try TestFolders.make("tiles-down")
        defer { try? FileManager.default.removeItem(at: cache) }
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        let template = try TileTemplate("http://127.0.0.1:9/{z}/{x}/{y}.png")
        let set = try loader(cache).load(Self.tiles, from: template)
        #expect(set.missing == Self.tiles && set.fetched == 0)
        #expect(set.problem?.contains("http://127.0.0.1:9/15/27444/14028.png") == true)
        let many = (0..<65).compactMap { TileID(z: 10, x: $0, y: 0) }
        #expect(throws: TileError.tooManyTiles(requested: 65, limit: 64)) {
            try loader(cache).load(many, from: template)
        }
    }

    /// The cache folder may be shared: a link planted where a tile folder goes is not followed.
    @Test func aLinkInTheTileCacheIsNotFollowed() throws {
        let server = try FixtureServer()
        let cache = try TestFolders.make("tiles-link")
        let elsewhere = try TestFolders.make("tiles-elsewhere")
        defer {
            try? FileManager.default.removeItem(at: cache)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let template = try TileTemplate(server.url("/tiles/{z}/{x}/{y}.png"))
        let folder = cache.appendingPathComponent("tiles/\(template.cacheKey)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("15"), withDestinationURL: elsewhere)
        let set = try loader(cache).load([Self.tiles[0]], from: template)
        #expect(set.images.count == 1)
        #expect(set.cacheProblem?.contains("not a folder") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // Nor is a tile read through a linked folder: one planted at 15/27444/14028 elsewhere is
        // not used offline.
        let planted = elsewhere.appendingPathComponent("27444")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1]).write(to: planted.appendingPathComponent("14028"))
        let offline = try loader(cache, offline: true).load([Self.tiles[0]], from: template)
        #expect(offline.images.isEmpty && offline.missing == [Self.tiles[0]])
    }
}

extension FixtureServer {
    struct TileRequest {
        var path: String
        var status: Int
        var userAgent: String
        var accept: String?
        var ifNoneMatch: String?
    }

    /// The tile requests the server has seen, in order.
    func tileLog() throws -> [TileRequest] {
        let data = try CurlFetcher(version: "test").fetch(FetchRequest(url: url("/tilelog"))).body
        let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return rows.map { row in
            TileRequest(
                path: row["path"] as? String ?? "", status: row["status"] as? Int ?? 0,
                userAgent: row["user-agent"] as? String ?? "", accept: row["accept"] as? String,
                ifNoneMatch: row["if-none-match"] as? String)
        }
    }
}
