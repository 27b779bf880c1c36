import NearbyGeo

/// A kept fix: a valid coordinate plus what the file said about it, and the distance covered
/// from the start of the run up to this fix.
public struct CleanedPoint: Sendable, Hashable {
    /// The validated position.
    public var coordinate: Coordinate
    /// Elevation in metres, if the file had one.
    public var elevation: Double?
    /// Seconds since 1970-01-01T00:00:00Z, if the file had a time.
    public var time: Double?
    /// Heart rate, beats per minute.
    public var heartRate: UInt16?
    /// Cadence as the device wrote it.
    public var cadence: UInt16?
    /// Metres from the start of the run: WGS84 geodesic lengths summed over the legs of each
    /// segment, never across the gap between segments.
    public var distance: Double

    /// A point with every field given.
    public init(
        coordinate: Coordinate, elevation: Double? = nil, time: Double? = nil,
        heartRate: UInt16? = nil, cadence: UInt16? = nil, distance: Double
    ) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.heartRate = heartRate
        self.cadence = cadence
        self.distance = distance
    }
}

/// An unbroken run of kept fixes. Never empty.
public struct CleanedSegment: Sendable, Hashable {
    /// The kept fixes, in file order.
    public var points: [CleanedPoint]

    /// Wraps points (callers keep them non-empty).
    public init(points: [CleanedPoint]) { self.points = points }

    /// Metres covered within this segment.
    public var distance: Double {
        guard let first = points.first, let last = points.last else { return 0 }
        return last.distance - first.distance
    }
}

/// The output of ``TrackCleaner``: segments of kept fixes with cumulative distances, the
/// activity kind used, and a report of what was dropped.
public struct CleanedRun: Sendable, Hashable {
    /// Non-empty segments in file order (tracks flattened, segments in order within each).
    public var segments: [CleanedSegment]
    /// The activity kind the cleaner used.
    public var activity: ActivityKind
    /// Counts of kept and dropped points.
    public var report: CleaningReport

    /// Wraps already-cleaned segments.
    public init(segments: [CleanedSegment], activity: ActivityKind, report: CleaningReport = CleaningReport()) {
        self.segments = segments
        self.activity = activity
        self.report = report
    }

    /// All kept points in order (segments concatenated).
    public var points: [CleanedPoint] { segments.flatMap(\.points) }

    /// Number of kept points, counted without flattening a copy of them (``points`` of a
    /// million-point run is a 60 MB array built by doubling).
    public var pointCount: Int { segments.reduce(0) { $0 + $1.points.count } }

    /// Total metres: the sum of the segments' distances.
    public var distance: Double { segments.last?.points.last?.distance ?? 0 }
}
