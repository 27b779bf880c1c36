/// A run's figures and its one speed, computed in one place for every command that shows a run
/// (`runs show`, `runs list`, `badges`), so a run has the same speed wherever it appears.
///
/// The tracks are checked by ``RunTiming``: a faulty clock makes the run untimed before cleaning;
/// a run without enough timing keeps its figures but has no ``rankingSpeed``. A run without a
/// route (``RouteStatus``: an indoor recording) is measured from its records: start and elapsed
/// time from the first and last record, ``RunStatistics/distance`` the device's distance (0 when
/// unknown: ``RouteFigures/knownDistance``), no moving time and no speed.
///
/// The device's own totals (``device``, a FIT session's), kept within what the activity can do
/// (``DeviceTotals/bounded(activity:span:)``), give the elapsed time: a session's
/// `total_elapsed_time` is what Garmin Connect and Strava show, and
/// ``RunStatistics/fixElapsedTime`` keeps the span of the fixes beside it.
public struct RunSummary: Sendable, RouteFigures {
    /// The cleaned run.
    public var cleaned: CleanedRun
    /// Its statistics; ``RunStatistics/averageSpeed`` is the one speed shown.
    public var statistics: RunStatistics
    /// Why the speed is not trusted for medals, or nil when it is.
    public var timingProblem: TimingProblem?
    /// The spike limit the cleaner used (m/s), which is also the plausibility limit of the speed.
    public var maximumSpeed: Double
    /// Whether the run has a route, and its records.
    public var route: RouteStatus
    /// The device's totals that its activity can have (nil when it gave none).
    public var device: DeviceTotals?

    /// Cleans and measures `tracks`: activity from `activityType`, else the tracks' own type;
    /// spikes above `maximumSpeed` m/s, else the activity's limit; `fileTime` is the file's own
    /// time (``TrackDocument/time``), if known; `device` the device's own totals, if any.
    public init(
        tracks: [Track], activityType: String? = nil, maximumSpeed: Double? = nil, fileTime: Double? = nil,
        device: DeviceTotals? = nil, options: AnalysisOptions = AnalysisOptions()
    ) {
        let activity = ActivityKind(typeString: activityType ?? tracks.lazy.compactMap(\.activityType).first)
        let cleaning = CleaningOptions(activity: activity, maximumSpeed: maximumSpeed)
        let clock = RunTiming.clockProblem(tracks: tracks, fileTime: fileTime)
        let usable = clock == nil ? tracks : RunTiming.withoutTimes(tracks)
        cleaned = TrackCleaner(options: cleaning).clean(tracks: usable)
        statistics = RunStatistics(cleaned, options: options)
        self.maximumSpeed = cleaning.maximumSpeed
        route = RouteStatus(cleaned: cleaned, tracks: tracks)
        if route.isRouteless, let recording = route.recording {
            statistics = Self.routeless(recording, activity: activity)
        }
        self.device = device?.bounded(activity: activity, span: statistics.fixElapsedTime).totals
        if let elapsed = self.device?.elapsedTime { statistics.elapsedTime = elapsed }
        if route.isRouteless {
            timingProblem = .noRoute
            return
        }
        timingProblem =
            clock ?? RunTiming.rankingProblem(statistics, maximumSpeed: cleaning.maximumSpeed)
            ?? RunTiming.vehicleProblem(cleaned)
    }

    /// The statistics of a run without a route, from its records: no distance of Nearby's own, no
    /// moving time, no speed and no elevation. The device's distance counts only when `activity`
    /// can cover it in the time the records span.
    static func routeless(_ recording: RecordSummary, activity: ActivityKind) -> RunStatistics {
        var statistics = RunStatistics(CleanedRun(segments: [], activity: activity))
        statistics.startTime = recording.firstTime
        statistics.elapsedTime = recording.elapsedTime
        statistics.fixElapsedTime = recording.elapsedTime
        statistics.timedFixes = 0
        if let distance = recording.distance, distance > 0,
            DeviceTotals.distanceProblem(distance, activity: activity, time: nil, span: recording.elapsedTime) == nil
        {
            statistics.distance = distance
        }
        return statistics
    }

    /// The speed medals compare (m/s): ``RunStatistics/averageSpeed`` when the timing is trusted
    /// and the activity earns MoonRunner's badges (``ActivityKind/earnsRunningBadges``).
    public var rankingSpeed: Double? {
        timingProblem == nil && earnsRunningBadges ? statistics.averageSpeed : nil
    }

    /// Whether the run takes part in the badges and medals: a run on foot, or a track that names
    /// no activity (``ActivityKind/earnsRunningBadges``).
    public var earnsRunningBadges: Bool { cleaned.activity.earnsRunningBadges }
}
