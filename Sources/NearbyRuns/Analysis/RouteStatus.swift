/// Why a run has no route to measure, draw, export or join with places.
///
/// Each case words itself as the end of a sentence that begins with the run's name:
/// "indoor.fit " + ``description``.
public enum RouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No positions (at most one), but records that span some time: an indoor ride on a trainer,
    /// a treadmill run, a watch without GPS. Such a run is measured from its records
    /// (``RecordSummary``) and can be stored; it has nothing to draw or join.
    case noRoute
    /// Positions, but fewer than two usable ones after cleaning (spikes, 0,0, pause markers).
    case tooFewPoints
    /// Neither positions nor records that span any time.
    case nothingRecorded

    public var description: String {
        switch self {
        case .noRoute: "has no route (indoor, or recorded without GPS)"
        case .tooFewPoints: "has no route: no track with at least two usable points"
        case .nothingRecorded: "has no route and no timed records"
        }
    }
}

/// Whether a run has a route, and what stands in for the route's figures when it has none.
///
/// The rule, in one place for every command:
/// - two or more fixes survive cleaning: a route (``problem`` is nil);
/// - otherwise, when the file recorded fewer than two positions and its records span some time
///   (``RecordSummary/elapsedTime`` > 0): a run without a route (``RouteError/noRoute``), measured
///   from its records — start and elapsed time from the first and last record, the device's
///   distance if it measured one, else the distance is unknown;
/// - otherwise ``RouteError/tooFewPoints`` (it recorded positions, cleaning left fewer than two)
///   or ``RouteError/nothingRecorded``.
///
/// Cleaning never turns a recorded route into a run without one: a track whose positions are all
/// dropped is "too few points", as before.
public struct RouteStatus: Sendable, Hashable {
    /// Why there is no route; nil when there is one.
    public var problem: RouteError?
    /// Every record of the run's tracks, with or without a position (nil when the reader keeps
    /// none besides the points, as for GPX).
    public var recording: RecordSummary?

    /// The status of a cleaned run read from `tracks`.
    public init(cleaned: CleanedRun, tracks: [Track]) {
        recording = RecordSummary.merged(tracks.compactMap(\.records))
        if cleaned.pointCount >= 2 {
            problem = nil
        } else if cleaned.report.inputPoints < 2, let elapsed = recording?.elapsedTime, elapsed > 0 {
            problem = .noRoute
        } else {
            problem = cleaned.report.inputPoints > 0 ? .tooFewPoints : .nothingRecorded
        }
    }

    /// True when the run has a route.
    public var hasRoute: Bool { problem == nil }

    /// True for a run without a route that is measured from its records (an indoor recording).
    public var isRouteless: Bool { problem == .noRoute }

    /// Why the run cannot be stored: nil for a route and for a run without one that has records
    /// spanning some time; ``RouteError/tooFewPoints`` or ``RouteError/nothingRecorded`` otherwise.
    public var importProblem: RouteError? { isRouteless ? nil : problem }

    /// Throws ``problem`` unless the run has a route: for what needs positions (checkpoints,
    /// places along the route, the map, exporting the track).
    public func requireRoute() throws(RouteError) {
        if let problem { throw problem }
    }
}

/// A run's figures with what is known and what is not, shared by ``RunSummary`` and
/// ``RunAnalysis``.
public protocol RouteFigures {
    /// The figures as measured (for a run without a route: from its records).
    var statistics: RunStatistics { get }
    /// Whether there is a route.
    var route: RouteStatus { get }
}

extension RouteFigures {
    /// The distance to show: Nearby's geodesic distance of a route; for a run without one the
    /// device's distance, nil when it measured none (unknown — never a 0 shown as if measured).
    public var knownDistance: Double? {
        guard route.isRouteless else { return statistics.distance }
        return statistics.distance > 0 ? statistics.distance : nil
    }

    /// Moving time, nil for a run without a route (no positions, no speed, so no moving time).
    public var knownMovingTime: Double? { route.isRouteless ? nil : statistics.movingTime }

    /// The time to show for the run: moving time along a route, else the elapsed time.
    public var shownTime: Double? { knownMovingTime ?? statistics.elapsedTime }
}
