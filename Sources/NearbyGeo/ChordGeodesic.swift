// The length of a short geodesic from the chord between its ends' Earth-centred positions: what
// SpatialIndex ranks with instead of the full inverse solve (see IndexRanking).

/// Short geodesics from their chord: `c + κ²c³/24 + 3κ⁴c⁵/640`, where κ is the ellipsoid's
/// normal curvature (Euler: cos²α / M + sin²α / N) in the chord's direction at its middle, as
/// ``Geodesic/legDistance(_:_:)-(LegPoint,LegPoint)`` does for legs.
///
/// A geodesic's curvature in space is the normal curvature in its direction, which varies
/// smoothly along it; taken at the middle, its first-order variation cancels, and what is left
/// (and the next term of the series) is under 1e-10 m up to ``chordLimit``. The chord itself comes
/// from positions stored to about a nanometre, so the length is within a few nanometres of the
/// true one, and within ``tolerance`` of `Geodesic.distance` (whose own error on short lines is
/// about 3 nm; Tests/NearbyGeoTests/ChordGeodesicTests measure both). Lines shorter than
/// ``minimumChord`` (where a nanometre would be more than 1e-9 of the length) or longer than
/// ``chordLimit`` are left to the inverse solve.
enum ChordGeodesic {
    /// Longest chord measured this way, metres.
    static let chordLimit = 30_000.0
    /// Shortest chord measured this way, metres.
    static let minimumChord = 10.0
    /// Bound on |length − Geodesic.distance| for the lines measured here, metres.
    static let tolerance = 2e-8

    static let chordLimit2 = chordLimit * chordLimit
    static let minimumChord2 = minimumChord * minimumChord
    private static let a = ChordBounds.a
    private static let e2 = ChordBounds.e2
    private static let oneMinusE2 = 1 - ChordBounds.e2

    /// The geodesic length between the surface points at ECEF positions `p` and `q` whose
    /// squared chord (from those positions) is `chord2`, for `minimumChord2 ≤ chord2 ≤ chordLimit2`.
    @inline(__always)
    static func length(
        chord2: Double, _ p: (x: Double, y: Double, z: Double), _ q: (x: Double, y: Double, z: Double)
    ) -> Double {
        let c = chord2.squareRoot()
        // Twice the chord's middle, and its distance from the axis (squared).
        let mx = p.x + q.x, my = p.y + q.y, mz = p.z + q.z
        let axis2 = mx * mx + my * my
        // sin²α: the chord's east component at the middle, over the chord.
        let east = (p.y - q.y) * mx - (p.x - q.x) * my
        let sin2 = axis2 > 0 ? Swift.min(1, east * east / (axis2 * chord2)) : 0
        // The geodetic latitude of the surface point in the middle's direction: tan φ = z / ((1 − e²) ρ).
        let z2 = mz * mz
        let sinLatitude2 = z2 / (z2 + oneMinusE2 * oneMinusE2 * axis2)
        let w2 = 1 - e2 * sinLatitude2
        // κ = (√w2 / a) · ((1 − sin²α) w2 / (1 − e²) + sin²α), squared without the root.
        let bracket = (1 - sin2) * w2 / oneMinusE2 + sin2
        let t = w2 * bracket * bracket * chord2 / (a * a)  // κ²c²
        return c + c * t * (1.0 / 24 + t * (3.0 / 640))
    }
}
