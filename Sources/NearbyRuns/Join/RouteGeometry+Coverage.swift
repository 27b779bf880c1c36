import Foundation
import NearbyGeo

extension RouteGeometry {
    /// The parts of segment `segment` between route distances `lo` and `hi` whose geodesic distance
    /// to `place` is at most `reach`, as route-distance ranges in order (one per leg at most:
    /// the distance along a leg falls to its minimum and rises again). Boundaries are found
    /// by safeguarded Newton steps on the leg parameter (derivative −cos A, as in
    /// ``closest(to:leg:from:to:fa:)``) to 10 µm.
    func covered(by place: Coordinate, reach: Double, from lo: Double, to hi: Double, segment: Int)
        -> [ClosedRange<Double>]
    {
        var result: [ClosedRange<Double>] = []
        for (s, range) in segmentLegs.enumerated() where !range.isEmpty && s == segment {
            guard legs[range.lowerBound].d0 <= hi, legs[range.upperBound - 1].d1 >= lo else { continue }
            var i = leg(reaching: lo, in: range)
            while i < range.upperBound, legs[i].d0 <= hi {
                let ta = parameter(leg: i, distance: lo)
                let tb = parameter(leg: i, distance: hi)
                let fa = Geodesic.wgs84.distance(point(leg: i, at: ta), place)
                let fb = Geodesic.wgs84.distance(point(leg: i, at: tb), place)
                defer { i += 1 }
                guard (fa + fb - (tb - ta)) / 2 <= reach else { continue }
                let low = closest(to: place, leg: i, from: ta, to: tb, fa: fa)
                let (tm, fm) = fa <= low.distance ? (ta, fa) : fb < low.distance ? (tb, fb) : low
                guard fm <= reach else { continue }
                let t0 = fa <= reach ? ta : boundary(place, reach, leg: i, inside: tm, outside: ta)
                let t1 = fb <= reach ? tb : boundary(place, reach, leg: i, inside: tm, outside: tb)
                result.append((legs[i].d0 + t0)...(legs[i].d0 + t1))
            }
        }
        return result
    }

    /// The parameter between `inside` (distance ≤ reach) and `outside` (distance > reach) where
    /// the distance to `place` equals `reach`.
    private func boundary(_ place: Coordinate, _ reach: Double, leg i: Int, inside: Double, outside: Double)
        -> Double
    {
        var a = inside
        var b = outside
        var t = (a + b) / 2
        for _ in 0..<60 {
            let g = Geodesic.wgs84.inverse(point(leg: i, at: t), place)
            let excess = g.distance - reach
            if abs(excess) < 1e-7 { return t }
            if excess > 0 { b = t } else { a = t }
            if abs(b - a) < 1e-5 { break }
            let slope = -cos((g.initialBearing - azimuth(leg: i, at: t)) * .pi / 180)
            var next = slope != 0 ? t - excess / slope : .nan
            let lowEnd = Swift.min(a, b)
            let highEnd = Swift.max(a, b)
            if !(next > lowEnd && next < highEnd) { next = (a + b) / 2 }
            t = next
        }
        return a
    }
}
