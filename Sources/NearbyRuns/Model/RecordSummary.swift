/// What a track's records said apart from their positions: how many there were, the time they
/// span and the device's own distance.
///
/// A GPS track's points say all of this already; for a recording without positions (an indoor
/// ride on a trainer, a treadmill run, a watch without GPS) it is all there is, and
/// ``RunSummary`` measures such a run from it (see ``RouteStatus``). Readers that see records
/// without a position (FIT, TCX) fill it; GPX has no such records and leaves it nil.
public struct RecordSummary: Sendable, Hashable {
    /// Records seen, with or without a position.
    public var count: Int
    /// The first record's time (file order), seconds since 1970-01-01T00:00:00Z.
    public var firstTime: Double?
    /// The last record's time (file order).
    public var lastTime: Double?
    /// The device's own distance, metres: the last running total the records carried (FIT
    /// `distance`, TCX `DistanceMeters`: a wheel sensor, a foot pod, a treadmill), or the session's
    /// total; nil when the device measured none. A total of 0 (what an indoor trainer without a
    /// speed sensor writes) is no measurement either: ``RouteStatus/knownDistance`` leaves it out.
    public var distance: Double?

    /// A summary with the figures given (empty by default).
    public init(count: Int = 0, firstTime: Double? = nil, lastTime: Double? = nil, distance: Double? = nil) {
        self.count = count
        self.firstTime = firstTime
        self.lastTime = lastTime
        self.distance = distance
    }

    /// The figures a store kept of a run without a route: its start, its elapsed time and its
    /// distance (0 = unknown). Nil without a start or with figures that are not finite.
    public static func stored(start: Double?, elapsed: Double, distance: Double) -> RecordSummary? {
        guard let start, start.isFinite, elapsed.isFinite, elapsed >= 0 else { return nil }
        return RecordSummary(
            count: 0, firstTime: start, lastTime: start + elapsed,
            distance: distance.isFinite && distance > 0 ? distance : nil)
    }

    /// Last time − first time, seconds; nil without two times or when the last is earlier than the
    /// first (a clock that ran backwards gives no elapsed time).
    public var elapsedTime: Double? {
        guard let firstTime, let lastTime, firstTime.isFinite, lastTime.isFinite, lastTime >= firstTime else {
            return nil
        }
        return lastTime - firstTime
    }

    /// Counts one record: its time (if finite) and the device's running distance (if finite and
    /// not negative).
    public mutating func add(time: Double?, distance: Double? = nil) {
        count += 1
        if let time, time.isFinite {
            if firstTime == nil { firstTime = time }
            lastTime = time
        }
        if let distance, distance.isFinite, distance >= 0 { self.distance = distance }
    }

    /// The records of several tracks in order: counts and distances add up, the times span from the
    /// first track's first time to the last track's last.
    public static func merged(_ summaries: [RecordSummary]) -> RecordSummary? {
        guard !summaries.isEmpty else { return nil }
        var result = RecordSummary()
        for summary in summaries {
            result.count += summary.count
            if result.firstTime == nil { result.firstTime = summary.firstTime }
            if let last = summary.lastTime { result.lastTime = last }
            if let distance = summary.distance, distance > 0 { result.distance = (result.distance ?? 0) + distance }
        }
        return result
    }
}
