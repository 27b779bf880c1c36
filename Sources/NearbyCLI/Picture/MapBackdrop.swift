import NearbyFeeds
import NearbyGeo

/// What a map is drawn on: the plain background with a light grid, or map tiles.
///
/// With tiles, the map uses the Web Mercator view ``MapProjection/tiled(fitting:width:height:margin:)``
/// so the route lies on the streets; each tile is embedded in the page as a `data:` URI, so the
/// page fetches nothing. A tile without an image leaves the plain background (and its grid) showing.
enum MapBackdrop: Sendable, Hashable {
    case plain
    /// Tile images by tile, and the tile server's attribution, drawn on the map.
    case tiles([TileID: TileImage], attribution: String)

    /// The attribution drawn on the map, or nil.
    var attribution: String? {
        guard case .tiles(_, let attribution) = self, !attribution.isEmpty else { return nil }
        return attribution
    }
}

/// The projection of a map: the local equirectangular one over the plain background, or a
/// Web Mercator window at a whole zoom over tiles.
enum MapProjection: Sendable, Hashable {
    case local(PictureProjection)
    case mercator(WebMercator.View)

    /// The projection for `backdrop` that fits `coordinates` into the box less `margin`.
    init(for backdrop: MapBackdrop, fitting coordinates: [Coordinate], width: Double, height: Double, margin: Double) {
        switch backdrop {
        case .plain:
            self = .local(PictureProjection(fitting: coordinates, width: width, height: height, margin: margin))
        case .tiles:
            self = .mercator(Self.tiled(fitting: coordinates, width: width, height: height, margin: margin))
        }
    }

    /// The Web Mercator window of a tiled map (the command asks for exactly its tiles).
    static func tiled(fitting coordinates: [Coordinate], width: Double, height: Double, margin: Double)
        -> WebMercator.View
    {
        WebMercator.View(fitting: coordinates, width: width, height: height, margin: margin)
    }

    /// The pixel position of `c` (y grows downwards).
    func point(_ c: Coordinate) -> (x: Double, y: Double) {
        switch self {
        case .local(let projection): return projection.point(c)
        case .mercator(let view): return view.point(c)
        }
    }

    /// Pixels per ground metre (along the centre parallel for Web Mercator).
    var pixelsPerMetre: Double {
        switch self {
        case .local(let projection): return projection.pixelsPerMetre
        case .mercator(let view): return view.pixelsPerMetre
        }
    }
}
