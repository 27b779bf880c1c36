import NearbyOutput
import NearbyGeo

extension Coordinate {
    /// This coordinate as a GeoJSON position (written `[longitude, latitude]`).
    public var geoJSON: GeoJSONPosition { GeoJSONPosition(latitude: latitude, longitude: longitude) }
}

extension GeoJSONGeometry {
    /// A Point at `coordinate`.
    public static func point(at coordinate: Coordinate) -> GeoJSONGeometry { .point(coordinate.geoJSON) }

    /// A LineString through `coordinates`.
    public static func line(through coordinates: [Coordinate]) -> GeoJSONGeometry {
        .lineString(coordinates.map(\.geoJSON))
    }

    /// A MultiLineString of `lines`.
    public static func lines(_ lines: [[Coordinate]]) -> GeoJSONGeometry {
        .multiLineString(lines.map { $0.map(\.geoJSON) })
    }
}
