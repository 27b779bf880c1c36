/// One split of a run: the stretch between two multiples of the split length.
///
/// Rules (see ``Split/splits(of:every:options:)``): boundaries are cut at exactly
/// k × `length` metres of cumulative distance. The time at a boundary is interpolated linearly
/// in distance along the first leg that reaches it (d0 < boundary ≤ d1), so standing still
/// exactly on a boundary counts in the next split. The last split is partial when the run ends
/// more than 1 mm past the last full boundary; a run ending within 1 mm of a boundary ends
/// with a full split.
public struct Split: Sendable, Hashable {
    /// 1-based position of the split.
    public var index: Int
    /// Cumulative distance at the start of the split, metres.
    public var startDistance: Double
    /// Metres in this split: the split length, or less for the last partial split.
    public var distance: Double
    /// Clock seconds from boundary to boundary (pauses between segments included); nil when
    /// the run has an untimed point.
    public var elapsedTime: Double?
    /// Moving seconds in the split (``RunStatistics`` moving rule), nil when untimed.
    public var movingTime: Double?
    /// True for a last split shorter than the split length.
    public var isPartial: Bool

    /// A split with every field given.
    public init(
        index: Int, startDistance: Double, distance: Double, elapsedTime: Double?,
        movingTime: Double?, isPartial: Bool
    ) {
        self.index = index
        self.startDistance = startDistance
        self.distance = distance
        self.elapsedTime = elapsedTime
        self.movingTime = movingTime
        self.isPartial = isPartial
    }

    /// Moving seconds per kilometre in this split, nil when untimed or empty.
    public var pace: Double? {
        guard let movingTime, distance > 0, movingTime > 0 else { return nil }
        return movingTime / distance * 1000
    }

    /// Splits of `run` every `length` metres (1000 for km, 1609.344 for miles; see ``Units``).
    /// Returns no splits for a run without distance or a non-positive length.
    public static func splits(of run: CleanedRun, every length: Double, options: AnalysisOptions = AnalysisOptions())
        -> [Split]
    {
        let line = RunTimeline(run, movingSpeed: options.movingSpeed(for: run))
        guard let start = line.distance.first, let end = line.distance.last, length > 0, end > start else {
            return []
        }
        let times = line.allTimes
        var result: [Split] = []
        var cursorT = 1
        var cursorM = 1
        var previous = start
        var prevT = times?.first
        var prevM: Double? = times == nil ? nil : 0
        var k = 1
        while true {
            var boundary = start + Double(k) * length
            // Within 1 mm of the end counts as reaching the boundary (floating-point sums).
            let partial = boundary > end + 1e-3
            if partial { guard end - previous > 1e-3 else { break } }
            boundary = Swift.min(boundary, end)
            var t: Double?
            var m: Double?
            if let times {
                t = RunTimeline.arriving(at: boundary, distance: line.distance, values: times, from: &cursorT)
                m = RunTimeline.arriving(at: boundary, distance: line.distance, values: line.moving, from: &cursorM)
            }
            result.append(
                Split(
                    index: k, startDistance: previous - start, distance: boundary - previous,
                    elapsedTime: t.flatMap { t in prevT.map { t - $0 } },
                    movingTime: m.flatMap { m in prevM.map { m - $0 } }, isPartial: partial))
            if partial { break }
            previous = boundary
            prevT = t
            prevM = m
            k += 1
        }
        return result
    }
}
