import Foundation
import NearbyGeo

/// One leg of a run (two consecutive fixes of a segment) with its speed and map colour.
public struct ColouredLeg: Sendable, Hashable {
    /// Where the leg starts.
    public var from: Coordinate
    /// Where the leg ends.
    public var to: Coordinate
    /// Leg distance / leg Δt, m/s; nil when either fix is untimed or Δt ≤ 0.
    public var speed: Double?
    /// Position of the speed on the colour scale, 0 (slow) … 1 (fast); nil without a speed.
    public var fraction: Double?
    /// "#RRGGBB": red → yellow → green by `fraction`, grey "#808080" without a speed.
    public var colour: String

    /// A leg with every field given.
    public init(from: Coordinate, to: Coordinate, speed: Double?, fraction: Double?, colour: String) {
        self.from = from
        self.to = to
        self.speed = speed
        self.fraction = fraction
        self.colour = colour
    }
}

/// Colours each leg of a run by its speed, red (slow) through yellow to green (fast).
///
/// Rules: the scale runs from the 5th to the 95th percentile of the timed legs' speeds
/// (percentiles by linear interpolation between closest ranks, as numpy's default), so one
/// GPS spike cannot flatten it; speeds outside are clamped to the ends. The scale spans at least
/// ``minimumSpread`` (20 %) of its middle speed, widened evenly about the middle: paces 5 s/km
/// apart are noise, not effort, and are drawn in shades of yellow rather than red and green (an
/// even pace is yellow). Fraction f maps to RGB as
/// (255, 510·f, 0) for f ≤ 0.5 and (510·(1 − f), 255, 0) above, each channel rounded.
/// Legs never cross the gap between segments.
public enum PaceColouring {
    /// The least spread of the scale, as a share of its middle speed: 0.2 (±10 %).
    public static let minimumSpread = 0.2

    /// The scale's (low, high) speeds for `speeds`: their 5th and 95th percentiles, widened evenly
    /// about their middle to at least ``minimumSpread`` of it; nil when empty.
    public static func scale(_ speeds: [Double]) -> (low: Double, high: Double)? {
        let sorted = speeds.sorted()
        guard !sorted.isEmpty else { return nil }
        let (low, high) = (percentile(sorted, 0.05), percentile(sorted, 0.95))
        let middle = (low + high) / 2
        let spread = Swift.max(high - low, minimumSpread * middle)
        guard spread.isFinite, spread > 0 else { return (low, high) }
        return (middle - spread / 2, middle + spread / 2)
    }

    /// Percentile `p` (0…1) of already sorted values, linear between closest ranks.
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard let first = sorted.first else { return 0 }
        let rank = p * Double(sorted.count - 1)
        guard rank.isFinite, rank >= 0 else { return first }
        let lo = WholeNumber.clamped(rank, rounding: .down, to: 0...(sorted.count - 1))
        let hi = Swift.min(lo + 1, sorted.count - 1)
        return sorted[lo] + (rank - Double(lo)) * (sorted[hi] - sorted[lo])
    }

    /// "#RRGGBB" for a fraction 0 (red) … 0.5 (yellow) … 1 (green), clamped.
    public static func colour(fraction: Double) -> String {
        let f = fraction.isFinite ? Swift.min(1, Swift.max(0, fraction)) : 0.5
        let red = f <= 0.5 ? 255 : Int((510 * (1 - f)).rounded())
        let green = f <= 0.5 ? Int((510 * f).rounded()) : 255
        return String(format: "#%02X%02X00", red, green)
    }

    /// Every leg of `run` with its speed and colour, in order.
    public static func legs(of run: CleanedRun) -> [ColouredLeg] {
        var raw: [(Coordinate, Coordinate, Double?)] = []
        for segment in run.segments {
            for (a, b) in zip(segment.points, segment.points.dropFirst()) {
                var speed: Double?
                if let t0 = a.time, let t1 = b.time, t1 > t0 { speed = (b.distance - a.distance) / (t1 - t0) }
                raw.append((a.coordinate, b.coordinate, speed))
            }
        }
        let bounds = scale(raw.compactMap(\.2))
        return raw.map { from, to, speed in
            guard let speed, let bounds else {
                return ColouredLeg(from: from, to: to, speed: nil, fraction: nil, colour: "#808080")
            }
            // The scale has a least spread (see the type), so rounding noise stays yellow.
            let span = bounds.high - bounds.low
            let f = span > 0 ? Swift.min(1, Swift.max(0, (speed - bounds.low) / span)) : 0.5
            return ColouredLeg(from: from, to: to, speed: speed, fraction: f, colour: colour(fraction: f))
        }
    }
}
