// Geodesics on an ellipsoid of revolution: ported from GeographicLib by Charles Karney, MIT
// (C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55, 2013;
// https://geographiclib.sourceforge.io/). The inverse solver is in GeodesicInverseSolver.swift,
// the direct one in GeodesicDirect.swift, the series in GeodesicSeries.swift.
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
///
/// Distances agree with GeographicLib to round-off (a few nanometres) for every pair of points,
/// including nearly antipodal ones, and bearings to about 1e-12 degrees.
public struct Geodesic: Sendable {
    /// Equatorial radius, metres.
    public let equatorialRadius: Double
    /// Flattening.
    public let flattening: Double

    // Derived constants, named as in GeographicLib.
    let f1: Double
    let e2: Double
    let ep2: Double
    let n: Double
    let b: Double
    let etol2: Double
    let longitude: GeodesicLongitudeCoefficients

    /// The WGS84 ellipsoid: a = 6 378 137 m, f = 1/298.257223563.
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257_223_563)

    /// An ellipsoid with equatorial radius `equatorialRadius` metres and flattening `flattening`
    /// (|f| well below 1/50 for full accuracy; both must be finite and give a positive polar radius).
    public init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        f1 = 1 - flattening
        e2 = flattening * (2 - flattening)
        ep2 = e2 / (f1 * f1)
        n = flattening / (2 - flattening)
        b = equatorialRadius * f1
        etol2 =
            0.1 * GeoMath.tol2
            / (max(0.001, abs(flattening)) * min(1.0, 1 - flattening / 2) / 2).squareRoot()
        longitude = GeodesicLongitudeCoefficients(n: n)
    }

    /// Distance and bearings from `a` to `b`.
    public func inverse(_ a: Coordinate, _ b: Coordinate) -> GeodesicInverse {
        let r = solveInverse(a.latitude, a.longitude, b.latitude, b.longitude)
        return GeodesicInverse(
            distance: r.s12,
            initialBearing: Self.bearing(GeoMath.atan2d(r.salp1, r.calp1)),
            finalBearing: Self.bearing(GeoMath.atan2d(r.salp2, r.calp2)))
    }

    /// Distance in metres from `a` to `b` along the shortest path on the ellipsoid.
    @inline(__always)
    public func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        solveInverse(a.latitude, a.longitude, b.latitude, b.longitude, distanceOnly: true).s12
    }

    /// The point reached from `start` after `distance` metres along initial `bearing` degrees.
    ///
    /// A negative distance goes backwards. When `bearing` or `distance` is not finite the result
    /// is `start` itself.
    public func destination(from start: Coordinate, bearing: Double, distance: Double) -> Coordinate {
        let (lat2, lon2) = solveDirect(start.latitude, start.longitude, bearing, distance)
        return Coordinate(latitude: lat2, longitude: lon2) ?? start
    }

    /// Maps an azimuth in [−180, 180] to a bearing in [0, 360).
    @inline(__always) static func bearing(_ azimuth: Double) -> Double {
        var value = azimuth + 0.0
        if value < 0 { value += 360 }
        return value >= 360 ? 0 : value
    }
}
