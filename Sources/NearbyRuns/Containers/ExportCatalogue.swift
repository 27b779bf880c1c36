import NearbySystem
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

    /// Parses a whole catalogue of `kind` in memory (see ``CatalogueReading``).
    static func parse(
        _ bytes: UnsafeRawBufferPointer, kind: Kind, folder: String,
        budget: InputBudget = InputBudget(.exportCatalogue)
    ) throws(CatalogueError) -> ExportCatalogue {
        var reading = CatalogueReading(kind: kind, folder: folder, budget: budget)
        try reading.feed(bytes)
        return try reading.finish()
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

/// What a catalogue reader of one kind does with the header and the rows of a CSV catalogue.
protocol CatalogueBuilding {
    /// Chooses the columns kept (``CatalogueCSV/keep(_:)``) from the header.
    mutating func header(_ csv: inout CatalogueCSV)
    /// Why the header cannot be used, if it cannot.
    var headerProblem: CatalogueError? { get }
    /// One data row's kept cells.
    mutating func row(_ cells: [String?])
    /// The catalogue of the rows read.
    func catalogue() -> ExportCatalogue
}

/// The rows of a catalogue as they are read: by member path, all, and those without a file.
struct CatalogueRows {
    private var byMember: [String: ActivityMetadata] = [:]
    private var all: [ActivityMetadata] = []
    private var withoutFile: [ActivityMetadata] = []

    mutating func add(_ metadata: ActivityMetadata, file: String?) {
        all.append(metadata)
        if let file {
            byMember[file] = byMember[file] ?? metadata
        } else {
            withoutFile.append(metadata)
        }
    }

    func catalogue(_ kind: ExportCatalogue.Kind) -> ExportCatalogue {
        ExportCatalogue(kind: kind, byMember: byMember, all: all, withoutFile: withoutFile)
    }
}

/// One catalogue member read a chunk at a time, every byte, row and kept byte charged to the
/// archive's ``InputBudget``: CSV catalogues (Strava, Runkeeper) through ``CatalogueCSV``,
/// keeping only their columns; Garmin's JSON through ``GarminCatalogue``'s streaming scanner.
struct CatalogueReading {
    let kind: ExportCatalogue.Kind
    private var csv: CatalogueCSV
    private var builder: any CatalogueBuilding
    private var garmin: GarminCatalogue?

    init(kind: ExportCatalogue.Kind, folder: String, budget: InputBudget) {
        self.kind = kind
        csv = CatalogueCSV(budget: budget)
        garmin = kind == .garmin ? GarminCatalogue(budget: budget) : nil
        builder = kind == .runkeeper ? RunkeeperCatalogue(folder: folder) : StravaCatalogue(folder: folder)
    }

    /// The budget as spent so far (the archive's next catalogue goes on from it).
    var budget: InputBudget { garmin?.spent ?? csv.spent }

    /// Reads the next part of the catalogue.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(CatalogueError) {
        if garmin != nil {
            try garmin?.feed(bytes)
            return
        }
        var builder = self.builder
        defer { self.builder = builder }
        do {
            try csv.feed(bytes, onHeader: { builder.header(&$0) }, onRow: { builder.row($0) })
        } catch {
            throw CatalogueError(reason: error.reason)
        }
        if let problem = builder.headerProblem { throw problem }
    }

    /// The catalogue, once every part is read.
    mutating func finish() throws(CatalogueError) -> ExportCatalogue {
        if var garmin {
            defer { self.garmin = garmin }
            return try garmin.finish()
        }
        var builder = self.builder
        do {
            try csv.finish(onHeader: { builder.header(&$0) }, onRow: { builder.row($0) })
        } catch {
            throw CatalogueError(reason: error.reason)
        }
        if let problem = builder.headerProblem { throw problem }
        return builder.catalogue()
    }
}
