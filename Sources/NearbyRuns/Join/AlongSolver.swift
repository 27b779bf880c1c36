import NearbyGeo

/// Internal: the exact answers of ``RouteAmenities`` from the sampled nearest distances; see
/// the rules there.
struct AlongSolver: Sendable {
    /// What the sampled nearest distances may be off by: a locator reports a distance within
    /// 2e-8 m of `Geodesic.distance` (``PlaceLocator``), so every bound built from them is widened
    /// by this (more intervals looked at, never one skipped that could matter).
    static let slack = 1e-7

    let route: RouteGeometry
    let samples: RouteSamples
    /// Interval positions of each piece.
    let byPiece: [[Int]]

    init(route: RouteGeometry, samples: RouteSamples, pieces: Int) {
        self.route = route
        self.samples = samples
        var byPiece = Array(repeating: [Int](), count: pieces)
        for (n, interval) in samples.intervals.enumerated() where interval.piece < pieces {
            byPiece[interval.piece].append(n)
        }
        self.byPiece = byPiece
    }

    /// The place of `dataset` nearest to piece `piece`; `nearest` holds its nearest place at
    /// each sample.
    func nearest<Locator: PlaceLocator>(in piece: Int, dataset: Locator, samples nearest: [Neighbor?])
        throws(Locator.Failure) -> PlaceAlongRoute?
    {
        let intervals = byPiece[piece].map { samples.intervals[$0] }
        var best: (neighbor: Neighbor, sample: Int)?
        for interval in intervals {
            for j in [interval.first, interval.last] {
                guard let n = nearest[j] else { continue }
                if let b = best?.neighbor, (b.distance, b.index) <= (n.distance, n.index) { continue }
                best = (n, j)
            }
        }
        guard let best else { return nil }
        let sampled = best.neighbor
        // Intervals where some point could be nearer than the sampled best, and the places
        // that could be (within m + δ/2 of an end of such an interval).
        var open: [RouteSamples.Interval] = []
        var places: Set<Int> = [sampled.index]
        for interval in intervals {
            guard let a = nearest[interval.first], let b = nearest[interval.last] else { continue }
            let delta = samples.length(interval)
            guard (a.distance + b.distance - delta) / 2 <= sampled.distance + Self.slack else { continue }
            open.append(interval)
            for j in Set([interval.first, interval.last]) {
                for n in try dataset.nearest(
                    to: samples.samples[j].coordinate, limit: PlaceLocatorLimit.all,
                    within: sampled.distance + delta / 2 + Self.slack)
                {
                    places.insert(n.index)
                }
            }
        }
        // The best sample is an answer already; the exact search can only improve on it.
        let point = samples.samples[best.sample]
        var answer = PlaceAlongRoute(
            index: sampled.index, distance: sampled.distance,
            closest: RoutePoint(distance: point.distance, coordinate: point.coordinate))
        for index in places.sorted() {
            let place = try dataset.coordinate(of: index)
            for interval in open {
                guard
                    let near = route.closest(
                        to: place, from: samples.samples[interval.first].distance,
                        to: samples.samples[interval.last].distance, segment: interval.segment)
                else { continue }
                if (answer.distance, answer.index) <= (near.distance, index) { continue }
                answer = PlaceAlongRoute(index: index, distance: near.distance, closest: near.point)
            }
        }
        return answer
    }

    /// The longest stretch of route with no place of `datasets` within `reach` metres;
    /// `nearest[n]` holds dataset n's nearest place at each sample.
    func longestGap<Locator: PlaceLocator>(reach: Double, datasets: [Locator], samples nearest: [[Neighbor?]])
        throws(Locator.Failure) -> RouteStretch?
    {
        var stretches: [(a: Double, b: Double, first: Int, last: Int)] = []
        func uncovered(_ a: Double, _ b: Double, _ segment: Int) {
            if let last = stretches.last, a <= last.b + 1e-9 {
                stretches[stretches.count - 1].b = Swift.max(b, last.b)
                stretches[stretches.count - 1].last = segment
            } else {
                stretches.append((a, b, segment, segment))
            }
        }
        func sampled(_ j: Int) -> Double {
            nearest.reduce(Double.infinity) { Swift.min($0, $1[j]?.distance ?? .infinity) }
        }
        for interval in samples.intervals {
            let r1 = sampled(interval.first)
            let r2 = sampled(interval.last)
            let d1 = samples.samples[interval.first].distance
            let d2 = samples.samples[interval.last].distance
            let delta = d2 - d1
            // The nearest place of an end covers the whole interval.
            if Swift.min(r1, r2) + delta <= reach - Self.slack { continue }
            // No place comes within reach of any point.
            if (r1 + r2 - delta) / 2 > reach + Self.slack {
                uncovered(d1, d2, interval.segment)
                continue
            }
            var covered: [ClosedRange<Double>] = []
            for dataset in datasets {
                var places: Set<Int> = []
                for j in Set([interval.first, interval.last]) {
                    for n in try dataset.nearest(
                        to: samples.samples[j].coordinate, limit: PlaceLocatorLimit.all,
                        within: reach + delta / 2)
                    {
                        places.insert(n.index)
                    }
                }
                for index in places.sorted() {
                    covered += route.covered(
                        by: try dataset.coordinate(of: index), reach: reach, from: d1, to: d2,
                        segment: interval.segment)
                }
            }
            // The complement of the covered ranges within [d1, d2].
            var cursor = d1
            for range in covered.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.upperBound >= cursor {
                if range.lowerBound > cursor { uncovered(cursor, range.lowerBound, interval.segment) }
                cursor = range.upperBound
            }
            if cursor < d2 { uncovered(cursor, d2, interval.segment) }
        }
        var longest: (a: Double, b: Double, first: Int, last: Int)?
        for stretch in stretches where longest.map({ stretch.b - stretch.a > $0.b - $0.a }) ?? true {
            longest = stretch
        }
        guard let longest else { return nil }
        return RouteStretch(
            start: RoutePoint(distance: longest.a, coordinate: route.position(at: longest.a, segment: longest.first)),
            end: RoutePoint(distance: longest.b, coordinate: route.position(at: longest.b, segment: longest.last)))
    }
}
