import Foundation
import NearbyRuns
import NearbyStore

/// The runs side of one command: the units, the badge catalogue and the ``RunLibrary`` over the
/// runs database (opened on first use).
struct RunsSession {
    let context: CommandContext
    let units: Units
    let catalogue: BadgeCatalogue
    /// `--max-speed M/S`: fixes implying a faster speed are spikes (default: the activity's limit).
    let maximumSpeed: Double?
    /// The runs use cases: import, resolving a reference, listing, deleting.
    let library: RunLibrary

    /// A session whose library opens the database for `access` when it first needs it: read-only
    /// by default (no write transaction, so reading works while another process writes and on a
    /// read-only file); `.readWrite` creates and migrates.
    init(_ context: CommandContext, access: RunStore.Access = .readOnly) throws(CLIError) {
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
        let path = context.paths.databasePath
        let clock = context.environment.clock
        library = RunLibrary(
            settings: RunAnalysisSettings(units: units, catalogue: catalogue, maximumSpeed: maximumSpeed),
            store: { () throws(RunStoreError) -> any RunStoring in
                try RunStore(path: path, access: access, now: { clock.secondsSince1970 })
            })
    }

    /// How the library analyses runs.
    var settings: RunAnalysisSettings { library.settings }

    /// Opens the runs database (for the commands that still use the store directly).
    func openStore(_ access: RunStore.Access = .readOnly) throws(CLIError) -> RunStore {
        let clock = context.environment.clock
        do {
            return try RunStore(path: context.paths.databasePath, access: access, now: { clock.secondsSince1970 })
        } catch {
            throw .failure(error.description)
        }
    }

    /// The figures and the one speed of each stored run (``RunSummary``), in the order given.
    func summaries(of runs: [StoredRun], store: RunStore) throws(CLIError) -> [RunSummary] {
        try Self.failing { () throws(RunLibraryError) in
            try RunLibrary(settings: settings, store: store).summaries(of: runs)
        }
    }

    /// A stored run by id, hash prefix or file name, with its analysis.
    func loadStored(_ reference: String, store: RunStore) throws(CLIError) -> (StoredRun, RunAnalysis) {
        try Self.failing { () throws(RunLibraryError) in
            try RunLibrary(settings: settings, store: store).storedRun(reference)
        }
    }

    /// The badge catalogue: `--badges ID`, else `NEARBY_BADGES`, else `badges` (see ``BadgeCatalogueOption``).
    static func loadCatalogue(_ context: CommandContext) throws(CLIError) -> BadgeCatalogue {
        try BadgeCatalogueOption.catalogue(context)
    }

    /// A run named on the command line: a track file — GPX, TCX, FIT, a gzip of one, or the first
    /// activity of a zip — analysed without importing, or a stored run.
    func resolve(_ reference: String) throws(CLIError) -> (title: String, analysis: RunAnalysis) {
        let found = try resolveRun(reference)
        return (found.title, found.analysis)
    }

    /// ``resolve(_:)``, with the stored run when the reference named one (for its device totals).
    /// The file's warnings are printed.
    func resolveRun(_ reference: String) throws(CLIError) -> (
        title: String, analysis: RunAnalysis, stored: StoredRun?
    ) {
        let path = context.environment.absolutePath(reference)
        let found = try Self.failing { () throws(RunLibraryError) in try library.resolve(reference, path: path) }
        for warning in found.warnings { context.warn(warning) }
        switch found.source {
        case .file(let title): return (title, found.analysis, nil)
        case .stored(let run): return (RunFormatting.title(run), found.analysis, run)
        }
    }

    /// Runs a library call, turning its error into the command's one sentence (exit code 1).
    static func failing<T>(_ body: () throws(RunLibraryError) -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch {
            throw .failure(error.description)
        }
    }

    /// Time zone for dates shown to the user: `TZ`, else the system's.
    var timeZone: TimeZone {
        context.environment.variables["TZ"].flatMap { TimeZone(identifier: $0) } ?? TimeZone.current
    }
}
