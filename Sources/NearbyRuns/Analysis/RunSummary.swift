/// A run's figures and its one speed, computed in one place for every command that shows a run
/// (`runs show`, `runs list`, `badges`), so a run has the same speed wherever it appears.
///
/// The tracks are checked by ``RunTiming``: a faulty clock makes the run untimed before cleaning;
/// a run without enough timing keeps its figures but has no ``rankingSpeed``. A run without a
/// route (``RouteStatus``: an indoor recording) is measured from its records: start and elapsed
/// time from the first and last record, ``RunStatistics/distance`` the device's distance (0 when
/// unknown: ``RouteFigures/knownDistance``), no moving time and no speed.
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

    /// Cleans and measures `tracks`: activity from `activityType`, else the tracks' own type;
    /// spikes above `maximumSpeed` m/s, else the activity's limit; `fileTime` is the file's own
    /// time (``TrackDocument/time``), if known.
    public init(
        tracks: [Track], activityType: String? = nil, maximumSpeed: Double? = nil, fileTime: Double? = nil,
        options: AnalysisOptions = AnalysisOptions()
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
            statistics = Self.routeless(recording)
            timingProblem = .noRoute
            return
        }
        timingProblem =
            clock ?? RunTiming.rankingProblem(statistics, maximumSpeed: cleaning.maximumSpeed)
            ?? RunTiming.vehicleProblem(cleaned)
    }

    /// The statistics of a run without a route, from its records: no distance of Nearby's own, no
    /// moving time, no speed and no elevation.
    static func routeless(_ recording: RecordSummary) -> RunStatistics {
        var statistics = RunStatistics(CleanedRun(segments: [], activity: .unknown))
        statistics.startTime = recording.firstTime
        statistics.elapsedTime = recording.elapsedTime
        statistics.timedFixes = 0
        if let distance = recording.distance, distance > 0 { statistics.distance = distance }
        return statistics
    }

    /// The speed medals compare (m/s): ``RunStatistics/averageSpeed`` when the timing is trusted.
    public var rankingSpeed: Double? { timingProblem == nil ? statistics.averageSpeed : nil }
}
