import Foundation
import NearbySystem
import NearbyRuns

extension RunLibrary {
    /// The names a folder walk picks up (contents are then checked by magic bytes).
    public static let folderExtensions: Set<String> = ["gpx", "tcx", "fit", "gz", "zip"]

    /// Imports what the user named — GPX, TCX and FIT files, gzips of them, export zips (Strava,
    /// Garmin's zips of zips, Runkeeper) and folders of all these — one transaction per run.
    ///
    /// Kinds are found by magic bytes (``ContainerReader``). One bad member never stops the rest:
    /// it is reported as ``RunImportEvent/skipped(_:)`` and counted. A FIT file with several
    /// sessions becomes one run per session. A run from an export takes the catalogue's name, type
    /// and (for a track without times) start time. `observe` hears every event as it happens.
    ///
    /// Throws only when nothing can start: a path is missing, the paths hold no track files, or
    /// the store cannot be opened.
    public func importRuns(_ paths: [RunSourcePath], observe: (RunImportEvent) -> Void = { _ in })
        throws(RunLibraryError) -> RunImportTally
    {
        let files = try Self.expand(paths)
        guard !files.isEmpty else { throw .noTrackFiles(paths.map(\.given)) }
        let store = try store()
        var tally = RunImportTally()
        for file in files { importFile(file, into: store, tally: &tally, observe: observe) }
        return tally
    }

    /// The files under `paths` (folders are searched recursively for ``folderExtensions``), sorted.
    static func expand(_ paths: [RunSourcePath]) throws(RunLibraryError) -> [String] {
        var files: [String] = []
        for given in paths {
            let path = given.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .missing(given.given)
            }
            if isDirectory.boolValue {
                let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { folderExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                    .sorted()
                files += found.map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Imports everything in the file at `path`.
    ///
    /// A source is decoded (and hashed) while its bytes are there; its runs are analysed and
    /// stored after the bytes are gone (at the next item, or once the file is closed), so a large
    /// track file and its points are never in memory together with the analysis.
    func importFile(
        _ path: String, into store: any RunStoring, tally: inout RunImportTally, observe: (RunImportEvent) -> Void
    ) {
        var pending: [RunCandidate] = []
        containers.read(path: path) { (item: ContainerItem) -> Void in
            storeAll(&pending, into: store, tally: &tally, observe: observe)
            tally.seen += 1
            pending = candidates(of: item, topLevel: path, tally: &tally, observe: observe)
        }
        storeAll(&pending, into: store, tally: &tally, observe: observe)
    }

    /// The runs of one item of a file: decoded (and hashed) for an activity source, none for a
    /// member that failed (its sentence observed) or is not an activity.
    private func candidates(
        of item: ContainerItem, topLevel path: String, tally: inout RunImportTally, observe: (RunImportEvent) -> Void
    ) -> [RunCandidate] {
        switch item {
        case .source(var source):
            // The file itself (or its gzip): named by its own last path component, so
            // `runs show NAME` finds it.
            if !source.displayPath.contains("!") { source.fileName = (path as NSString).lastPathComponent }
            observe(.reading(source.displayPath, tally))
            do throws(RunLibraryError) {
                return try decode(source) { observe(.warning($0)) }
            } catch {
                if case .fit(.notAnActivity) = error, !path.contains("!"), source.displayPath.contains("!") {
                    tally.ignored += 1  // a Garmin export is mostly settings and monitoring files
                } else {
                    tally.skipped += 1
                    observe(.skipped(error))
                }
                return []
            }
        case .failed(let error):
            tally.skipped += 1
            observe(.skipped(.container(error)))
            return []
        case .ignored:
            tally.ignored += 1
            return []
        case .manualActivities(_, let count):
            tally.manualActivities += count
            return []
        }
    }

    /// Analyses and stores the decoded runs of one source, each in its own transaction, and
    /// empties the list. A source whose runs fail is one skipped file and one sentence, however
    /// many of its sessions failed.
    private func storeAll(
        _ candidates: inout [RunCandidate], into store: any RunStoring, tally: inout RunImportTally,
        observe: (RunImportEvent) -> Void
    ) {
        var failures: [RunLibraryError] = []
        for candidate in candidates {
            do {
                let outcome = try self.store(candidate, into: store)
                switch outcome {
                case .imported: tally.imported += 1
                case .duplicate, .sameActivity: tally.duplicates += 1
                }
                observe(.run(outcome, title: candidate.origin.title))
            } catch {
                failures.append(error)
            }
        }
        if let first = failures.first, let title = candidates.first?.origin.title {
            tally.skipped += 1
            observe(
                .skipped(
                    failures.count == 1
                        ? first
                        : .sessionsNotImported(
                            title: title, failed: failures.count, total: candidates.count, first: first)
                ))
        }
        candidates = []
    }

    /// Analyses and stores one run in one transaction.
    private func store(_ candidate: RunCandidate, into store: any RunStoring) throws(RunLibraryError)
        -> RunImportOutcome
    {
        let source = candidate.origin
        let document = candidate.document
        let trackType = document.tracks.lazy.compactMap(\.activityType).first
        var metadata = source.metadata
        // The export's own type ("Run") rather than the file's (Strava's GPX says "9"), as stored.
        var type = metadata?.type ?? trackType
        // The points are packed for the store on a second core while the run is analysed.
        let segments = document.tracks.flatMap(\.segments)
        let packing = SideTask { PackedSegment.pack(segments) }
        // Only the figures the outcome reports: splits, best efforts and checkpoints are computed
        // when a run is shown, not on import.
        var summary = settings.summary(
            document.tracks, activityType: type, fileTime: document.time, device: candidate.totals)
        if metadata == nil, let start = summary.statistics.startTime,
            let found = source.catalogue?.metadata(near: start)
        {
            metadata = found  // Garmin's catalogue names no files: matched by start time
            if let foundType = found.type, foundType != type {
                type = foundType
                summary = settings.summary(
                    document.tracks, activityType: type, fileTime: document.time, device: candidate.totals)
            }
        }
        // A run without a route but with timed records (indoor) is kept; see ``RouteStatus``.
        if let problem = summary.route.importProblem { throw .unstorable(title: source.title, problem) }
        let statistics = summary.statistics
        // A streamed file's hash was finished on the hashing thread while the run was analysed.
        guard let contentHash = candidate.hash.hexDigest() else {
            throw .track(.unreadable(file: source.title, reason: "it changed while it was read"))
        }
        let record = RunRecord(
            contentHash: contentHash, sourceName: source.fileName,
            name: metadata?.name ?? document.name ?? document.tracks.lazy.compactMap(\.name).first,
            activityType: type, startTime: statistics.startTime ?? metadata?.startTime,
            distance: statistics.distance, elapsedTime: statistics.fixElapsedTime ?? 0,
            movingTime: statistics.movingTime, fileTime: document.time,
            segments: segments,
            sourcePath: source.isMember ? source.displayPath : nil, deviceTotals: candidate.totals)
        let earns = summary.earnsRunningBadges && statistics.distance > 0
        let imported = ImportedRun(
            statistics: statistics, route: summary.route, timingProblem: summary.timingProblem,
            bestBadge: earns ? settings.catalogue?.best(for: statistics.distance) : nil,
            activity: summary.cleaned.activity, cleaning: summary.cleaned.report)
        do {
            switch try store.importRun(record, packed: packing.value()) {
            case .inserted(let id): return .imported(id, imported)
            case .duplicate(let id):
                let owner = (try? store.run(id: id))??.athlete
                return .duplicate(id, owner: owner == store.athlete ? nil : owner)
            case .sameActivity(let id): return .sameActivity(id)
            }
        } catch {
            throw .notStored(title: source.title, error)
        }
    }
}
