/// The fastest stretch of a given length inside one run.
///
/// Rules (``BestEffort/bestEfforts(in:distances:)``): time is clock time, so a pause between
/// segments inside the window counts (as Strava's best efforts do). Time along the run is taken
/// as linear in distance within each leg. The window duration T(e) − T(e − L) is piecewise
/// linear in its end e, so its minimum lies where either end sits on a fix: one two-pointer pass
/// puts the window end on each fix and interpolates the start, a second puts the start on each
/// fix and interpolates the end; both are O(n). At a fix where the runner stood still, the start
/// uses the last moment there and the end the first. Needs every point timed; distances longer
/// than the run (by more than 1 mm, to absorb floating-point sums) are left out.
public struct BestEffort: Sendable, Hashable {
    /// Window length, metres.
    public var distance: Double
    /// Fastest time over the window, seconds.
    public var duration: Double
    /// Cumulative distance where the fastest window starts, metres from the run start.
    public var startDistance: Double
    /// Clock time (seconds since 1970) at the start of the fastest window.
    public var startTime: Double

    /// A best effort with every field given.
    public init(distance: Double, duration: Double, startDistance: Double, startTime: Double) {
        self.distance = distance
        self.duration = duration
        self.startDistance = startDistance
        self.startTime = startTime
    }

    /// Slack for floating-point sums of leg lengths, metres.
    static let tolerance = 1e-3

    /// Average speed over the window, m/s.
    public var speed: Double { duration > 0 ? distance / duration : 0 }

    /// The standard distances: 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon (21 097.5 m),
    /// marathon (42 195 m).
    public static let standardDistances: [Double] = [400, 1000, 1609.344, 5000, 10_000, 21_097.5, 42_195]

    /// Fastest efforts of each of `distances` inside `run`, in the order given; a distance the
    /// run does not cover (or any untimed point) gives no entry.
    public static func bestEfforts(in run: CleanedRun, distances: [Double] = standardDistances) -> [BestEffort] {
        let line = RunTimeline(run, movingSpeed: 0)
        guard let times = line.allTimes, let first = line.distance.first, let last = line.distance.last else {
            return []
        }
        let d = line.distance
        return distances.compactMap { length -> BestEffort? in
            guard length > 0, last - first >= length - tolerance else { return nil }
            var best: BestEffort?
            func consider(_ startD: Double, _ startT: Double, _ endT: Double) {
                let duration = endT - startT
                if let b = best, b.duration <= duration { return }
                best = BestEffort(
                    distance: length, duration: duration, startDistance: startD - first, startTime: startT)
            }
            // Pass 1: window end on fix j, start interpolated on the leg leaving it (d0 ≤ s < d1).
            var k = 0
            for j in 0..<d.count {
                let s = Swift.max(first, d[j] - length)
                guard d[j] - length >= first - tolerance else { continue }
                while k + 1 < d.count && d[k + 1] <= s + RunTimeline.epsilon { k += 1 }
                guard k + 1 < d.count else { break }
                let f = Swift.max(0, (s - d[k]) / (d[k + 1] - d[k]))
                consider(s, times[k] + f * (times[k + 1] - times[k]), times[j])
            }
            // Pass 2: window start on fix i, end interpolated on the leg arriving (d0 < e ≤ d1).
            var m = 1
            for i in 0..<d.count {
                guard d[i] + length <= last + tolerance else { break }
                let e = Swift.min(last, d[i] + length)
                while m < d.count && d[m] < e - RunTimeline.epsilon { m += 1 }
                guard m < d.count, m > 0 else { break }
                let span = d[m] - d[m - 1]
                let f = span > 0 ? Swift.min(1, Swift.max(0, (e - d[m - 1]) / span)) : 1
                consider(d[i], times[i], times[m - 1] + f * (times[m] - times[m - 1]))
            }
            return best
        }
    }
}
