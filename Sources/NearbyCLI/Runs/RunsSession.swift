import Foundation
import NearbyRuns
import NearbyStore

/// The runs side of one command: the database, the badge catalogue and the units.
struct RunsSession {
    let context: CommandContext
    let units: Units
    let catalogue: BadgeCatalogue
    /// `--max-speed M/S`: fixes implying a faster speed are spikes (default: the activity's limit).
    let maximumSpeed: Double?
    /// Reads every track file, imported or shown directly, the same way (size limit, regular files only).
    let reader = TrackReader()

    /// The option runs commands take besides the global ones.
    static let options = OptionSpec(valued: ["max-speed", BadgeCatalogueOption.name])

    init(_ context: CommandContext) throws(CLIError) {
        self.context = context
        units = try UnitsOption.resolve(context)
        catalogue = try Self.loadCatalogue(context)
        if let text = context.arguments.value("max-speed") {
            guard let speed = NumericOptions.decimal(text.replacingOccurrences(of: "m/s", with: "")), speed > 0,
                speed.isFinite
            else {
                throw .usage("--max-speed needs a speed in metres per second, such as 12")
            }
            maximumSpeed = speed
        } else {
            maximumSpeed = nil
        }
    }

    /// Analyses tracks with the session's units, catalogue and spike limit.
    func analyse(_ tracks: [Track], activityType: String? = nil, fileTime: Double? = nil) -> RunAnalysis {
        RunAnalysis(
            tracks: tracks, activityType: activityType, maximumSpeed: maximumSpeed, fileTime: fileTime, units: units,
            catalogue: catalogue)
    }

    /// Opens the runs database: read-only by default (no write transaction, so reading works
    /// while another process writes and on a read-only file); `.readWrite` creates and migrates.
    func openStore(_ access: RunStore.Access = .readOnly) throws(CLIError) -> RunStore {
        let clock = context.environment.clock
        do {
            return try RunStore(path: context.paths.databasePath, access: access, now: { clock.secondsSince1970 })
        } catch {
            throw .failure(error.description)
        }
    }

    /// The figures and the one speed of each stored run (``RunSummary``, as `runs show` computes
    /// them), in the order given.
    func summaries(of runs: [StoredRun], store: RunStore) throws(CLIError) -> [RunSummary] {
        var result: [RunSummary] = []
        result.reserveCapacity(runs.count)
        for run in runs {
            do {
                let segments = try store.segments(ofRun: run.id)
                let track = Track(name: run.name, activityType: run.activityType, segments: segments)
                result.append(
                    RunSummary(
                        tracks: [track], activityType: run.activityType, maximumSpeed: maximumSpeed,
                        fileTime: run.fileTime))
            } catch {
                throw .failure(error.description)
            }
        }
        return result
    }

    /// Warns once about the values a reader or the cleaner dropped as physically impossible.
    func warnOutOfRange(_ counts: OutOfRangeCounts, file: String) {
        if let sentence = counts.sentence { context.warn("\(file): \(sentence)") }
    }

    /// The badge catalogue: `--badges ID`, else `NEARBY_BADGES`, else `badges` (see ``BadgeCatalogueOption``).
    static func loadCatalogue(_ context: CommandContext) throws(CLIError) -> BadgeCatalogue {
        try BadgeCatalogueOption.catalogue(context)
    }

    /// A stored run by id, hash prefix or file name, with its analysis.
    func loadStored(_ reference: String, store: RunStore) throws(CLIError) -> (StoredRun, RunAnalysis) {
        do {
            let run = try store.findRun(reference: reference)
            let segments = try store.segments(ofRun: run.id)
            let track = Track(name: run.name, activityType: run.activityType, segments: segments)
            return (run, analyse([track], activityType: run.activityType, fileTime: run.fileTime))
        } catch {
            throw .failure(error.description)
        }
    }

    /// A run named on the command line: a track file — GPX, TCX, FIT, a gzip of one, or the first
    /// activity of a zip — analysed without importing, or a stored run.
    func resolve(_ reference: String) throws(CLIError) -> (title: String, analysis: RunAnalysis) {
        let found = try resolveRun(reference)
        return (found.title, found.analysis)
    }

    /// ``resolve(_:)``, with the stored run when the reference named one (for its device totals).
    func resolveRun(_ reference: String) throws(CLIError) -> (
        title: String, analysis: RunAnalysis, stored: StoredRun?
    ) {
        let path = context.environment.absolutePath(reference)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            if let (title, document) = try RunImporter.firstRun(path, session: self) {
                return (title, analyse(document.tracks, fileTime: document.time), nil)
            }
            let document = try RunImporter.read(path, reader: reader)
            let name = (path as NSString).lastPathComponent
            warnOutOfRange(document.outOfRange, file: name)
            return (name, analyse(document.tracks, fileTime: document.time), nil)
        }
        let store = try openStore()
        let (run, analysis) = try loadStored(reference, store: store)
        return (RunFormatting.title(run), analysis, run)
    }

    /// Time zone for dates shown to the user: `TZ`, else the system's.
    var timeZone: TimeZone {
        context.environment.variables["TZ"].flatMap { TimeZone(identifier: $0) } ?? TimeZone.current
    }
}
