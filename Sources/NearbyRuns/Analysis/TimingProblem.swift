import Foundation

/// Why a run's speed is not trusted for medals (see ``RunTiming``). Each case words itself as the
/// end of a sentence: "not ranked: " + ``reason``.
public enum TimingProblem: Sendable, Hashable {
    /// Fewer than two fixes have a time.
    case noTimes
    /// The run has no route (an indoor recording, ``RouteError/noRoute``): there is no speed of
    /// Nearby's own to compare.
    case noRoute
    /// Every timed fix has the same time (within ``RunTiming/equalTimeSpan``; a device fault); the
    /// times are ignored. `time` is the earliest.
    case allTimesEqual(time: Double)
    /// The last timed fix is earlier than the first (a reversed export); the times are ignored.
    case backwards(seconds: Double)
    /// The fixes' times lie this far from the file's own time (a clock reset or a GPS week
    /// rollover); the times are ignored.
    case farFromFileTime(fixTime: Double, fileTime: Double)
    /// Only this fraction of the distance lies between timed fixes.
    case partlyTimed(fraction: Double)
    /// No leg between timed fixes was fast enough to count as moving.
    case noMovement
    /// The average speed (m/s) is above the activity's spike limit.
    case implausibleSpeed(speed: Double, limit: Double)
    /// A track that names no activity covered this fraction of its timed distance faster than a
    /// runner can (`limit`, m/s), at up to `fastest` m/s: a vehicle.
    case vehicle(fraction: Double, fastest: Double, limit: Double)

    /// True when the times were ignored altogether (the run is analysed as untimed).
    public var ignoresTimes: Bool {
        switch self {
        case .allTimesEqual, .backwards, .farFromFileTime: true
        default: false
        }
    }

    /// The reason, such as `every fix has the same time, 1901-12-13T20:45:52Z`.
    public var reason: String {
        switch self {
        case .noTimes:
            return "fewer than two fixes have a time"
        case .noRoute:
            return "it has no route (indoor, or recorded without GPS), so there is no speed to compare"
        case .allTimesEqual(let time):
            return "every fix has the same time, \(CivilTime.iso(time) ?? "out of range"), so its times are ignored"
        case .backwards(let seconds):
            return "its times run backwards (the last fix is \(Units.duration(seconds)) before the first), "
                + "so they are ignored"
        case .farFromFileTime(let fixTime, let fileTime):
            let years = abs(fixTime - fileTime) / RunTiming.secondsPerYear
            return "its fixes are timed \(CivilTime.date(fixTime) ?? "out of range"), "
                + "\(WholeNumber.text(years, rounding: .down, fallback: "countless")) years from the "
                + "file's own time \(CivilTime.date(fileTime) ?? "out of range"), so its times are ignored"
        case .partlyTimed(let fraction):
            // Rounded down, but a share a rounding error short of a whole percent is that percent.
            let percent = Swift.max(0, Swift.min(100, (fraction + RunTiming.fractionTolerance) * 100))
            let minimum = WholeNumber.text(RunTiming.minimumTimedFraction * 100)
            return "only \(WholeNumber.text(percent, rounding: .down, fallback: "0")) % of its distance is timed "
                + "(\(minimum) % is needed)"
        case .noMovement:
            return "no stretch between timed fixes was fast enough to count as moving"
        case .implausibleSpeed(let speed, let limit):
            return "its average speed, \(Self.metresPerSecond(speed)), is above the \(Self.metresPerSecond(limit)) "
                + "limit for the activity"
        case .vehicle(let fraction, let fastest, let limit):
            let percent = Swift.max(0, Swift.min(100, (fraction + RunTiming.fractionTolerance) * 100))
            return "\(WholeNumber.text(percent, rounding: .down, fallback: "0")) % of its distance went faster "
                + "than a runner can (\(Self.metresPerSecond(limit)), up to \(Self.metresPerSecond(fastest))), "
                + "as in a vehicle, and it names no activity"
        }
    }

    /// `80.4 m/s`, one decimal, for any value.
    static func metresPerSecond(_ speed: Double) -> String {
        guard speed.isFinite, abs(speed) < 1e6 else { return "over 1,000,000 m/s" }
        return String(format: "%.1f m/s", speed)
    }
}
