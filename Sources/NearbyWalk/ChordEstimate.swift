#if canImport(Glibc)
    import Glibc
#endif
import NearbyGeo

/// A lower bound of the walk from any node to one point: the straight line through the Earth
/// (the chord between their WGS84 positions), which no path on the surface can beat, scaled down
/// by one part in a million so that rounding in the edge lengths (each within 2e-8 m of Karney's
/// geodesic) cannot make it exceed a walk. It is consistent — the chord obeys the triangle
/// inequality and is never longer than an edge — so an A* search queued by it settles each node
/// at its true distance and gives the Dijkstra's answer.
struct ChordEstimate {
    private let x: Double
    private let y: Double
    private let z: Double

    init(_ target: Coordinate) {
        (x, y, z) = Self.position(target)
    }

    /// Metres: never more than the walk from `point` to the target.
    @inline(__always)
    func lowerBound(to point: Coordinate) -> Double {
        let (px, py, pz) = Self.position(point)
        let dx = px - x
        let dy = py - y
        let dz = pz - z
        return (dx * dx + dy * dy + dz * dz).squareRoot() * (1 - 1e-6)
    }

    /// Earth-centred, Earth-fixed position on the WGS84 ellipsoid (height 0), metres.
    @inline(__always)
    static func position(_ c: Coordinate) -> (Double, Double, Double) {
        let a = 6_378_137.0
        let e2 = 0.006_694_379_990_141_316
        let phi = c.latitude * .pi / 180
        let lambda = c.longitude * .pi / 180
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return (n * cosPhi * cos(lambda), n * cosPhi * sin(lambda), n * (1 - e2) * sinPhi)
    }
}
