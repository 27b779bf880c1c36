#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fix of a track prepared for measuring the short legs to its neighbours: the sines and
/// cosines of its latitude and reduced latitude, computed once and shared by the leg before it
/// and the leg after it.
///
/// ``Geodesic/legDistance(_:_:)-(LegPoint,LegPoint)`` on two prepared points returns bit for bit
/// what ``Geodesic/legDistance(_:_:)-(Coordinate,Coordinate)`` returns on their coordinates.
public struct LegPoint: Sendable {
    /// The coordinate this point was prepared from.
    public let coordinate: Coordinate
    /// Sine and cosine of the latitude.
    let sinLatitude: Double
    let cosLatitude: Double
    /// Sine and cosine of the reduced latitude β (tan β = (1 − f) tan φ): the point on the
    /// ellipsoid is (a cos β cos λ, a cos β sin λ, b sin β).
    let sinReduced: Double
    let cosReduced: Double
    /// Flattening of the ellipsoid the terms were computed for.
    let flattening: Double

    /// Prepares `coordinate` for legs on the WGS84 ellipsoid (``Geodesic/wgs84``).
    @inline(__always)
    public init(_ coordinate: Coordinate) {
        self.init(coordinate, on: .wgs84)
    }

    /// Prepares `coordinate` for legs on `geodesic`'s ellipsoid.
    @inline(__always)
    public init(_ coordinate: Coordinate, on geodesic: Geodesic) {
        self.coordinate = coordinate
        flattening = geodesic.flattening
        let (sinLat, cosLat) = GeoMath.sincosd(coordinate.latitude)
        sinLatitude = sinLat
        cosLatitude = cosLat
        // tan β = (1 − f) tan φ, normalised (the two terms are at most 1: no overflow to guard).
        let scaled = geodesic.f1 * sinLat
        let length = (scaled * scaled + cosLat * cosLat).squareRoot()
        sinReduced = scaled / length
        cosReduced = cosLat / length
    }
}

extension Geodesic {
    /// The longest chord (metres) measured by the chord formula; a longer leg is solved exactly.
    public static let legChordLimit = 1_000.0

    /// Length in metres of the geodesic between two fixes of a track.
    ///
    /// For fixes at most ``legChordLimit`` apart in a straight line (nearly every leg of a
    /// recorded track), the length comes from the chord c. The geodesic's curvature is the
    /// ellipsoid's normal curvature κ in its direction (Euler: cos²α / M + sin²α / N at the mid
    /// latitude), so its length is `c + κ²c³/24` to within terms of order c⁵/R⁴, under 1e-12 m at
    /// 1 km. The chord is computed from the differences of latitude and longitude (never as the
    /// difference of two Earth-centred positions, which would lose nine digits), so it is
    /// accurate to a few units in the last place: the result agrees with the inverse solve to
    /// about 1e-9 relative and under 2e-8 m (GeographicLib promises 15 nm). Longer legs are solved
    /// by ``distance(_:_:)-(Coordinate,Coordinate)``. The result is a pure function of the two
    /// fixes and about ten times cheaper than the inverse solve.
    @inline(__always)
    public func legDistance(_ a: LegPoint, _ b: LegPoint) -> Double {
        guard a.flattening.bitPattern == flattening.bitPattern, b.flattening.bitPattern == flattening.bitPattern
        else { return legDistance(a.coordinate, b.coordinate) }
        // A chord of 1 km spans under 0.01° of latitude: beyond 0.02° the leg is long.
        let latitudeDegrees = b.coordinate.latitude - a.coordinate.latitude
        guard abs(latitudeDegrees) <= 0.02 else { return distance(a.coordinate, b.coordinate) }
        // Half the reduced-latitude difference: tan Δβ = (1 − f) sin Δφ / D, D > 0 here.
        let across: Double = a.cosLatitude * b.cosLatitude + f1 * f1 * a.sinLatitude * b.sinLatitude
        let tanBeta: Double = f1 * Self.legSine(latitudeDegrees * GeoMath.degree) / across
        let secBeta = (1 + tanBeta * tanBeta).squareRoot()
        let halfBeta2 = tanBeta * tanBeta / (2 * secBeta * (secBeta + 1))  // sin²(Δβ/2)
        let longitudeDegrees: Double = GeoMath.angDiff(a.coordinate.longitude, b.coordinate.longitude).0
        let sinHalfLongitude: Double = Self.legSine(longitudeDegrees * GeoMath.degree / 2)
        let halfLongitude2 = sinHalfLongitude * sinHalfLongitude  // sin²(Δλ/2)
        // The mean reduced latitude β̄ from the sum of the two unit vectors (its bisector).
        let sumSin = a.sinReduced + b.sinReduced
        let sumCos = a.cosReduced + b.cosReduced
        let sum2 = sumSin * sumSin + sumCos * sumCos
        guard sum2 > 0 else { return distance(a.coordinate, b.coordinate) }
        let radius2 = equatorialRadius * equatorialRadius
        // (Δρ)² + (ΔZ)² with ρ = a cos β, Z = b sin β; then the turn about the axis.
        let polar2: Double = self.b * self.b
        let bisector2: Double = (radius2 * sumSin * sumSin + polar2 * sumCos * sumCos) / sum2
        let meridional2: Double = 4 * halfBeta2 * bisector2
        let turn2: Double = 4 * radius2 * a.cosReduced * b.cosReduced * halfLongitude2
        let chord2 = meridional2 + turn2
        guard chord2 <= Self.legChordLimit * Self.legChordLimit else { return distance(a.coordinate, b.coordinate) }
        guard chord2 > 0 else { return 0 }
        let chord = chord2.squareRoot()
        // sin²α: the squared east component of the chord's direction, (ρ₁ + ρ₂) sin(Δλ/2) / c.
        let east2: Double = radius2 * sumCos * sumCos * halfLongitude2
        let sin2 = Swift.min(1, east2 / chord2)
        // Radii of curvature at the mid latitude: meridian M and prime vertical N.
        let sinMid = (a.sinLatitude + b.sinLatitude) / 2
        let w2 = 1 - e2 * sinMid * sinMid
        let w = w2.squareRoot()
        let prime = equatorialRadius / w
        let meridian = equatorialRadius * (1 - e2) / (w2 * w)
        let curvature: Double = (1 - sin2) / meridian + sin2 / prime
        let correction: Double = curvature * curvature * chord2 * chord / 24
        return chord + correction
    }

    /// sin x; below 1e-3 radians (every leg's latitude difference) by its series to x⁵, whose
    /// first neglected term is under 2e-25 of x.
    @inline(__always)
    static func legSine(_ x: Double) -> Double {
        guard abs(x) < 1e-3 else { return sin(x) }
        let x2 = x * x
        return x - x * x2 / 6 * (1 - x2 / 20)
    }

    /// ``legDistance(_:_:)-(LegPoint,LegPoint)`` from the coordinates.
    @inline(__always)
    public func legDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        legDistance(LegPoint(a, on: self), LegPoint(b, on: self))
    }
}
