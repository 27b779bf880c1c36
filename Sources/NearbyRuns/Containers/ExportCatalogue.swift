/// What an export's catalogue says about one activity.
public struct ActivityMetadata: Sendable, Hashable {
    /// The activity's name (`Laufen Landal Park`).
    public var name: String?
    /// The activity type as the service wrote it (`Run`, `Walking`, `running`); see `ActivityKind(typeString:)`.
    public var type: String?
    /// Start time, seconds since 1970-01-01T00:00:00Z, when the catalogue gives it in UTC
    /// (Strava, Garmin).
    public var startTime: Double?
    /// Start time as local wall-clock seconds since 1970-01-01T00:00:00 (no zone), when the
    /// catalogue gives only that (Runkeeper); take the real start from the track.
    public var localStartTime: Double?
    /// The service's own id for the activity.
    public var activityID: String?
    /// The service's distance, metres (Strava's second `Distance`, Runkeeper's converted).
    public var distance: Double?
    /// The service's elapsed time, seconds.
    public var elapsedTime: Double?

    public init(
        name: String? = nil, type: String? = nil, startTime: Double? = nil, localStartTime: Double? = nil,
        activityID: String? = nil, distance: Double? = nil, elapsedTime: Double? = nil
    ) {
        self.name = name
        self.type = type
        self.startTime = startTime
        self.localStartTime = localStartTime
        self.activityID = activityID
        self.distance = distance
        self.elapsedTime = elapsedTime
    }
}

/// The activity list of a bulk export: Strava's `activities.csv`, Garmin's
/// `summarizedActivities.json` or Runkeeper's `cardioActivities.csv`.
public struct ExportCatalogue: Sendable, Hashable {
    /// Which service wrote it.
    public enum Kind: String, Sendable, Hashable {
        case strava, garmin, runkeeper

        /// The catalogue's file name, for messages.
        public var fileName: String {
            switch self {
            case .strava: return "activities.csv"
            case .garmin: return "summarizedActivities.json"
            case .runkeeper: return "cardioActivities.csv"
            }
        }
    }

    public var kind: Kind
    /// Activities by the archive member path of their file (`activities/123.fit.gz`).
    public var byMember: [String: ActivityMetadata]
    /// Activities with a UTC start time, sorted by it (for Garmin, whose files are not named).
    public var byStartTime: [ActivityMetadata]
    /// Rows that name no file (manual activities).
    public var withoutFile: [ActivityMetadata]

    init(kind: Kind, byMember: [String: ActivityMetadata], all: [ActivityMetadata], withoutFile: [ActivityMetadata]) {
        self.kind = kind
        self.byMember = byMember
        self.byStartTime = all.filter { $0.startTime != nil }.sorted { ($0.startTime ?? 0) < ($1.startTime ?? 0) }
        self.withoutFile = withoutFile
    }

    /// The activity whose UTC start is nearest `startTime`, within `tolerance` seconds (Garmin's
    /// summaries differ from their FIT files by seconds; 300 s is what garmin-grafana uses).
    public func metadata(near startTime: Double, tolerance: Double = 300) -> ActivityMetadata? {
        guard startTime.isFinite else { return nil }
        var best: ActivityMetadata?
        var bestGap = tolerance
        for candidate in byStartTime {
            guard let start = candidate.startTime else { continue }
            let gap = abs(start - startTime)
            if gap <= bestGap {
                best = candidate
                bestGap = gap
            }
        }
        return best
    }

    /// The file name a catalogue is recognised by (compared case-insensitively with the member's last component).
    static func kind(forFileName name: String) -> Kind? {
        let lower = name.lowercased()
        if lower == "activities.csv" { return .strava }
        if lower == "cardioactivities.csv" { return .runkeeper }
        if lower.hasSuffix("summarizedactivities.json") { return .garmin }
        return nil
    }

    /// Parses a catalogue of `kind`. `folder` is the catalogue's folder inside the archive
    /// (`""` at the root, `runkeeper-data-export-1/`), which member paths are relative to.
    static func parse(_ bytes: UnsafeRawBufferPointer, kind: Kind, folder: String) throws(CatalogueError)
        -> ExportCatalogue
    {
        switch kind {
        case .strava: return try StravaCatalogue.parse(bytes, folder: folder)
        case .runkeeper: return try RunkeeperCatalogue.parse(bytes, folder: folder)
        case .garmin: return try GarminCatalogue.parse(bytes)
        }
    }

    /// Adds another catalogue's activities (Garmin may split its summaries over several files).
    mutating func merge(_ other: ExportCatalogue) {
        byMember.merge(other.byMember) { first, _ in first }
        byStartTime = (byStartTime + other.byStartTime).sorted { ($0.startTime ?? 0) < ($1.startTime ?? 0) }
        withoutFile += other.withoutFile
    }
}

/// Why a catalogue could not be used; the text completes "could not be used as a catalogue: …".
struct CatalogueError: Error, Sendable, Hashable {
    var reason: String
}

extension CSVTable.ParseError {
    var reason: String {
        switch self {
        case .tooManyColumns: return "a line has more than \(CSVTable.maximumColumns) cells"
        case .unterminatedQuote: return "a quoted cell is never closed"
        case .empty: return "it has no header line"
        }
    }
}
