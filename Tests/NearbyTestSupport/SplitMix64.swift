/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny deterministic generator, for reproducible
/// test and benchmark data (the benchmark depends on this target for it; nothing in Sources does). The same seed gives the same sequence on every machine. Not for
/// anything that must be unpredictable.
public struct SplitMix64: Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [lo, hi], from the top 53 bits.
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        uniform(range.lowerBound, range.upperBound)
    }

    /// Uniform in 0..<upperBound (upperBound > 0).
    public mutating func int(_ upperBound: Int) -> Int { Int(next() % UInt64(upperBound)) }
}
