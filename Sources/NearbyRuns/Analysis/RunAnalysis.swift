/// Everything the commands show about one run, computed from its raw tracks in one place so that an
/// imported run and a file analysed without importing give the same answers.
///
/// A run without a route (``route``, ``RouteStatus``: an indoor ride, a treadmill run) has its
/// figures from its records and no splits, best efforts or checkpoints; what needs positions
/// calls ``RouteStatus/requireRoute()`` and words its ``RouteError``.
///
/// MoonRunner's badges, their checkpoints and the running best efforts are for runs on foot
/// (``ActivityKind/earnsRunningBadges``; a track that names no activity keeps them): a ride, a swim
/// or another activity has its figures and splits, and none of those.
public struct RunAnalysis: Sendable, RouteFigures {
    public var cleaned: CleanedRun
    public var statistics: RunStatistics
    public var splits: [Split]
    public var bestEfforts: [BestEffort]
    public var checkpoints: [Checkpoint]
    /// The checkpoints the run passed on its way: every one but a badge at distance 0 (the start
    /// itself), which the join, the run's page and its picture leave out alike.
    public var passedCheckpoints: [Checkpoint] { checkpoints.filter { $0.badge.distance > 0 } }
    /// The best badge this run earns on its own (the last badge whose distance it exceeds).
    public var bestBadge: Badge?
    /// The next badge and how far it is beyond this run.
    public var nextBadge: Badge?
    public var distanceToNextBadge: Double?
    /// Why the run's speed is not trusted for medals (see ``RunTiming``), or nil.
    public var timingProblem: TimingProblem?
    /// The speed medals compare, when the timing is trusted (``RunSummary/rankingSpeed``).
    public var rankingSpeed: Double?
    /// Whether the run has a route (and its records, for a run without one).
    public var route: RouteStatus
    /// The device's own totals within what the activity can do (``RunSummary/device``).
    public var device: DeviceTotals?
    /// Whether the run takes part in badges and medals (``RunSummary/earnsRunningBadges``).
    public var earnsRunningBadges: Bool

    /// Cleans and measures `tracks` as ``RunSummary`` does (activity from `activityType`, else the
    /// tracks' own type; spikes above `maximumSpeed` m/s, else the activity's limit; `fileTime`,
    /// the file's own time, for ``RunTiming``; `device`, the device's own totals) and analyses
    /// them, with splits every kilometre or mile by `units`.
    public init(
        tracks: [Track], activityType: String? = nil, maximumSpeed: Double? = nil, fileTime: Double? = nil,
        device: DeviceTotals? = nil, units: Units, catalogue: BadgeCatalogue?
    ) {
        let summary = RunSummary(
            tracks: tracks, activityType: activityType, maximumSpeed: maximumSpeed, fileTime: fileTime,
            device: device)
        cleaned = summary.cleaned
        statistics = summary.statistics
        timingProblem = summary.timingProblem
        rankingSpeed = summary.rankingSpeed
        route = summary.route
        self.device = summary.device
        earnsRunningBadges = summary.earnsRunningBadges
        splits = Split.splits(of: cleaned, every: units.metresPerUnit)
        bestEfforts = earnsRunningBadges ? BestEffort.bestEfforts(in: cleaned) : []
        if let catalogue, earnsRunningBadges {
            checkpoints = Checkpoint.checkpoints(of: cleaned, catalogue: catalogue)
            let distance = statistics.distance
            bestBadge = distance > 0 ? catalogue.best(for: distance) : nil
            let next = catalogue.next(for: distance)
            if next.distance > distance {
                nextBadge = next
                distanceToNextBadge = next.distance - distance
            }
        } else {
            checkpoints = []
        }
    }
}
