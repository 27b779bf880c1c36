import NearbyRuns

/// A file or folder the user named: the words as typed (for messages) and where it is.
public struct RunSourcePath: Sendable, Hashable {
    /// As the user typed it.
    public var given: String
    /// The absolute path.
    public var path: String

    public init(given: String, path: String) {
        self.given = given
        self.path = path
    }
}

/// The figures of a run just imported, as the import reports them.
public struct ImportedRun: RouteFigures, Sendable {
    /// Distance, times, speed (``RunSummary``'s, the same as `runs show` gives).
    public var statistics: RunStatistics
    /// Whether the run has a route (an indoor recording has none).
    public var route: RouteStatus
    /// Why the speed is not trusted for medals, or nil.
    public var timingProblem: TimingProblem?
    /// The best badge the run earns on its own, if any (none for a ride, a swim or another
    /// activity that is not on foot).
    public var bestBadge: Badge?
    /// The activity it was measured as.
    public var activity: ActivityKind
    /// What cleaning dropped (a run cut at its activity's longest distance says so).
    public var cleaning: CleaningReport
}

/// What an import did with one run.
public enum RunImportOutcome: Sendable {
    /// Stored under this id, with its figures.
    case imported(Int64, ImportedRun)
    /// The same file (content hash) is stored under this id; content hashes are store-wide, so
    /// `owner` names the other athlete whose copy it is (nil when it is the store's own athlete's,
    /// or cannot be read).
    case duplicate(Int64, owner: String?)
    /// The same activity from another file (the store's same-activity rule) is stored under this id.
    case sameActivity(Int64)
}

/// One thing an import reports while it works, in order.
public enum RunImportEvent: Sendable {
    /// A file or archive member is being read: its display path, and the counts so far (for a
    /// progress line).
    case reading(String, RunImportTally)
    /// A run was stored or recognised: what happened, and how its source is named
    /// (the file name, or `export.zip!activities/1.fit.gz` inside an archive).
    case run(RunImportOutcome, title: String)
    /// Something a file got wrong that did not stop its import, as one sentence naming the file.
    case warning(String)
    /// A file or member that was not imported (the store is unchanged for it).
    case skipped(RunLibraryError)
}

/// The counts of an import.
public struct RunImportTally: Sendable, Hashable {
    /// Runs stored.
    public var imported = 0
    /// Runs already stored (same file or same activity).
    public var duplicates = 0
    /// Files, members or runs that could not be imported.
    public var skipped = 0
    /// Archive members that are not activities (settings, catalogues, pictures…).
    public var ignored = 0
    /// Catalogue rows without a file (activities entered by hand): rows, not files.
    public var manualActivities = 0
    /// Files and members looked at.
    public var seen = 0

    public init() {}
}

/// One run ready to store: its document, content hash, the device's totals and its source.
struct RunCandidate: Sendable {
    var document: TrackDocument
    /// The source's SHA-256; a streamed file's may still be being computed while the run is analysed.
    var hash: ContentDigest
    var totals: DeviceTotals?
    var origin: RunOrigin
}

/// What a run keeps of its source once the bytes are gone.
struct RunOrigin: Sendable {
    var displayPath: String
    var fileName: String
    var metadata: ActivityMetadata?
    var catalogue: ExportCatalogue?

    init(_ source: ActivitySource) {
        displayPath = source.displayPath
        fileName = source.fileName
        metadata = source.metadata
        catalogue = source.catalogue
    }

    /// Whether it came from inside an archive (`export.zip!activities/1.fit.gz`).
    var isMember: Bool { displayPath.contains("!") }

    /// How the source is named in messages: its file name, or its path inside the archive.
    var title: String { isMember ? displayPath : fileName }
}
