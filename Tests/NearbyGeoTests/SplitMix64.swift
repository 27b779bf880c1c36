@testable import NearbyGeo

/// A tiny deterministic generator (SplitMix64, Steele et al. 2014) for reproducible test data.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [lo, hi].
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }

    mutating func int(_ upperBound: Int) -> Int { Int(next() % UInt64(upperBound)) }

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
