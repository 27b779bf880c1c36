import Foundation
import Testing

@testable import NearbyGeo

/// Tile arithmetic against independent values: `mercantile` 1.2.1 (Mapbox's Python tile library,
/// its own implementation of the "Slippy map tilenames" formulas), e.g.
/// `mercantile.tile(121.5152, 25.0418, 15)` → Tile(x=27444, y=14028, z=15), and the pixel offset
/// inside the tile from `mercantile.xy` within `mercantile.xy_bounds` of that tile, × 256.
@Suite struct WebMercatorTests {
    static let known: [(lat: Double, lon: Double, z: Int, x: Int, y: Int, dx: Double, dy: Double)] = [
        (25.0418, 121.5152, 15, 27444, 14028, 149.3856711101033, 102.67939875810453),
        (51.5072, -0.1275, 15, 16372, 10896, 101.03466666658291, 57.74672729631971),
        (40.6892, -74.0445, 19, 154308, 197167, 225.55306667245748, 142.43845260353143),
    ]

    @Test(arguments: 0..<3) func tileAndOffsetOfAKnownPoint(_ index: Int) throws {
        let k = Self.known[index]
        let c = try #require(Coordinate(latitude: k.lat, longitude: k.lon))
        let found = WebMercator.tile(containing: c, zoom: k.z)
        #expect(found.tile == TileID(z: k.z, x: k.x, y: k.y))
        #expect(abs(found.offsetX - k.dx) < 1e-4 && abs(found.offsetY - k.dy) < 1e-4)
    }

    /// By hand: 0°,0° is the centre of the world, the corner of the four tiles of zoom 1; the
    /// top-left tile holds the north-west quarter; the poles are clamped into the last row.
    @Test func tilesWorkedByHand() throws {
        let origin = try #require(Coordinate(latitude: 0, longitude: 0))
        let centre = WebMercator.pixel(origin, zoom: 1)
        #expect(centre.x == 256 && centre.y == 256)
        #expect(WebMercator.tile(containing: origin, zoom: 1).tile == TileID(z: 1, x: 1, y: 1))
        let northWest = try #require(Coordinate(latitude: 45, longitude: -90))
        #expect(WebMercator.tile(containing: northWest, zoom: 1).tile == TileID(z: 1, x: 0, y: 0))
        let pole = try #require(Coordinate(latitude: -90, longitude: 180))
        #expect(WebMercator.tile(containing: pole, zoom: 3).tile == TileID(z: 3, x: 7, y: 7))
        #expect(TileID(z: 20, x: 0, y: 0) == nil && TileID(z: 2, x: 4, y: 0) == nil)
        #expect(TileID(z: 2, x: -1, y: 0) == nil)
    }

    /// 2π × 6,378,137 m / 256 px = 156,543.034 m per pixel at the equator at zoom 0, halved per zoom.
    @Test func metresPerPixel() {
        #expect(abs(WebMercator.metresPerPixel(latitude: 0, zoom: 0) - 156_543.033_928_041) < 1e-6)
        #expect(abs(WebMercator.metresPerPixel(latitude: 0, zoom: 19) - 0.298_582_141_738_970) < 1e-12)
    }

    /// A 2 km route in Taipei: at zoom 16 (2.14 m per pixel at 25°) it takes ~930 px, too wide
    /// for 704 usable pixels; at zoom 15 it takes ~466 px, so 15 is the zoom, and the route's
    /// middle is the picture's centre.
    @Test func viewFitsTheExtentAtTheDeepestZoomAndCentresIt() throws {
        let a = try #require(Coordinate(latitude: 25.04, longitude: 121.50))
        let b = try #require(Coordinate(latitude: 25.04, longitude: 121.52))
        let view = WebMercator.View(fitting: [a, b], width: 800, height: 600, margin: 48)
        #expect(view.zoom == 15)
        let pa = view.point(a)
        let pb = view.point(b)
        #expect(abs((pa.x + pb.x) / 2 - 400) < 1e-6 && abs(pa.y - 300) < 1e-6)
        // 0.02° of longitude is 0.02/360 of the world: 32768 × 256 × 0.02 / 360 = 466.03 px.
        #expect(abs((pb.x - pa.x) - 466.033_777_8) < 1e-3)
        let single = WebMercator.View(fitting: [a], width: 800, height: 600, margin: 48)
        #expect(single.zoom == 19)
        let capped = WebMercator.View(fitting: [a], width: 800, height: 600, margin: 48, maximumZoom: 30)
        #expect(capped.zoom == 19)
    }

    /// The tiles cover the window exactly: each placed tile is where its number says, and no
    /// more than 5 × 4 are needed for 800 × 600.
    @Test func placedTilesCoverTheWindow() throws {
        let a = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
        let view = WebMercator.View(fitting: [a], width: 800, height: 600, margin: 48, maximumZoom: 15)
        let tiles = view.tiles
        #expect(tiles.count <= 20 && tiles.count >= 12)
        for placed in tiles {
            #expect(placed.x > -256 && placed.x < 800 && placed.y > -256 && placed.y < 600)
            #expect(abs(Double(placed.tile.x) * 256 - view.left - placed.x) < 1e-6)
        }
        // The tile of the point (27444, 14028) is placed so that the point lands 149.39, 102.68
        // pixels inside it, at the picture's centre.
        let own = try #require(tiles.first { $0.tile == TileID(z: 15, x: 27444, y: 14028) })
        #expect(abs(own.x + 149.385_671 - 400) < 1e-4 && abs(own.y + 102.679_399 - 300) < 1e-4)
    }

    /// A window across the antimeridian wraps its columns (x = 2^z − 1 beside x = 0), and rows
    /// beyond the pole are left out.
    @Test func antimeridianWrapsAndPolesAreLeftOut() throws {
        let west = try #require(Coordinate(latitude: -16.5, longitude: 179.9))
        let east = try #require(Coordinate(latitude: -16.5, longitude: -179.9))
        let view = WebMercator.View(fitting: [west, east], width: 800, height: 600, margin: 48)
        #expect(view.zoom >= 10)
        let columns = Set(view.tiles.map(\.tile.x))
        let n = 1 << view.zoom
        #expect(columns.contains(0) && columns.contains(n - 1))
        let pole = try #require(Coordinate(latitude: 85, longitude: 0))
        let top = WebMercator.View(fitting: [pole], width: 800, height: 600, margin: 48, maximumZoom: 2)
        #expect(top.tiles.allSatisfy { $0.tile.y >= 0 } && top.tiles.count < 20)
    }
}
