// A point prepared for many inverse solves: its latitude-dependent terms (rounded latitude,
// reduced latitude sine/cosine, dn) are computed once, by the same code the solver and the
// SpatialIndex use, so a solve from prepared points gives the same bits as one from coordinates.

/// A coordinate with its per-latitude geodesic terms computed once, for solving many inverse
/// problems from the same point (consecutive legs of a track share each end).
///
/// `Geodesic.distance(_:_:)` on two prepared points returns bit for bit what it returns on
/// their coordinates (and `inverse(_:_:)` the same bearings too).
/// The terms depend on the ellipsoid's flattening; a point prepared for another ellipsoid is
/// recomputed on use (correct, only slower).
struct GeodesicPoint: Sendable, Hashable {
    /// The coordinate this point was prepared from.
    let coordinate: Coordinate
    /// Flattening of the ellipsoid the terms were computed for.
    let flattening: Double
    let terms: Geodesic.LatitudeTerms

    /// Prepares `coordinate` for the WGS84 ellipsoid (``Geodesic/wgs84``).
    @inline(__always)
    init(_ coordinate: Coordinate) {
        self.init(coordinate, on: .wgs84)
    }

    /// Prepares `coordinate` for solves on `geodesic`.
    @inline(__always)
    init(_ coordinate: Coordinate, on geodesic: Geodesic) {
        self.coordinate = coordinate
        flattening = geodesic.flattening
        terms = geodesic.latitudeTerms(coordinate.latitude)
    }

    /// Latitude in degrees.
    var latitude: Double { coordinate.latitude }
    /// Longitude in degrees.
    var longitude: Double { coordinate.longitude }
}

extension Geodesic {
    /// The latitude terms of `point` for this ellipsoid (stored ones when prepared for it).
    @inline(__always)
    func terms(_ point: GeodesicPoint) -> LatitudeTerms {
        point.flattening.bitPattern == flattening.bitPattern
            ? point.terms : latitudeTerms(point.coordinate.latitude)
    }

    /// Distance in metres from `a` to `b`; bit for bit `distance(a.coordinate, b.coordinate)`,
    /// without recomputing either point's latitude terms.
    @inline(__always)
    func distance(_ a: GeodesicPoint, _ b: GeodesicPoint) -> Double {
        solveInverse(
            terms(a), a.coordinate.longitude, terms(b), b.coordinate.longitude,
            distanceOnly: true
        ).s12
    }

    /// Distance, initial and final bearing from `a` to `b`; the same values as
    /// `inverse(a.coordinate, b.coordinate)`.
    func inverse(_ a: GeodesicPoint, _ b: GeodesicPoint) -> GeodesicInverse {
        let r = solveInverse(terms(a), a.coordinate.longitude, terms(b), b.coordinate.longitude)
        return GeodesicInverse(
            distance: r.s12,
            initialBearing: Self.bearing(GeoMath.atan2d(r.salp1, r.calp1)),
            finalBearing: Self.bearing(GeoMath.atan2d(r.salp2, r.calp2)))
    }
}

extension GeodesicPoint {
    /// Points are equal when prepared from the same coordinate for the same ellipsoid (the terms
    /// are a function of those two).
    static func == (a: GeodesicPoint, b: GeodesicPoint) -> Bool {
        a.coordinate == b.coordinate && a.flattening.bitPattern == b.flattening.bitPattern
    }

    /// Hashes the coordinate and the ellipsoid's flattening.
    func hash(into hasher: inout Hasher) {
        hasher.combine(coordinate)
        hasher.combine(flattening.bitPattern)
    }
}
