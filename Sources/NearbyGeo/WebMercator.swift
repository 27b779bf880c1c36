import Foundation

/// One 256-pixel Web Mercator tile: zoom `z`, column `x` (west → east) and row `y` (north →
/// south), as in the OpenStreetMap "Slippy map tilenames" scheme. Always valid: `z` is
/// 0…``WebMercator/maximumZoom`` and `x`, `y` are 0…2^z − 1.
public struct TileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let z: Int
    public let x: Int
    public let y: Int

    /// A tile, or nil when `z` is out of 0…19 or `x`/`y` out of 0…2^z − 1.
    public init?(z: Int, x: Int, y: Int) {
        guard (0...WebMercator.maximumZoom).contains(z) else { return nil }
        let n = 1 << z
        guard (0..<n).contains(x), (0..<n).contains(y) else { return nil }
        self.z = z
        self.x = x
        self.y = y
    }

    /// "15/27438/14017".
    public var description: String { "\(z)/\(x)/\(y)" }

    public static func < (a: TileID, b: TileID) -> Bool { (a.z, a.y, a.x) < (b.z, b.y, b.x) }
}

/// Spherical ("Web") Mercator arithmetic of map tiles, pure: EPSG:3857 world pixels, the tile
/// holding a coordinate, and the zoom that fits a set of coordinates into a picture.
///
/// Rules (OSM wiki "Slippy map tilenames"): at zoom z the world is 256·2^z pixels square;
/// x = (λ + 180°)/360° · 256·2^z and y = (1 − ln(tan φ + sec φ)/π)/2 · 256·2^z, with the latitude
/// clamped to ±85.0511287798° (where the square ends). The tile is ⌊x/256⌋, ⌊y/256⌋.
public enum WebMercator {
    /// Pixels along each side of a tile.
    public static let tileSize = 256.0
    /// The deepest zoom Nearby asks for (the OpenStreetMap standard layer's last level).
    public static let maximumZoom = 19
    /// The latitude where the Mercator square ends, degrees.
    public static let maximumLatitude = 85.051_128_779_806_59

    /// The world size in pixels at `zoom`.
    public static func worldSize(zoom: Int) -> Double {
        tileSize * Double(1 << Swift.min(Swift.max(zoom, 0), maximumZoom))
    }

    /// The fraction 0…1 of the world's width east of 180° W, for a longitude in degrees (not wrapped).
    public static func normalizedX(longitude: Double) -> Double { (longitude + 180) / 360 }

    /// The fraction 0…1 of the world's height south of the top edge, for a latitude in degrees.
    public static func normalizedY(latitude: Double) -> Double {
        let phi = Swift.min(Swift.max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2
    }

    /// World pixel coordinates of `c` at `zoom` (y grows southwards).
    public static func pixel(_ c: Coordinate, zoom: Int) -> (x: Double, y: Double) {
        let size = worldSize(zoom: zoom)
        return (normalizedX(longitude: c.longitude) * size, normalizedY(latitude: c.latitude) * size)
    }

    /// The tile holding `c` at `zoom` (clamped to 0…19), with its pixel offset inside that tile.
    public static func tile(containing c: Coordinate, zoom: Int) -> (tile: TileID, offsetX: Double, offsetY: Double) {
        let z = Swift.min(Swift.max(zoom, 0), maximumZoom)
        let p = pixel(c, zoom: z)
        let n = 1 << z
        let column = Swift.min(Swift.max(floorInt(p.x / tileSize), 0), n - 1)
        let row = Swift.min(Swift.max(floorInt(p.y / tileSize), 0), n - 1)
        // Both are in 0..<n by the clamps above, so the tile always exists.
        let tile = TileID(clampedZ: z, x: column, y: row)
        return (tile, p.x - Double(column) * tileSize, p.y - Double(row) * tileSize)
    }

    /// ⌊value⌋ as an Int, clamped to ±2^40 (NaN counts as 0): never traps.
    static func floorInt(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(exactly: Swift.min(Swift.max(value.rounded(.down), -0x1p40), 0x1p40)) ?? 0
    }

    /// Ground metres per pixel along a parallel at `latitude` and `zoom` on the WGS84 ellipsoid:
    /// the parallel's length 2π·N(φ)·cos φ over the world's width in pixels.
    public static func metresPerPixel(latitude: Double, zoom: Int) -> Double {
        let phi = Swift.min(Swift.max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        let a = 6_378_137.0
        let f = 1 / 298.257_223_563
        let e2 = f * (2 - f)
        let primeVertical = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        return 2 * .pi * primeVertical * cos(phi) / worldSize(zoom: zoom)
    }
}

extension TileID {
    /// A tile whose numbers the caller has already clamped into range.
    fileprivate init(clampedZ z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }
}

extension WebMercator {
    /// A tile drawn in a picture: which tile, and where its top-left corner goes, in picture pixels.
    public struct PlacedTile: Sendable, Hashable {
        public let tile: TileID
        public let x: Double
        public let y: Double
    }

    /// A `width` × `height` pixel window onto the Web Mercator world at one whole zoom, so that
    /// tiles are drawn at their own 256 pixels, unscaled and sharp.
    ///
    /// Rules: the zoom is the deepest (at most `maximumZoom`, never above 19) at which the
    /// coordinates' extent fits inside the window less `margin` on each side; so the extent fills
    /// at least half of the usable width or height (one zoom more would double it). The window is
    /// centred on the extent. Longitudes are taken relative to the first coordinate, wrapped into
    /// −180…180, so a route across the antimeridian stays whole; tile columns wrap around the world
    /// and rows beyond the poles are left out. A window needs at most
    /// (⌈width/256⌉ + 1) × (⌈height/256⌉ + 1) tiles: 5 × 4 = 20 for an 800 × 600 picture.
    public struct View: Sendable, Hashable {
        public let zoom: Int
        public let width: Double
        public let height: Double
        /// World pixel coordinates of the window's top-left corner (x may lie outside the world).
        public let left: Double
        public let top: Double
        /// The longitude other longitudes are unwrapped around.
        let reference: Double

        public init(
            fitting coordinates: [Coordinate], width: Double, height: Double, margin: Double,
            maximumZoom: Int = WebMercator.maximumZoom
        ) {
            self.width = width
            self.height = height
            reference = coordinates.first?.longitude ?? 0
            var west = Double.infinity
            var east = -Double.infinity
            var north = Double.infinity
            var south = -Double.infinity
            for c in coordinates {
                let x = Self.unwrappedX(c.longitude, reference: reference)
                let y = WebMercator.normalizedY(latitude: c.latitude)
                west = Swift.min(west, x)
                east = Swift.max(east, x)
                north = Swift.min(north, y)
                south = Swift.max(south, y)
            }
            if coordinates.isEmpty { (west, east, north, south) = (0.5, 0.5, 0.5, 0.5) }
            let usableX = Swift.max(width - 2 * margin, 1)
            let usableY = Swift.max(height - 2 * margin, 1)
            var zoom = Swift.min(Swift.max(maximumZoom, 0), WebMercator.maximumZoom)
            while zoom > 0 {
                let size = WebMercator.worldSize(zoom: zoom)
                if (east - west) * size <= usableX && (south - north) * size <= usableY { break }
                zoom -= 1
            }
            self.zoom = zoom
            let size = WebMercator.worldSize(zoom: zoom)
            left = (west + east) / 2 * size - width / 2
            top = (north + south) / 2 * size - height / 2
        }

        /// The picture position of `c` (y grows downwards).
        public func point(_ c: Coordinate) -> (x: Double, y: Double) {
            let size = WebMercator.worldSize(zoom: zoom)
            let x = Self.unwrappedX(c.longitude, reference: reference) * size
            return (x - left, WebMercator.normalizedY(latitude: c.latitude) * size - top)
        }

        /// The latitude at the window's centre row, degrees.
        public var centreLatitude: Double {
            let size = WebMercator.worldSize(zoom: zoom)
            let n = Double.pi * (1 - 2 * (top + height / 2) / size)
            return atan(sinh(n)) * 180 / .pi
        }

        /// Picture pixels per ground metre along the parallel through the window's centre.
        public var pixelsPerMetre: Double { 1 / WebMercator.metresPerPixel(latitude: centreLatitude, zoom: zoom) }

        /// Every tile that covers part of the window, row by row from the top left.
        public var tiles: [PlacedTile] {
            let n = 1 << zoom
            let firstColumn = WebMercator.floorInt(left / WebMercator.tileSize)
            let lastColumn = WebMercator.floorInt(((left + width) / WebMercator.tileSize).rounded(.up)) - 1
            let firstRow = Swift.max(WebMercator.floorInt(top / WebMercator.tileSize), 0)
            let lastRow = Swift.min(
                WebMercator.floorInt(((top + height) / WebMercator.tileSize).rounded(.up)) - 1, n - 1)
            guard firstRow <= lastRow, firstColumn <= lastColumn else { return [] }
            var placed: [PlacedTile] = []
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn {
                    let wrapped = ((column % n) + n) % n
                    guard let tile = TileID(z: zoom, x: wrapped, y: row) else { continue }
                    placed.append(
                        PlacedTile(
                            tile: tile, x: Double(column) * WebMercator.tileSize - left,
                            y: Double(row) * WebMercator.tileSize - top))
                }
            }
            return placed
        }

        /// `longitude` as a world fraction, continued past ±180° so that it lies within half a
        /// world of `reference`.
        static func unwrappedX(_ longitude: Double, reference: Double) -> Double {
            var d = (longitude - reference).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 }
            if d < -180 { d += 360 }
            return WebMercator.normalizedX(longitude: reference + d)
        }
    }
}
