import Dispatch
import NearbyGeo

/// The geodesic length of every leg between consecutive fixes of every segment, solved up front
/// on two threads (each takes one half of all the fixes, whatever the segments) so that
/// cleaning, which walks the fixes in order, only looks them up.
///
/// ``leg(segment:index:)`` is the WGS84 distance from fix `index - 1` to fix `index` of a segment
/// (NaN for the first fix and where either fix has no valid coordinate), computed exactly as
/// ``TrackCleaner`` computes a leg: both ends prepared with `LegPoint.init`, then
/// `Geodesic.legDistance`. Every leg is a pure function of its two fixes, so how the work is split
/// cannot change a bit.
struct ConsecutiveLegs: Sendable {
    /// Below this many fixes in all, a second thread costs more than it saves.
    static let parallelThreshold = 20_000

    private let legs: [Double]
    /// Where each segment's legs start in `legs`, in track then segment order.
    private let starts: [Int]

    /// The legs of every segment of `tracks`, on `threads` threads (1: serially) when there are
    /// at least `threshold` fixes.
    init(_ tracks: [Track], threads: Int = 2, threshold: Int = ConsecutiveLegs.parallelThreshold) {
        let segments = tracks.flatMap { $0.segments.map(\.points) }
        var starts: [Int] = []
        starts.reserveCapacity(segments.count + 1)
        var running = 0
        for points in segments {
            starts.append(running)
            running += points.count
        }
        starts.append(running)
        let total = running
        self.starts = starts
        let parts = total >= threshold ? Swift.max(1, Swift.min(threads, 8)) : 1
        let offsets = starts
        legs = [Double](unsafeUninitializedCapacity: total) { buffer, initialized in
            let out = Output(base: buffer.baseAddress)
            if parts == 1 {
                Self.solve(segments, offsets, into: out, 0..<total)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    Self.solve(segments, offsets, into: out, (total * part / parts)..<(total * (part + 1) / parts))
                }
            }
            initialized = total
        }
    }

    /// The leg ending at fix `index` of segment number `segment` (counted across all tracks).
    @inline(__always)
    func leg(segment: Int, index: Int) -> Double { legs[starts[segment] + index] }

    /// Writes every leg whose flat position is in `range`.
    private static func solve(_ segments: [[TrackPoint]], _ starts: [Int], into output: Output, _ range: Range<Int>) {
        guard let out = output.base, !range.isEmpty else { return }
        let geodesic = Geodesic.wgs84
        for (number, points) in segments.enumerated() {
            let lower = Swift.max(range.lowerBound, starts[number])
            let upper = Swift.min(range.upperBound, starts[number + 1])
            guard lower < upper else { continue }
            let first = lower - starts[number]
            var previous = first > 0 ? points[first - 1].coordinate.map { LegPoint($0) } : nil
            for i in first..<(upper - starts[number]) {
                let here = points[i].coordinate.map { LegPoint($0) }
                if let a = previous, let b = here {
                    out[starts[number] + i] = geodesic.legDistance(a, b)
                } else {
                    out[starts[number] + i] = .nan
                }
                previous = here
            }
        }
    }

    /// The legs being written: each thread writes its own disjoint range.
    private struct Output: @unchecked Sendable {
        let base: UnsafeMutablePointer<Double>?
    }
}
