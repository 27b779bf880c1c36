import Foundation
import NearbyTestSupport
import NearbyGeo

@testable import NearbyRuns

/// Generators and brute-force references for the Join tests. The references scan every place
/// and every leg; route distances are found by sampling each leg every metre and a golden-section
/// search around the best sample (independent of the Newton-style iteration in the library).
enum JoinSupport {
    /// Reproducible test data.
    typealias Random = SplitMix64

    /// A test coordinate (literals, or drawn inside Taipei); 0,0 is the valid literal fallback.
    // swift-format-ignore: NeverForceUnwrap
    static func coordinate(_ lat: Double, _ lon: Double) -> Coordinate {
        Coordinate(latitude: lat, longitude: lon) ?? Coordinate(latitude: 0, longitude: 0)!
    }

    /// A cleaned run through `segments` lists of coordinates, distances summed with geodesics.
    static func run(_ segments: [[Coordinate]]) -> CleanedRun {
        var total = 0.0
        var out: [CleanedSegment] = []
        for coordinates in segments where !coordinates.isEmpty {
            var points: [CleanedPoint] = []
            for (i, c) in coordinates.enumerated() {
                if i > 0 { total += Geodesic.wgs84.distance(coordinates[i - 1], c) }
                points.append(CleanedPoint(coordinate: c, time: Double(points.count) * 10, distance: total))
            }
            out.append(CleanedSegment(points: points))
        }
        return CleanedRun(segments: out, activity: .running)
    }

    /// A winding run of `fixes` fixes per segment from `start`, legs 15–70 m.
    static func randomRun(_ rng: inout Random, start: Coordinate, segments: Int, fixes: Int) -> CleanedRun {
        var here = start
        var heading = rng.uniform(0, 360)
        var all: [[Coordinate]] = []
        for s in 0..<segments {
            if s > 0 { here = Geodesic.wgs84.destination(from: here, bearing: rng.uniform(0, 360), distance: 120) }
            var coordinates = [here]
            for _ in 1..<fixes {
                heading += rng.uniform(-40, 40)
                here = Geodesic.wgs84.destination(from: here, bearing: heading, distance: rng.uniform(15, 70))
                coordinates.append(here)
            }
            all.append(coordinates)
        }
        return run(all)
    }

    /// `count` places in the box around the run's fixes widened by `margin` degrees.
    static func randomPlaces(_ rng: inout Random, around run: CleanedRun, count: Int, margin: Double = 0.004)
        -> [Coordinate]
    {
        let lats = run.points.map(\.coordinate.latitude)
        let lons = run.points.map(\.coordinate.longitude)
        let (la0, la1) = ((lats.min() ?? 0) - margin, (lats.max() ?? 0) + margin)
        let (lo0, lo1) = ((lons.min() ?? 0) - margin, (lons.max() ?? 0) + margin)
        return (0..<count).map { _ in coordinate(rng.uniform(la0, la1), rng.uniform(lo0, lo1)) }
    }

    /// Every place within `radius`, sorted by (distance, index), first `limit`.
    static func nearest(_ places: [Coordinate], to query: Coordinate, limit: Int, within radius: Double)
        -> [Neighbor]
    {
        Array(
            places.enumerated().map { Neighbor(index: $0.offset, distance: Geodesic.wgs84.distance(query, $0.element)) }
                .filter { $0.distance <= radius }
                .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
                .prefix(limit))
    }

    /// A leg as the reference sees it.
    struct Leg {
        var start: Coordinate
        var end: Coordinate
        var bearing: Double
        var length: Double
        var d0: Double
        var segment: Int
        func at(_ t: Double) -> Coordinate {
            Geodesic.wgs84.destination(from: start, bearing: bearing, distance: Swift.min(length, Swift.max(0, t)))
        }
    }

    static func legs(_ run: CleanedRun) -> [Leg] {
        var out: [Leg] = []
        let origin = run.points.first?.distance ?? 0
        for (s, segment) in run.segments.enumerated() {
            let p = segment.points
            if p.count == 1 {
                out.append(
                    Leg(
                        start: p[0].coordinate, end: p[0].coordinate, bearing: 0, length: 0, d0: p[0].distance - origin,
                        segment: s))
            }
            for i in p.indices.dropFirst() {
                let g = Geodesic.wgs84.inverse(p[i - 1].coordinate, p[i].coordinate)
                out.append(
                    Leg(
                        start: p[i - 1].coordinate, end: p[i].coordinate, bearing: g.initialBearing, length: g.distance,
                        d0: p[i - 1].distance - origin, segment: s))
            }
        }
        return out
    }

    /// Least distance from `place` to the route between route distances lo and hi, and the route
    /// distance where it is attained. A leg is skipped only when the triangle inequality proves
    /// it cannot beat the best so far: (f(a) + f(b) − length) / 2 > best.
    static func routeDistance(_ place: Coordinate, _ legs: [Leg], from lo: Double, to hi: Double)
        -> (distance: Double, at: Double)?
    {
        var best: (distance: Double, at: Double)?
        for leg in legs where leg.d0 <= hi && leg.d0 + leg.length >= lo {
            let ta = Swift.max(0, lo - leg.d0)
            let tb = Swift.min(leg.length, hi - leg.d0)
            let f = { (t: Double) in Geodesic.wgs84.distance(leg.at(t), place) }
            let fa = f(ta)
            let fb = f(tb)
            if let best, (fa + fb - (tb - ta)) / 2 > best.distance + 1e-6 { continue }
            var bestT = fa <= fb ? ta : tb
            var bestF = Swift.min(fa, fb)
            let n = Int((tb - ta).rounded(.up))
            if n > 1 {
                for k in 1..<n {
                    let t = ta + (tb - ta) * Double(k) / Double(n)
                    let v = f(t)
                    if v < bestF { (bestT, bestF) = (t, v) }
                }
            }
            // Golden-section search on [bestT − 1, bestT + 1] ∩ [ta, tb].
            var a = Swift.max(ta, bestT - 1.01)
            var b = Swift.min(tb, bestT + 1.01)
            let ratio = (5.0.squareRoot() - 1) / 2
            var c = b - ratio * (b - a)
            var d = a + ratio * (b - a)
            var fc = f(c)
            var fd = f(d)
            for _ in 0..<50 where b - a > 1e-7 {
                if fc < fd {
                    (b, d, fd) = (d, c, fc)
                    c = b - ratio * (b - a)
                    fc = f(c)
                } else {
                    (a, c, fc) = (c, d, fd)
                    d = a + ratio * (b - a)
                    fd = f(d)
                }
            }
            let t = (a + b) / 2
            let v = f(t)
            if v < bestF { (bestT, bestF) = (t, v) }
            if best == nil || bestF < best?.distance ?? 0 { best = (bestF, leg.d0 + bestT) }
        }
        return best
    }
}

extension JoinSupport {
    /// The longest uncovered stretch (start, end) by scanning the route every half metre: a
    /// point is covered when some place is within `reach`; changes are bisected to 1 µm.
    /// Only places that can reach a leg at all (within reach + length/2 of an end) are tried.
    static func longestGap(_ places: [Coordinate], _ run: CleanedRun, reach: Double) -> (Double, Double)? {
        var stretches: [(Double, Double)] = []
        var open: Double?
        func close(_ d: Double) {
            if let s = open { stretches.append((s, d)) }
            open = nil
        }
        for leg in legs(run) {
            let near = places.filter {
                Swift.min(Geodesic.wgs84.distance($0, leg.start), Geodesic.wgs84.distance($0, leg.end))
                    <= reach + leg.length / 2 + 1e-6
            }
            let covered = { (t: Double) in near.contains { Geodesic.wgs84.distance(leg.at(t), $0) <= reach } }
            let n = Swift.max(1, Int((leg.length / 0.5).rounded(.up)))
            var previous: (t: Double, covered: Bool)?
            for k in 0...n {
                let t = leg.length * Double(k) / Double(n)
                let c = covered(t)
                if let p = previous, p.covered != c {
                    var (a, b) = (p.t, t)
                    while b - a > 1e-6 {
                        let m = (a + b) / 2
                        if covered(m) == p.covered { a = m } else { b = m }
                    }
                    if c { close(leg.d0 + (a + b) / 2) } else { open = leg.d0 + (a + b) / 2 }
                } else if previous == nil {
                    if c { close(leg.d0) } else if open == nil { open = leg.d0 }
                }
                previous = (t, c)
            }
        }
        close(run.distance - (run.points.first?.distance ?? 0))
        var longest: (Double, Double)?
        for s in stretches where longest.map({ s.1 - s.0 > $0.1 - $0.0 }) ?? true { longest = s }
        return longest
    }
}
