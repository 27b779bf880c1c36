import Foundation
import NearbyGeo
import NearbyRuns

/// The runs use cases, the counterpart of NearbyFeeds' `PlaceLibrary`: import what the user named
/// (``importRuns(_:observe:)``), resolve a run reference to a stored run or a track file
/// (``resolve(_:)``), list and delete runs, over any ``RunStoring``.
///
/// It returns values (outcomes, warnings, a tally, sentences as ``RunLibraryError``) and never
/// prints; progress and per-run outcomes of a long import arrive through the `observe` closure of
/// ``importRuns(_:observe:)`` as they happen. The store is opened on first use, so reading a file
/// directly (`runs show FILE`) never touches or creates a database. Owns its store, so it is not
/// `Sendable`: make one per command.
public final class RunLibrary {
    /// How runs are analysed.
    public let settings: RunAnalysisSettings
    /// Reads GPX and TCX (size limit, regular files only).
    public let reader: TrackReader
    /// Finds the activity files in gzips, zips and export archives.
    public let containers: ContainerReader
    /// Decodes FIT files.
    public let decoder: FITDecoder
    /// Whose runs ``listRuns()``, ``storedRun(_:)`` and ``deleteRun(_:)`` look among: the store's
    /// own athlete (the default) or every athlete (`--all`). Ids are store-wide either way.
    public var scope: AthleteScope = .own
    private let openStore: () throws(RunStoreError) -> any RunStoring
    private var opened: (any RunStoring)?

    /// A library over the store `openStore` opens on first use (at most once).
    public init(
        settings: RunAnalysisSettings, reader: TrackReader = TrackReader(),
        containers: ContainerReader = ContainerReader(), decoder: FITDecoder = FITDecoder(),
        store openStore: @escaping () throws(RunStoreError) -> any RunStoring
    ) {
        self.settings = settings
        self.reader = reader
        self.containers = containers
        self.decoder = decoder
        self.openStore = openStore
    }

    /// A library over a store that is already open.
    public convenience init(settings: RunAnalysisSettings, store: any RunStoring) {
        self.init(settings: settings, store: { () throws(RunStoreError) -> any RunStoring in store })
    }

    /// The store, opened now if it was not yet.
    public func store() throws(RunLibraryError) -> any RunStoring {
        if let opened { return opened }
        do {
            let store = try openStore()
            opened = store
            return store
        } catch {
            throw .store(error)
        }
    }

    /// Runs `body` on the store, turning its errors into ``RunLibraryError/store(_:)``.
    func withStore<T>(_ body: (any RunStoring) throws(RunStoreError) -> T) throws(RunLibraryError) -> T {
        let store = try store()
        do {
            return try body(store)
        } catch {
            throw .store(error)
        }
    }

    // MARK: Stored runs

    /// A stored run with its figures, as `runs list` and `badges` show it.
    public struct ListedRun: Sendable {
        public var run: StoredRun
        public var summary: RunSummary
    }

    /// The stored runs in ``scope``, chronologically, each with its figures (``RunSummary``).
    public func listRuns() throws(RunLibraryError) -> [ListedRun] {
        let runs = try withStore { store throws(RunStoreError) in try store.runs(scope) }
        let summaries = try summaries(of: runs)
        return zip(runs, summaries).map { ListedRun(run: $0, summary: $1) }
    }

    /// The figures and the one speed of each stored run, in the order given.
    public func summaries(of runs: [StoredRun]) throws(RunLibraryError) -> [RunSummary] {
        var result: [RunSummary] = []
        result.reserveCapacity(runs.count)
        for run in runs {
            let track = try storedTrack(run)
            result.append(
                settings.summary(
                    [track], activityType: run.activityType, fileTime: run.fileTime, device: run.deviceTotals))
        }
        return result
    }

    /// The stored run a reference names (id, hash prefix or file name), analysed.
    public func storedRun(_ reference: String) throws(RunLibraryError) -> (run: StoredRun, analysis: RunAnalysis) {
        let found = try storedRunWithTrack(reference)
        return (found.run, found.analysis)
    }

    /// ``storedRun(_:)`` with the track as it was stored (every point exactly as imported), read
    /// from the store once for both: what `runs export --format gpx` writes.
    public func storedRunWithTrack(_ reference: String) throws(RunLibraryError) -> (
        run: StoredRun, track: Track, analysis: RunAnalysis
    ) {
        let run = try withStore { store throws(RunStoreError) in try store.findRun(reference: reference, scope: scope) }
        let track = try storedTrack(run)
        return (
            run, track,
            settings.analyse([track], activityType: run.activityType, fileTime: run.fileTime, device: run.deviceTotals)
        )
    }

    /// The runs in ``scope`` that passed within `distance` metres of `point`, nearest pass first
    /// (``RunsNear``); the first `limit` of them when a limit is given.
    public func runsNear(_ point: Coordinate, within distance: Double, limit: Int? = nil) throws(RunLibraryError)
        -> [RunPass]
    {
        let passes = try withStore { store throws(RunStoreError) in
            try store.runsNear(point, within: distance, scope: scope)
        }
        guard let limit, passes.count > limit else { return passes }
        return Array(passes.prefix(max(0, limit)))
    }

    /// Deletes the run a reference names and returns what it was.
    public func deleteRun(_ reference: String) throws(RunLibraryError) -> StoredRun {
        try withStore { store throws(RunStoreError) in
            let run = try store.findRun(reference: reference, scope: scope)
            try store.deleteRun(id: run.id)
            return run
        }
    }

    /// A stored run's points as one track.
    private func storedTrack(_ run: StoredRun) throws(RunLibraryError) -> Track {
        let segments = try withStore { store throws(RunStoreError) in try store.segments(ofRun: run.id) }
        return Track(
            name: run.name, activityType: run.activityType, segments: segments, records: run.routelessRecords)
    }
}

@available(*, unavailable, message: "A RunLibrary owns its store's connection; make one per command.")
extension RunLibrary: Sendable {}
