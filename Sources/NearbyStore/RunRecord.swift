import NearbyRuns

/// A run to import: where it came from, its summary figures and its points.
public struct RunRecord: Sendable, Hashable {
    /// Hexadecimal digest of the source file's bytes (e.g. ``SHA256/hexDigest(of:)-([UInt8])``);
    /// two imports with the same hash are the same run. Stored lowercase.
    public var contentHash: String
    /// The source file's name (not its path).
    public var sourceName: String
    public var name: String?
    public var activityType: String?
    /// Start instant, seconds since 1970-01-01T00:00:00Z.
    public var startTime: Double?
    /// Metres.
    public var distance: Double
    /// Seconds from first to last fix.
    public var elapsedTime: Double
    /// Seconds spent moving.
    public var movingTime: Double
    /// The file's own time (``TrackDocument/time``), seconds since 1970, if it had one.
    public var fileTime: Double?
    public var segments: [TrackSegment]
    /// Where the file was found when it was inside an archive or a gzip
    /// (`export.zip!activities/1.fit.gz`); nil for a plain file.
    public var sourcePath: String?
    /// The recording device's own totals (a FIT session's), nil when the file has none.
    public var deviceTotals: DeviceTotals?

    public init(
        contentHash: String, sourceName: String, name: String? = nil, activityType: String? = nil,
        startTime: Double? = nil, distance: Double, elapsedTime: Double, movingTime: Double,
        fileTime: Double? = nil, segments: [TrackSegment], sourcePath: String? = nil,
        deviceTotals: DeviceTotals? = nil
    ) {
        self.sourcePath = sourcePath
        self.deviceTotals = deviceTotals
        self.fileTime = fileTime
        self.contentHash = contentHash
        self.sourceName = sourceName
        self.name = name
        self.activityType = activityType
        self.startTime = startTime
        self.distance = distance
        self.elapsedTime = elapsedTime
        self.movingTime = movingTime
        self.segments = segments
    }

    /// Number of points over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.points.count } }
}

/// The summary row of a stored run (its points are read with ``RunStore/segments(ofRun:)``).
public struct StoredRun: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// Whose run it is (the athlete the importing store was opened for; before SQLite schema
    /// version 5, whoever migrated the file).
    public var athlete: String
    /// Lowercase hexadecimal content hash.
    public var contentHash: String
    public var sourceName: String
    public var name: String?
    public var activityType: String?
    /// Seconds since 1970-01-01T00:00:00Z.
    public var startTime: Double?
    public var distance: Double
    public var elapsedTime: Double
    public var movingTime: Double
    public var pointCount: Int
    /// When it was imported, seconds since 1970-01-01T00:00:00Z, from the store's clock.
    public var importedAt: Double
    /// The file's own time, if it had one (nil for runs imported before schema version 3).
    public var fileTime: Double?
    /// Where in an archive the file was (nil for a plain file and before schema version 4).
    public var sourcePath: String?
    /// The device's own totals, if the file had them (nil before schema version 4).
    public var deviceTotals: DeviceTotals?

    public init(
        id: Int64, contentHash: String, sourceName: String, name: String?, activityType: String?,
        startTime: Double?, distance: Double, elapsedTime: Double, movingTime: Double,
        pointCount: Int, importedAt: Double, fileTime: Double? = nil, sourcePath: String? = nil,
        deviceTotals: DeviceTotals? = nil, athlete: String = ""
    ) {
        self.athlete = athlete
        self.sourcePath = sourcePath
        self.deviceTotals = deviceTotals
        self.fileTime = fileTime
        self.id = id
        self.contentHash = contentHash
        self.sourceName = sourceName
        self.name = name
        self.activityType = activityType
        self.startTime = startTime
        self.distance = distance
        self.elapsedTime = elapsedTime
        self.movingTime = movingTime
        self.pointCount = pointCount
        self.importedAt = importedAt
    }
}

/// What ``RunStore/importRun(_:)`` did.
public enum ImportResult: Sendable, Hashable {
    /// A new run was stored with this id.
    case inserted(Int64)
    /// A run with the same content hash was already stored under this id; nothing changed.
    case duplicate(Int64)
    /// The same activity from another file (see the store's same-activity rule: starts within
    /// 5 s, positions within 50 m at 20 common instants) is stored under this id; nothing changed.
    case sameActivity(Int64)

    /// The id of the run, new or existing.
    public var id: Int64 {
        switch self {
        case .inserted(let id), .duplicate(let id), .sameActivity(let id): id
        }
    }
}

extension StoredRun {
    /// For a run stored with fewer than two points (a run without a route: an indoor recording,
    /// perhaps with one stray fix), what its records gave — start, elapsed time, the device's
    /// distance (0 = unknown) — so it is analysed as it was imported (``RunSummary``,
    /// ``RouteStatus``); nil for a run with a route.
    public var routelessRecords: RecordSummary? {
        pointCount < 2 ? RecordSummary.stored(start: startTime, elapsed: elapsedTime, distance: distance) : nil
    }
}
