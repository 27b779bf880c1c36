/// Internal: the run's points flattened into parallel arrays of cumulative distance, clock time
/// and cumulative moving time, shared by statistics, splits, best efforts and checkpoints.
struct RunTimeline: Sendable {
    /// Cumulative metres at each point (no distance across segment gaps).
    var distance: [Double] = []
    /// Clock time at each point, nil where the file had none.
    var time: [Double?] = []
    /// Cumulative moving seconds at each point (see ``RunStatistics``).
    var moving: [Double] = []
    /// True at the first point of every segment after the first (the leg into it is a gap).
    var startsSegment: [Bool] = []

    init(_ run: CleanedRun, movingSpeed: Double) {
        var movingTotal = 0.0
        for (s, segment) in run.segments.enumerated() {
            for (i, point) in segment.points.enumerated() {
                let isGap = i == 0 && s > 0
                if i > 0, let t0 = segment.points[i - 1].time, let t1 = point.time, t1 > t0 {
                    let legDistance = point.distance - segment.points[i - 1].distance
                    if legDistance / (t1 - t0) >= movingSpeed { movingTotal += t1 - t0 }
                }
                distance.append(point.distance)
                time.append(point.time)
                moving.append(movingTotal)
                startsSegment.append(isGap)
            }
        }
    }

    var count: Int { distance.count }

    /// Clock times of every point, or nil when any point lacks a time.
    var allTimes: [Double]? {
        var out: [Double] = []
        out.reserveCapacity(time.count)
        for t in time {
            guard let t else { return nil }
            out.append(t)
        }
        return out
    }

    /// Distances within this many metres count as equal (floating-point sums of legs).
    static let epsilon = 1e-6

    /// Linear interpolation of `values` at cumulative distance `d`, on the first leg that
    /// arrives at `d` (d0 < d ≤ d1, with ``epsilon`` slack); at d ≤ first distance, the first
    /// value.
    static func arriving(at d: Double, distance: [Double], values: [Double], from start: inout Int) -> Double? {
        guard let first = distance.first else { return nil }
        if d <= first { return values[0] }
        var k = Swift.max(start, 1)
        while k < distance.count && distance[k] < d - epsilon { k += 1 }
        guard k < distance.count else { return nil }
        start = k
        let d0 = distance[k - 1]
        let d1 = distance[k]
        let f = d1 > d0 ? Swift.min(1, Swift.max(0, (d - d0) / (d1 - d0))) : 1
        return values[k - 1] + f * (values[k] - values[k - 1])
    }
}
