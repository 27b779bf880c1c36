import Foundation
import NearbyBasics
import NearbyRuns
import NearbyStore

/// Imports what the user named — GPX, TCX and FIT files, gzips of them, export zips (Strava,
/// Garmin's zips of zips, Runkeeper) and folders of all these — one transaction per run.
///
/// Kinds are found by magic bytes (``ContainerReader``). One bad member never stops the rest: it
/// gets one sentence on standard error and counts as skipped. A FIT file with several sessions
/// becomes one run per session (``FITActivity/runDocuments``). A run from an export takes the
/// catalogue's name, type and (for a track without times) start time.
struct RunImporter {
    let session: RunsSession
    /// The store runs go to; nil only for reading a file without importing it.
    let store: RunStore?
    let containers = ContainerReader()
    let decoder = FITDecoder()

    /// What happened to one run.
    enum Outcome {
        case imported(Int64, RunAnalysis)
        /// The same file (content hash) is stored under this id.
        case duplicate(Int64)
        /// The same activity from another file (``RunStore``'s same-activity rule) is stored.
        case sameActivity(Int64)
    }

    /// The counts of the closing summary.
    struct Tally: Equatable {
        var imported = 0
        var duplicates = 0
        var skipped = 0
        /// Archive members that are not activities (settings, catalogues, pictures…).
        var ignored = 0
        /// Files and members looked at, for the progress line.
        var seen = 0
    }

    /// One run ready to store: its document, hash, the device's totals and where it came from.
    struct Candidate {
        var document: TrackDocument
        var hash: String
        var totals: DeviceTotals?
        var origin: Origin
    }

    /// What a run keeps of its source once the bytes are gone.
    struct Origin {
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

        /// How the source is named in messages: its file name, or its path inside the archive.
        var title: String { displayPath.contains("!") ? displayPath : fileName }
    }

    /// Reads and parses one GPX/TCX file the way an import does (``TrackReader/load(_:)``: regular
    /// files only, within the size limit, read once), or throws one sentence naming the file.
    static func read(_ path: String, reader: TrackReader) throws(CLIError) -> TrackDocument {
        do {
            return try reader.read(contentsOf: path)
        } catch {
            throw .failure(error.description)
        }
    }

    /// The names a folder walk picks up (contents are then checked by magic bytes).
    static let folderExtensions: Set<String> = ["gpx", "tcx", "fit", "gz", "zip"]

    /// The files under `paths` (folders are searched recursively for ``folderExtensions``), sorted.
    static func expand(_ paths: [String], environment: CommandEnvironment) throws(CLIError) -> [String] {
        var files: [String] = []
        for given in paths {
            let path = environment.absolutePath(given)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .failure("\(given) does not exist")
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

    /// Imports everything in the file at `path`, printing one line per run and one sentence per
    /// skipped file, and adding to `tally`.
    ///
    /// A source is decoded (and hashed) while its bytes are there; its runs are analysed and
    /// stored after the bytes are gone (at the next item, or once the file is closed), so a large
    /// track file and its points are never in memory together with the analysis.
    func importPath(_ path: String, tally: inout Tally) {
        let context = session.context
        var pending: [Candidate] = []
        containers.read(path: path) { item in
            storeAll(&pending, tally: &tally)
            tally.seen += 1
            switch item {
            case .source(var source):
                // The file itself (or its gzip): named as before, by its own last path component
                // (the output boundary escapes it), so `runs show NAME` finds it.
                if !source.displayPath.contains("!") { source.fileName = (path as NSString).lastPathComponent }
                progress(source.displayPath, tally: tally)
                pending = decodeSource(source, topLevel: path, tally: &tally)
            case .failed(let error):
                clearProgress()
                tally.skipped += 1
                context.output.err("nearby: \(error.description)\n")
            case .ignored:
                tally.ignored += 1
            }
        }
        storeAll(&pending, tally: &tally)
    }

    /// The runs of one activity file, or none (its sentence printed).
    func decodeSource(_ source: ActivitySource, topLevel: String, tally: inout Tally) -> [Candidate] {
        do {
            return try decode(source)
        } catch {
            clearProgress()
            if case .notAnActivity = error.fit, !topLevel.contains("!"), source.displayPath.contains("!") {
                tally.ignored += 1  // a Garmin export is mostly settings and monitoring files
            } else {
                tally.skipped += 1
                session.context.output.err("nearby: \(error.message)\n")
            }
            return []
        }
    }

    /// Analyses and stores the decoded runs, each in its own transaction, and empties the list.
    func storeAll(_ candidates: inout [Candidate], tally: inout Tally) {
        for candidate in candidates {
            do {
                let outcome = try store(candidate)
                clearProgress()
                report(outcome, title: candidate.origin.title, tally: &tally)
            } catch {
                clearProgress()
                tally.skipped += 1
                session.context.output.err("nearby: \(error.message)\n")
            }
        }
        candidates = []
    }

    /// Why a source could not be decoded: a sentence, and the FIT error when it was one.
    struct DecodeFailure: Error {
        var message: String
        var fit: FITDecodeError?
    }

    /// The runs in one source: one for GPX/TCX, one per session for FIT (its warnings printed).
    func decode(_ source: ActivitySource) throws(DecodeFailure) -> [Candidate] {
        try Self.decode(source, session: session, decoder: decoder)
    }

    /// ``decode(_:)`` for a caller without a store (`runs show FILE`).
    static func decode(_ source: ActivitySource, session: RunsSession, decoder: FITDecoder) throws(DecodeFailure)
        -> [Candidate]
    {
        var digest = SHA256()
        source.bytes.withUnsafeBytes { digest.update($0) }
        let hash = digest.hexDigest()
        let clearProgress = { RunImporter(session: session, store: nil).clearProgress() }
        switch source.format {
        case .xml:
            let result = source.bytes.withUnsafeBytes { raw in
                Result { () throws(TrackReadError) -> TrackDocument in
                    try session.reader.read(raw, fileName: source.title)
                }
            }
            switch result {
            case .success(let document):
                if document.outOfRange.sentence != nil { clearProgress() }
                session.warnOutOfRange(document.outOfRange, file: source.title)
                return [Candidate(document: document, hash: hash, totals: nil, origin: Origin(source))]
            case .failure(let error):
                throw DecodeFailure(message: error.description)
            }
        case .fit:
            let result = source.bytes.withUnsafeBytes { raw in
                Result { () throws(FITDecodeError) -> FITActivity in
                    try decoder.decode(raw, fileName: source.title)
                }
            }
            switch result {
            case .success(let activity):
                if !activity.warnings.isEmpty || activity.document.outOfRange.sentence != nil { clearProgress() }
                for warning in activity.warnings {
                    session.context.warn("\(source.title): \(warning.description)")
                }
                session.warnOutOfRange(activity.document.outOfRange, file: source.title)
                return zip(activity.runDocuments, activity.sessions).enumerated().map { index, pair in
                    Candidate(
                        document: pair.0, hash: index == 0 ? hash : Self.sessionHash(digest, index: index),
                        totals: Self.totals(pair.1), origin: Origin(source))
                }
            case .failure(let error):
                throw DecodeFailure(message: error.description, fit: error)
            }
        }
    }

    /// The content hash of session `index` > 0 of a multisport file: SHA-256 of the file's digest
    /// and the session number, so each session is a run of its own and re-importing finds them all.
    static func sessionHash(_ file: SHA256, index: Int) -> String {
        var digest = SHA256()
        digest.update(file.finalize())
        digest.update(Array("session \(index)".utf8))
        return digest.hexDigest()
    }

    /// The device's totals of a session the device wrote (none for a synthesized one).
    static func totals(_ session: FITSession) -> DeviceTotals? {
        guard !session.isSynthesized else { return nil }
        let totals = DeviceTotals(
            distance: session.totalDistance, timerTime: session.totalTimerTime, elapsedTime: session.totalElapsedTime)
        return totals.isEmpty ? nil : totals
    }

    /// Analyses and stores one run in one transaction.
    func store(_ candidate: Candidate) throws(CLIError) -> Outcome {
        let source = candidate.origin
        let document = candidate.document
        let trackType = document.tracks.lazy.compactMap(\.activityType).first
        var metadata = source.metadata
        // The export's own type ("Run") rather than the file's (Strava's GPX says "9"), as stored.
        var type = metadata?.type ?? trackType
        var analysis = session.analyse(document.tracks, activityType: type, fileTime: document.time)
        if metadata == nil, let start = analysis.statistics.startTime,
            let found = source.catalogue?.metadata(near: start)
        {
            metadata = found  // Garmin's catalogue names no files: matched by start time
            if let foundType = found.type, foundType != type {
                type = foundType
                analysis = session.analyse(document.tracks, activityType: type, fileTime: document.time)
            }
        }
        let start = analysis.statistics.startTime
        if let problem = analysis.route.importProblem {  // a run without a route but with timed records is kept
            throw .failure("\(source.title) \(problem.description); nothing was imported")
        }
        let record = RunRecord(
            contentHash: candidate.hash, sourceName: source.fileName,
            name: metadata?.name ?? document.name ?? document.tracks.lazy.compactMap(\.name).first,
            activityType: type, startTime: start ?? metadata?.startTime,
            distance: analysis.statistics.distance, elapsedTime: analysis.statistics.elapsedTime ?? 0,
            movingTime: analysis.statistics.movingTime, fileTime: document.time,
            segments: document.tracks.flatMap(\.segments),
            sourcePath: source.displayPath.contains("!") ? source.displayPath : nil, deviceTotals: candidate.totals)
        guard let store else { throw .failure("\(source.title): there is no run database to import into") }
        do {
            switch try store.importRun(record) {
            case .inserted(let id): return .imported(id, analysis)
            case .duplicate(let id): return .duplicate(id)
            case .sameActivity(let id): return .sameActivity(id)
            }
        } catch {
            throw .failure("\(source.title): \(error.description); nothing was imported")
        }
    }

    /// One line on standard output for a stored or recognised run.
    func report(_ outcome: Outcome, title: String, tally: inout Tally) {
        let output = session.context.output
        switch outcome {
        case .imported(let id, let analysis):
            tally.imported += 1
            var badge = analysis.bestBadge.map { ", badge \($0.name)" } ?? ""
            if let problem = analysis.timingProblem { badge += "; not ranked for medals: \(problem.reason)" }
            output.out(
                "imported #\(id) \(title): \(RunFormatting.headline(analysis, units: session.units))\(badge)\n"
            )
        case .duplicate(let id):
            tally.duplicates += 1
            output.out("already imported as #\(id): \(title)\n")
        case .sameActivity(let id):
            tally.duplicates += 1
            output.out("already imported as #\(id) from another file (same start and route): \(title)\n")
        }
    }

    /// The progress line on a terminal: how many files so far and the one being read.
    func progress(_ path: String, tally: Tally) {
        guard session.context.environment.stderrIsTerminal else { return }
        session.context.output.err("\r\u{1B}[2K[\(tally.seen)] \(tally.imported) imported, reading \(path)")
    }

    /// Clears the progress line before a message (nothing when standard error is not a terminal).
    func clearProgress() {
        guard session.context.environment.stderrIsTerminal else { return }
        session.context.output.err("\r\u{1B}[2K")
    }
}

extension ActivitySource {
    /// How the source is named in messages (see ``RunImporter/Origin/title``).
    fileprivate var title: String { RunImporter.Origin(self).title }
}
