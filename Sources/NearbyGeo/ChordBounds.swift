// Rigorous bounds on WGS84 geodesic length from the straight-line (chord) distance between
// Earth-centred, Earth-fixed (ECEF) positions, used by SpatialIndex to skip exact geodesics.
import Foundation

/// Chord-based lower and upper bounds on the geodesic distance between two points of WGS84.
///
/// * Lower: a geodesic is a path in space, so its length is at least the chord c. Also, radial
///   projection onto the inscribed sphere of radius b is 1-Lipschitz, so g ≥ b·θ where θ is the
///   angle between the two ECEF vectors.
/// * Upper: a geodesic's curvature in space is its normal curvature, at most 1/ρ with
///   ρ = b²/a (the meridian radius at the equator). By Schur's comparison theorem an arc of
///   length g ≤ πρ has chord c ≥ 2ρ·sin(g/2ρ), so g ≤ 2ρ·asin(c/2ρ). The premise g ≤ πρ holds
///   whenever c ≤ ``upperBoundChordLimit``: the plane through the centre O and both points cuts
///   the ellipsoid in an ellipse; the arc of it that the chord cuts off on the side away from O is
///   a path on the surface, and, with the chord, a convex curve inside the segment of the circle of
///   radius a cut by the same line. That line lies at distance d ≥ √(b² − c²) from O (its foot is
///   either on the chord, within c of a point at radius ≥ b, or outside the ellipse), so by
///   monotonicity of perimeters g ≤ 2a·acos(d/a) + 2√(a² − d²) (see ``premiseBound(chord:)``).
///
/// Every bound carries a slack of 1 µm + 1e-12·c, far above the rounding of ECEF coordinates
/// (~1e-9 m) and of the geodesic solver (~15 nm), so comparisons with computed geodesic
/// distances are safe.
enum ChordBounds {
    static let a = 6_378_137.0
    static let f = 1 / 298.257_223_563
    static let b = a * (1 - f)
    static let e2 = f * (2 - f)
    /// Minimum radius of curvature of the ellipsoid, b²/a.
    static let rhoMin = b * b / a
    /// Largest chord for which the upper bound is proven (see the type's documentation):
    /// for 3 000 km, ``premiseBound(chord:)`` is about 12 433 km < πρ ≈ 19 903 km.
    static let upperBoundChordLimit = 3_000_000.0

    /// An upper bound on the shortest path for chord `c` that needs no curvature argument
    /// (used to check the premise of the Schur bound).
    static func premiseBound(chord c: Double) -> Double {
        let d = max(0, b * b - c * c).squareRoot()
        return 2 * a * acos(min(1, d / a)) + 2 * max(0, a * a - d * d).squareRoot()
    }

    /// ECEF position (metres) of a geodetic latitude/longitude in degrees on WGS84.
    @inline(__always)
    static func ecef(latitude: Double, longitude: Double) -> (x: Double, y: Double, z: Double) {
        let phi = latitude * (Double.pi / 180)
        let lambda = longitude * (Double.pi / 180)
        let sphi = sin(phi), cphi = cos(phi)
        let nu = a / (1 - e2 * sphi * sphi).squareRoot()
        return (nu * cphi * cos(lambda), nu * cphi * sin(lambda), nu * (1 - e2) * sphi)
    }

    /// ECEF position of a point from its reduced latitude β (as in ``Geodesic/LatitudeTerms``):
    /// (a cos β cos λ, a cos β sin λ, b sin β), the same point as ``ecef(latitude:longitude:)``
    /// to a few nanometres.
    @inline(__always)
    static func ecef(terms: Geodesic.LatitudeTerms, longitude: Double) -> (x: Double, y: Double, z: Double) {
        let (slam, clam) = GeoMath.sincosd(longitude)
        return (a * terms.cbet * clam, a * terms.cbet * slam, b * terms.sbet)
    }

    @inline(__always) static func slack(_ chord: Double) -> Double { 1e-6 + 1e-12 * chord }

    /// A lower bound on the geodesic distance for chord `c`.
    @inline(__always) static func lower(chord c: Double) -> Double { c - slack(c) }

    /// The largest chord whose lower bound is ≤ `distance` (so chords above it cannot be within
    /// `distance`); infinite for an infinite distance.
    @inline(__always) static func chordLimit(forDistance distance: Double) -> Double {
        (distance + 1e-6) / (1 - 1e-12) * (1 + 1e-15)
    }

    /// An upper bound on the geodesic distance for chord `c`, or infinity where none is proven.
    ///
    /// 2ρ·asin(x) with x = c/2ρ is itself bounded by 2ρ·tan(asin x) = c/√(1 − x²), which
    /// needs no trigonometry and is looser only by about c³/24ρ² (0.3 µm at 500 m).
    @inline(__always) static func upper(chord c: Double) -> Double {
        guard c <= upperBoundChordLimit else { return .infinity }
        let x = c / (2 * rhoMin)
        return c / (1 - x * x).squareRoot() + slack(c)
    }

    /// chordLimit(forDistance: upper(chord: √t))², or more (never less), for a squared chord t,
    /// with one division and one square root: with u = c/√(1 − x²) and c ≤ u, that limit is
    /// (u + 1e-12·c + 2e-6)(1 + 1e-15)/(1 − 1e-12) ≤ u(1 + 2.1e-12) + 2.00001e-6, and the margins
    /// below cover that plus rounding. Infinite where the upper bound is not proven.
    @inline(__always) static func chordLimit2(forUpperBoundOfChord2 t: Double) -> Double {
        guard t <= upperBoundChordLimit * upperBoundChordLimit else { return .infinity }
        let u = (t / (1 - t * (1 / (4 * rhoMin * rhoMin)))).squareRoot()
        let limit = u * (1 + 4e-12) + 2.5e-6
        return limit * limit
    }

    /// A lower bound that stays tight for distant points: max(c, b·θ) minus the slack.
    @inline(__always)
    static func lower(
        _ p: (x: Double, y: Double, z: Double), _ q: (x: Double, y: Double, z: Double)
    ) -> Double {
        let dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z
        let c = (dx * dx + dy * dy + dz * dz).squareRoot()
        let cx = p.y * q.z - p.z * q.y, cy = p.z * q.x - p.x * q.z, cz = p.x * q.y - p.y * q.x
        let theta = atan2((cx * cx + cy * cy + cz * cz).squareRoot(), p.x * q.x + p.y * q.y + p.z * q.z)
        return max(c, b * theta * (1 - 1e-12)) - slack(c)
    }
}
