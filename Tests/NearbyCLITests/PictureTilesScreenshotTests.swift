import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyRuns
import Testing

@testable import NearbyCLI

/// Looks at pictures over tiles as a person would: headless Chromium renders the page, with the
/// loopback server's generated tiles embedded, and the pixels must show the tiles under the
/// route and the numbered markers where the projection puts them. Runs only where
/// `chromium-headless-shell` and python3 are installed.
@Suite(.enabled(if: ChromiumScreenshot.available), .serialized) struct PictureTilesScreenshotTests {
    static let mapOrigin = PictureScreenshotTests.mapOrigin

    /// The generated tiles' land colour under the page's 18 % white veil:
    /// 242 + 0.18 × (255 − 242) = 244.3, 239 → 241.9, 233 → 237.0.
    static let veiledLand = (244, 242, 237)
    /// Their streets: white, unchanged by a white veil.
    static let street = (255, 255, 255)

    /// The tiles of `coordinates`' map from the loopback server, as the commands load them.
    static func backdrop(_ coordinates: [Coordinate], server: TileServer, cache: URL) throws -> MapBackdrop {
        let view = MapProjection.tiled(
            fitting: coordinates, width: MapFrame.width, height: MapFrame.height, margin: MapFrame.margin)
        let loader = TileLoader(
            cache: TileCache(cacheDirectory: cache), fetcher: CurlFetcher(version: "test"),
            clock: .fixed(Date()), offline: false)
        let set = try loader.load(view.tiles.map(\.tile), from: try TileTemplate(server.template))
        #expect(set.missing.isEmpty)
        return .tiles(set.images, attribution: "Loopback test tiles")
    }

    static func shoot(_ html: String, name: String, in directory: URL) throws -> ChromiumPNG {
        let page = directory.appendingPathComponent("\(name).html")
        try Data(html.utf8).write(to: page)
        let png = directory.appendingPathComponent("\(name).png")
        try ChromiumScreenshot.capture(page, to: png)
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-\(name).png")
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(at: png, to: kept)
        return try ChromiumPNG(png)
    }

    @Test func runPictureOverTilesShowsTheRouteOnTheMap() throws {
        let server = try TileServer()
        let directory = try TestPaths.temporaryDirectory("picture-tiles")
        defer { try? FileManager.default.removeItem(at: directory) }
        var picture = try PictureSamples.lShaped
        picture.backdrop = try Self.backdrop(picture.allCoordinates, server: server, cache: directory)
        let image = try Self.shoot(RunPictureRenderer.html(picture), name: "picture-tiles", in: directory)
        let map = MapSVG(picture)
        guard case .mercator = map.projection else {
            Issue.record("a tiled picture must use the Web Mercator view")
            return
        }
        func screen(_ latitude: Double, _ longitude: Double) throws -> (Double, Double) {
            let p = map.projection.point(try PictureSamples.c(latitude, longitude))
            return (Self.mapOrigin.x + p.x, Self.mapOrigin.y + p.y)
        }
        for longitude in [121.503, 121.506, 121.515] {
            let (x, y) = try screen(25.040, longitude)
            #expect(image.has((255, 0, 0), near: x, y), "no red at \(x),\(y) (lon \(longitude))")
        }
        for latitude in [25.0475, 25.0515] {
            let (x, y) = try screen(latitude, 121.520)
            #expect(image.has((0, 255, 0), near: x, y), "no green at \(x),\(y) (lat \(latitude))")
        }
        // The tiles show: much veiled land and many street pixels inside the map frame, and the
        // tile attribution's box in the bottom-right corner.
        #expect(image.count(Self.veiledLand, tolerance: 3) > 100_000)
        #expect(image.count(Self.street, tolerance: 1) > 20_000)
        #expect(
            image.has((0xFF, 0xFF, 0xFF), near: Self.mapOrigin.x + 790, Self.mapOrigin.y + 594, radius: 1, tolerance: 8)
        )
    }

    @Test func mapPageShowsNumberedMarkersInTheirColours() throws {
        let server = try TileServer()
        let directory = try TestPaths.temporaryDirectory("map-tiles")
        defer { try? FileManager.default.removeItem(at: directory) }
        let origin = try PictureSamples.c(25.0418, 121.5152)
        var map = PlacesMap(
            title: "Near 25.0418,121.5152", origin: origin,
            entries: [
                .init(
                    number: 1, dataset: "toilets", name: "捷運台大醫院站",
                    coordinate: try PictureSamples.c(25.04100, 121.51620),
                    distance: "142 m", compass: "SE", address: "臺北市中正區公園路52號"),
                .init(
                    number: 2, dataset: "parks", name: "二二八和平公園", coordinate: try PictureSamples.c(25.0405, 121.5130),
                    distance: "261 m", compass: "SW", address: nil),
            ],
            datasets: ["toilets", "parks"], units: .metric, attribution: "Loopback test data")
        map.backdrop = try Self.backdrop(map.allCoordinates, server: server, cache: directory)
        let image = try Self.shoot(PlacesMapRenderer.html(map), name: "map-page-tiles", in: directory)
        let frame = PlacesMapSVG(map).frame
        for entry in map.entries {
            let p = frame.projection.point(entry.coordinate)
            let colour = DatasetStyle(index: entry.dataset == "toilets" ? 0 : 1).colour
            let rgb = Self.rgb(colour)
            // The marker's fill around its white number: 7 px left of the centre.
            #expect(image.has(rgb, near: Self.mapOrigin.x + p.x - 7, Self.mapOrigin.y + p.y, radius: 1, tolerance: 10))
        }
        let o = frame.projection.point(origin)
        #expect(image.has((0xD7, 0x26, 0x3D), near: Self.mapOrigin.x + o.x, Self.mapOrigin.y + o.y, radius: 1))
        #expect(image.count(Self.veiledLand, tolerance: 3) > 100_000)
    }

    static func rgb(_ hex: String) -> (Int, Int, Int) {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
    }
}
