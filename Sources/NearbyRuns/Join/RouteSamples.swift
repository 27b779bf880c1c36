import Foundation
import NearbyGeo

/// Internal: points along a route at most `spacing` metres of route distance apart, with every
/// segment's ends and every multiple of `unit` among them, and the intervals between them.
///
/// Any route point of an interval is within its route-distance offset of both ends, so by the
/// triangle inequality a place at distance r_j from one end is at least r_j − t from a point
/// t metres along: this is what makes the sampled answers exact bounds.
struct RouteSamples: Sendable {
    struct Sample: Sendable {
        var distance: Double
        var coordinate: Coordinate
    }

    /// An interval from sample `first` to sample `last` (equal for a one-fix segment).
    struct Interval: Sendable {
        var first: Int
        var last: Int
        var segment: Int
        var piece: Int
    }

    var samples: [Sample] = []
    var intervals: [Interval] = []

    init(_ route: RouteGeometry, spacing: Double, unit: Double, pieces: Int) {
        for (s, range) in route.segmentLegs.enumerated() where !range.isEmpty {
            let a = route.legs[range.lowerBound].d0
            let b = route.legs[range.upperBound - 1].d1
            var breaks = [a]
            if unit > 0 {
                var k = (a / unit).rounded(.down) + 1
                while k * unit < b {
                    breaks.append(k * unit)
                    k += 1
                }
            }
            breaks.append(b)
            var cursor = range.lowerBound
            func add(_ d: Double) {
                while cursor < range.upperBound - 1, route.legs[cursor].d1 < d { cursor += 1 }
                let point = route.point(leg: cursor, at: route.parameter(leg: cursor, distance: d))
                samples.append(Sample(distance: d, coordinate: point))
            }
            func piece(_ d: Double) -> Int {
                unit > 0 ? WholeNumber.clamped(d / unit, rounding: .down, to: 0...Swift.max(0, pieces - 1)) : 0
            }
            let firstSample = samples.count
            add(a)
            if b <= a {
                intervals.append(Interval(first: firstSample, last: firstSample, segment: s, piece: piece(a)))
                continue
            }
            for (p, q) in zip(breaks, breaks.dropFirst()) where q > p {
                let n = WholeNumber.clamped((q - p) / spacing, rounding: .up, to: 1...Int(Int32.max))
                for i in 1...n {
                    add(i == n ? q : p + (q - p) * Double(i) / Double(n))
                    let j = samples.count - 1
                    let middle = (samples[j - 1].distance + samples[j].distance) / 2
                    intervals.append(Interval(first: j - 1, last: j, segment: s, piece: piece(middle)))
                }
            }
        }
    }

    func length(_ interval: Interval) -> Double {
        samples[interval.last].distance - samples[interval.first].distance
    }
}
