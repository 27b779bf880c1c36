import NearbyTestSupport

@testable import NearbyGeo

extension SplitMix64 {
    /// A valid coordinate in the given box (clamped to the legal ranges, longitudes wrapped).
    mutating func coordinate(lat: ClosedRange<Double>, lon: ClosedRange<Double>) throws -> Coordinate {
        let la = min(90, max(-90, uniform(lat.lowerBound, lat.upperBound)))
        var lo = uniform(lon.lowerBound, lon.upperBound)
        if lo > 180 { lo -= 360 }
        if lo < -180 { lo += 360 }
        return try Coordinate(validatingLatitude: la, longitude: lo)
    }
}

/// The reference answer: every distance, sorted by (distance, index).
func bruteForce(_ points: [Coordinate], _ query: Coordinate, k: Int, within r: Double) -> [Neighbor] {
    let all = points.enumerated().map {
        Neighbor(index: $0.offset, distance: Geodesic.wgs84.distance(query, $0.element))
    }
    return Array(
        all.filter { $0.distance <= r }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .prefix(max(0, k)))
}

/// Whether an index answer is the brute-force one: the same neighbours in the same order, each
/// distance the solve's bits or, where the index measured the line by its chord, within
/// ``ChordGeodesic/tolerance`` of it (and then never for a line under 10 m or over 30 km).
func agrees(_ got: [Neighbor], _ want: [Neighbor]) -> Bool {
    guard got.map(\.index) == want.map(\.index) else { return false }
    return zip(got, want).allSatisfy { g, w in
        g.distance == w.distance
            || (abs(g.distance - w.distance) <= ChordGeodesic.tolerance
                && w.distance >= ChordGeodesic.minimumChord && w.distance <= ChordGeodesic.chordLimit * 1.001)
    }
}
