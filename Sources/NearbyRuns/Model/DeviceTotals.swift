/// What the recording device itself said about a run (a FIT session's totals), kept beside
/// Nearby's geodesic figures. Any may be nil.
public struct DeviceTotals: Sendable, Hashable {
    /// The device's distance (wheel, foot pod or its own GPS filter), metres.
    public var distance: Double?
    /// Time the device's timer ran (pauses removed), seconds.
    public var timerTime: Double?
    /// The device's start-to-end time, seconds (FIT `total_elapsed_time`: what Garmin Connect and
    /// Strava show as elapsed time).
    public var elapsedTime: Double?

    public init(distance: Double? = nil, timerTime: Double? = nil, elapsedTime: Double? = nil) {
        self.distance = distance
        self.timerTime = timerTime
        self.elapsedTime = elapsedTime
    }

    /// Whether there is any figure.
    public var isEmpty: Bool { distance == nil && timerTime == nil && elapsedTime == nil }

    /// The longest time one activity is believed to last: 7 days (the FIT decoder's window for a
    /// record's time, too).
    public static let longestDuration: Double = 7 * 86_400

    /// The figures an activity of kind `activity` can have, and why each other one was dropped.
    ///
    /// Rules: a time (elapsed, timer) must be finite, not negative and at most
    /// ``longestDuration``. A distance must be finite, not negative, at most the activity's
    /// ``ActivityKind/maximumDistance``, and at most its ``ActivityKind/maximumSpeed`` times the
    /// longest of the kept elapsed time and `span` (the time the records span, seconds) when that
    /// is positive: 1.7e308 m over an hour is a fault of the device or the file, not a run.
    public func bounded(activity: ActivityKind, span: Double?) -> (
        totals: DeviceTotals, problems: [DeviceFigureProblem]
    ) {
        var kept = DeviceTotals()
        var problems: [DeviceFigureProblem] = []
        for (value, name, keep) in [
            (elapsedTime, "elapsed time", \DeviceTotals.elapsedTime), (timerTime, "timer time", \.timerTime),
        ] {
            guard let value else { continue }
            if value.isFinite, value >= 0, value <= Self.longestDuration {
                kept[keyPath: keep] = value
            } else {
                problems.append(.time(name: name, value: value))
            }
        }
        if let distance {
            if let problem = Self.distanceProblem(distance, activity: activity, time: kept.elapsedTime, span: span) {
                problems.append(problem)
            } else {
                kept.distance = distance
            }
        }
        return (kept, problems)
    }

    /// Why `distance` metres is more than `activity` can cover (see ``bounded(activity:span:)``),
    /// or nil when it is believable.
    public static func distanceProblem(_ distance: Double, activity: ActivityKind, time: Double?, span: Double?)
        -> DeviceFigureProblem?
    {
        guard distance.isFinite, distance >= 0 else { return .distance(value: distance, limit: 0, activity: activity) }
        let longest = activity.maximumDistance
        let seconds = [time, span].compactMap { $0 }.filter { $0.isFinite && $0 > 0 }.max()
        if let seconds, seconds * activity.maximumSpeed < longest, distance > seconds * activity.maximumSpeed {
            return .distance(
                value: distance, limit: seconds * activity.maximumSpeed, activity: activity, seconds: seconds)
        }
        return distance > longest ? .distance(value: distance, limit: longest, activity: activity) : nil
    }
}

/// A device's figure that its activity cannot have, dropped by ``DeviceTotals/bounded(activity:span:)``
/// (or by the FIT decoder for a session's average speed). ``description`` is one sentence
/// without the file name.
public enum DeviceFigureProblem: Sendable, Hashable, CustomStringConvertible {
    /// A distance above `limit` metres: the activity's longest, or (with `seconds`) its fastest
    /// speed over that many seconds.
    case distance(value: Double, limit: Double, activity: ActivityKind, seconds: Double? = nil)
    /// A time (`elapsed time`, `timer time`) that is not a number, negative, or over 7 days.
    case time(name: String, value: Double)
    /// An average speed above the activity's fastest believable speed, m/s.
    case speed(value: Double, limit: Double, activity: ActivityKind)

    public var description: String {
        switch self {
        case .distance(let value, let limit, let activity, let seconds):
            let bound =
                seconds.map {
                    "more than \(activity.noun) can cover in \(Units.duration($0)) at "
                        + "\(TimingProblem.metresPerSecond(activity.maximumSpeed)) (\(Self.kilometres(limit)))"
                } ?? "more than \(activity.noun) can be (\(Self.kilometres(limit)))"
            let what = value.isFinite && value >= 0 ? bound : "not a distance"
            return "The device's distance, \(Self.kilometres(value)), is \(what), so it was dropped."
        case .time(let name, let value):
            let shown = value.isFinite && value >= 0 && value < 1e9 ? Units.duration(value) : "\(value) s"
            return "The device's \(name), \(shown), is not a time one activity can take (at most 7 days), "
                + "so it was dropped."
        case .speed(let value, let limit, let activity):
            return "The device's average speed, \(TimingProblem.metresPerSecond(value)), is above the "
                + "\(TimingProblem.metresPerSecond(limit)) \(activity.noun) can go, so it was dropped."
        }
    }

    /// `108.0 km`, one decimal; `over 1,000,000 km` beyond that; the value itself when it is not a
    /// number.
    static func kilometres(_ metres: Double) -> String {
        guard metres.isFinite else { return "\(metres) m" }
        guard abs(metres) < 1e9 else { return metres < 0 ? "below −1,000,000 km" : "over 1,000,000 km" }
        return String(format: "%.1f km", metres / 1000)
    }
}
