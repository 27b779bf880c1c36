// PLACEHOLDER: replaced by the geodesy work (a port of Karney's algorithms). The API is fixed.
import Foundation

/// The solution of the inverse geodesic problem between two points.
public struct GeodesicInverse: Sendable, Hashable {
    /// Length of the shortest path on the ellipsoid, metres.
    public var distance: Double
    /// Initial bearing at the first point, degrees clockwise from north, in [0, 360).
    public var initialBearing: Double
    /// Bearing of the path as it arrives at the second point, degrees in [0, 360).
    public var finalBearing: Double
}

/// Geodesics on an ellipsoid of revolution (WGS84 by default).
public struct Geodesic: Sendable {
    /// Equatorial radius, metres.
    public let equatorialRadius: Double
    /// Flattening.
    public let flattening: Double

    /// The WGS84 ellipsoid: a = 6 378 137 m, f = 1/298.257223563.
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257_223_563)

    public init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
    }

    /// Distance and bearings from `a` to `b`.
    public func inverse(_ a: Coordinate, _ b: Coordinate) -> GeodesicInverse {
        // PLACEHOLDER: spherical haversine until Karney's inverse lands.
        let r = Double.pi / 180
        let dlat = (b.latitude - a.latitude) * r
        let dlon = (b.longitude - a.longitude) * r
        let h = pow(sin(dlat / 2), 2) + cos(a.latitude * r) * cos(b.latitude * r) * pow(sin(dlon / 2), 2)
        let d = 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
        let y = sin(dlon) * cos(b.latitude * r)
        let x = cos(a.latitude * r) * sin(b.latitude * r) - sin(a.latitude * r) * cos(b.latitude * r) * cos(dlon)
        let bearing = (atan2(y, x) / r + 360).truncatingRemainder(dividingBy: 360)
        return GeodesicInverse(distance: d, initialBearing: bearing, finalBearing: bearing)
    }

    /// Distance in metres from `a` to `b`.
    public func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        inverse(a, b).distance
    }

    /// The point reached from `start` after `distance` metres along initial `bearing` degrees.
    public func destination(from start: Coordinate, bearing: Double, distance: Double) -> Coordinate {
        // PLACEHOLDER: spherical until Karney's direct lands.
        let r = Double.pi / 180
        let d = distance / 6_371_008.8
        let lat1 = start.latitude * r
        let lat2 = asin(sin(lat1) * cos(d) + cos(lat1) * sin(d) * cos(bearing * r))
        let lon2 = start.longitude * r + atan2(sin(bearing * r) * sin(d) * cos(lat1), cos(d) - sin(lat1) * sin(lat2))
        var lon = lon2 / r
        lon = (lon + 540).truncatingRemainder(dividingBy: 360) - 180
        return Coordinate(latitude: lat2 / r, longitude: lon) ?? start
    }
}
