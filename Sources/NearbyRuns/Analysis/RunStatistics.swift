/// Summary figures for one cleaned run.
///
/// Rules:
/// - `distance`: WGS84 geodesic lengths (2-D, elevation ignored) summed over the legs within
///   each segment; nothing is counted across the gap between segments.
/// - `fixElapsedTime`: last time − first time over all timed points (nil with fewer than one
///   timed point; 0 for one). `elapsedTime` is the same unless the device gave its own
///   (``RunSummary``: a FIT session's `total_elapsed_time`, what Garmin Connect and Strava show).
/// - A *leg* is two consecutive points of one segment that both have times, the later one
///   strictly later. Its speed is its distance / its Δt.
/// - `movingTime`: the sum of Δt over legs whose speed ≥ the moving threshold
///   (``AnalysisOptions/movingSpeed``, by default 0.5 m/s for running). A long leg with no
///   movement (standing at a light, the watch left on) is therefore not moving.
/// - `stoppedTime`: the sum of Δt over legs slower than the threshold.
/// - `gapTime`: the time between the last point of a segment and the first of the next (a pause
///   the device recorded as a segment break); never moving.
/// - Legs touching an untimed point add distance but no time.
/// - `averageSpeed` = timed distance / movingTime, `averagePace` = movingTime / timed distance in
///   seconds per kilometre (nil when moving time or distance is 0), where the timed distance leaves
///   out legs that touch an untimed point (so a file with a few timestamps does not look like a
///   sprint). `maxSpeed` = fastest leg.
/// - Elevation gain/loss: ``ElevationSmoothing`` per segment, summed; nil (no figure, not 0 m)
///   when no segment has two fixes with an elevation.
///
/// A run without a route has no fixes to measure: ``RunSummary`` fills its start, elapsed time
/// and (the device's) distance from its records instead (see ``RouteStatus``).
public struct RunStatistics: Sendable, Hashable {
    /// Metres covered.
    public var distance: Double
    /// First timed point's time (seconds since 1970), if any.
    public var startTime: Double?
    /// The run's elapsed time, seconds: the device's own when it gave one (``RunSummary``), else
    /// ``fixElapsedTime``.
    public var elapsedTime: Double?
    /// Last time − first time over the timed fixes (for a run without a route, its records),
    /// seconds.
    public var fixElapsedTime: Double?
    /// Seconds spent on legs at or above the moving speed.
    public var movingTime: Double
    /// Seconds spent on legs below the moving speed, within segments.
    public var stoppedTime: Double
    /// Seconds between segments.
    public var gapTime: Double
    /// Metres on legs between two timed fixes (the distance ``averageSpeed`` is measured over).
    public var timedDistance: Double
    /// Fixes that have a time.
    public var timedFixes: Int
    /// Metres per second over moving time: ``timedDistance`` / ``movingTime``.
    public var averageSpeed: Double?
    /// Seconds per kilometre over moving time.
    public var averagePace: Double?
    /// Fastest leg, m/s.
    public var maxSpeed: Double?
    /// Metres climbed; nil when the track has no elevations to compare.
    public var elevationGain: Double?
    /// Metres descended; nil when the track has no elevations to compare.
    public var elevationLoss: Double?
    /// Lowest and highest elevation seen, if any.
    public var minElevation: Double?
    /// Highest elevation seen.
    public var maxElevation: Double?

    /// Computes the statistics of `run` under `options`.
    public init(_ run: CleanedRun, options: AnalysisOptions = AnalysisOptions()) {
        let threshold = options.movingSpeed(for: run)
        distance = run.distance
        var moving = 0.0
        var stopped = 0.0
        var gap = 0.0
        var fastest: Double?
        var untimed = 0.0
        var gain = 0.0
        var loss = 0.0
        var climbed = false
        var first: Double?
        var last: Double?
        var timed = 0
        var lastOfPrevious: Double?
        var lo: Double?
        var hi: Double?
        for segment in run.segments {
            if let end = lastOfPrevious, let start = segment.points.first?.time, start > end {
                gap += start - end
            }
            for (i, p) in segment.points.enumerated() {
                if let t = p.time {
                    timed += 1
                    if first == nil { first = t }
                    last = t
                }
                if let e = p.elevation {
                    lo = Swift.min(lo ?? e, e)
                    hi = Swift.max(hi ?? e, e)
                }
                guard i > 0 else { continue }
                guard let t0 = segment.points[i - 1].time, let t1 = p.time, t1 > t0 else {
                    untimed += p.distance - segment.points[i - 1].distance
                    continue
                }
                let speed = (p.distance - segment.points[i - 1].distance) / (t1 - t0)
                if speed >= threshold { moving += t1 - t0 } else { stopped += t1 - t0 }
                fastest = Swift.max(fastest ?? speed, speed)
            }
            if let t = segment.points.last(where: { $0.time != nil })?.time { lastOfPrevious = t }
            let elevations = segment.points.map(\.elevation)
            if elevations.lazy.compactMap({ $0 }).prefix(2).count == 2 { climbed = true }
            let (g, l) = options.elevation.gainAndLoss(elevations)
            gain += g
            loss += l
        }
        startTime = first
        if let first, let last { elapsedTime = last - first } else { elapsedTime = nil }
        fixElapsedTime = elapsedTime
        movingTime = moving
        stoppedTime = stopped
        gapTime = gap
        maxSpeed = fastest
        timedDistance = distance - untimed
        timedFixes = timed
        averageSpeed = moving > 0 ? timedDistance / moving : nil
        averagePace = moving > 0 && timedDistance > 0 ? moving / timedDistance * 1000 : nil
        elevationGain = climbed ? gain : nil
        elevationLoss = climbed ? loss : nil
        minElevation = lo
        maxElevation = hi
    }
}
