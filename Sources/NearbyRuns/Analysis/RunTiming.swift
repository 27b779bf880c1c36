/// The rule for "enough timing": when a run's speed is trusted for medals.
///
/// Two stages. Before cleaning, ``clockProblem(tracks:fileTime:)`` looks at the fixes' clock: if
/// every timed fix has the same time (all within ``equalTimeSpan``, one second: no run is that
/// short, and a device that stamps every fix alike may still vary the fraction), if the last timed fix is earlier than the first (a run
/// backwards), or if the first timed fix lies more than ``maximumFileTimeOffset`` (10 years) from
/// the file's own time, the times are a device fault and the run is analysed as untimed
/// (distance only). Times are distrusted only on such evidence: a file time before ``gpsEpoch``
/// (1980-01-06, when GPS time began) is a placeholder, not evidence (GPSBabel writes the Unix
/// epoch, 1970-01-01T00:00:00Z, when it knows no creation time), so such a file's consistent,
/// increasing fix times are the run's times. After the statistics, ``rankingProblem(_:maximumSpeed:)`` asks for at least
/// two timed fixes, some moving time, at least ``minimumTimedFraction`` (90 %) of the distance
/// between timed fixes, and an average speed no faster than the activity's spike limit (the one
/// ``TrackCleaner`` uses). The badges are running badges (MoonRunner's), so a track that does not
/// say it is a ride or a walk is also held to a runner's pace: ``vehicleProblem(_:)`` refuses one that
/// covered more than ``maximumFastFraction`` (5 %) of its timed distance in legs faster than the
/// running spike limit (12 m/s) — a car or a train, which the generic 70 m/s limit lets through.
/// A run that passes all of them has one trusted speed,
/// ``RunStatistics/averageSpeed``; any other run earns distance badges only.
enum RunTiming {
    /// The share of the distance that must lie between timed fixes: 0.9.
    static let minimumTimedFraction = 0.9

    /// Shares are ratios of sums of leg lengths: a run timed over exactly 90 % of its distance
    /// may compute as 0.8999999999999835. Shares within this of a limit count as at the limit.
    static let fractionTolerance = 1e-9
    /// Timed fixes all within this many seconds have "the same time": 1 s.
    static let equalTimeSpan = 1.0
    /// Seconds in a mean Gregorian year.
    static let secondsPerYear = 365.2425 * 86_400
    /// The furthest the fixes may be from the file's own time: 10 years (a GPS week rollover is
    /// 19.6 years; an old run exported years later stays within it).
    static let maximumFileTimeOffset = 10 * secondsPerYear
    /// 1980-01-06T00:00:00Z, the start of GPS time: no receiver stamped a file earlier, so an
    /// earlier file time (the Unix epoch 0 above all) is a placeholder and says nothing about the
    /// fixes' clock.
    static let gpsEpoch: Double = 315_964_800

    /// A fault of the clock that makes every time in `tracks` unusable, or nil.
    static func clockProblem(tracks: [Track], fileTime: Double?) -> TimingProblem? {
        var first: Double?
        var last: Double?
        var lowest = Double.infinity
        var highest = -Double.infinity
        var timed = 0
        for track in tracks {
            for segment in track.segments {
                for point in segment.points {
                    guard let time = point.time, time.isFinite else { continue }
                    timed += 1
                    if first == nil { first = time }
                    last = time
                    lowest = Swift.min(lowest, time)
                    highest = Swift.max(highest, time)
                }
            }
        }
        guard timed >= 2, let first, let last else { return nil }
        if highest - lowest < equalTimeSpan { return .allTimesEqual(time: lowest) }
        if last < first { return .backwards(seconds: first - last) }
        if let fileTime, fileTime.isFinite, fileTime >= gpsEpoch, abs(first - fileTime) > maximumFileTimeOffset {
            return .farFromFileTime(fixTime: first, fileTime: fileTime)
        }
        return nil
    }

    /// Why the statistics of a run (cleaned with the spike limit `maximumSpeed`) give no speed
    /// to rank, or nil when ``RunStatistics/averageSpeed`` is trusted.
    static func rankingProblem(_ statistics: RunStatistics, maximumSpeed: Double) -> TimingProblem? {
        guard statistics.timedFixes >= 2 else { return .noTimes }
        guard let speed = statistics.averageSpeed, statistics.movingTime > 0 else { return .noMovement }
        let fraction = statistics.distance > 0 ? statistics.timedDistance / statistics.distance : 0
        guard fraction >= minimumTimedFraction - fractionTolerance else { return .partlyTimed(fraction: fraction) }
        guard speed.isFinite, speed <= maximumSpeed else { return .implausibleSpeed(speed: speed, limit: maximumSpeed) }
        return nil
    }

    /// The share of the timed distance an untyped (or driving) track may cover faster than a
    /// runner can before it is judged a vehicle: 0.05.
    static let maximumFastFraction = 0.05

    /// For a track whose activity is not named (or is driving): the share of its timed distance
    /// covered in legs faster than ``ActivityKind/running``'s spike limit, when that share is above
    /// ``maximumFastFraction``; nil otherwise, and always nil for named activities (their own spike
    /// limit already applied).
    static func vehicleProblem(_ run: CleanedRun) -> TimingProblem? {
        guard run.activity == .unknown || run.activity == .driving else { return nil }
        let limit = ActivityKind.running.maximumSpeed
        var timed = 0.0
        var fast = 0.0
        var fastest = 0.0
        for segment in run.segments {
            var previous: CleanedPoint?
            for point in segment.points {
                defer { previous = point }
                guard let previous, let start = previous.time, let end = point.time, end > start else { continue }
                let length = point.distance - previous.distance
                guard length.isFinite, length > 0 else { continue }
                timed += length
                let speed = length / (end - start)
                if speed > limit {
                    fast += length
                    fastest = Swift.max(fastest, speed)
                }
            }
        }
        guard timed > 0, fast > (maximumFastFraction + fractionTolerance) * timed else { return nil }
        return .vehicle(fraction: fast / timed, fastest: fastest, limit: limit)
    }

    /// `tracks` with every time removed.
    static func withoutTimes(_ tracks: [Track]) -> [Track] {
        tracks.map { track in
            var copy = track
            for s in copy.segments.indices {
                for p in copy.segments[s].points.indices { copy.segments[s].points[p].time = nil }
            }
            return copy
        }
    }
}
