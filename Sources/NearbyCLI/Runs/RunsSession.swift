import Foundation
import NearbySystem
import NearbyPostgres
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
    /// Whose runs: `--athlete NAME`, else the login name (``AthleteOption``); imports record it.
    let athlete: String
    /// `--all`: every athlete's runs in listings and references; else ``athlete``'s.
    let scope: AthleteScope

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
        let database = context.paths.databasePath
        let clock = context.environment.clock
        let athlete = try AthleteOption.athlete(context)
        self.athlete = athlete
        scope = try AthleteOption.scope(context)
        library = RunLibrary(
            settings: RunAnalysisSettings(units: units, catalogue: catalogue, maximumSpeed: maximumSpeed),
            store: { () throws(RunStoreError) -> any RunStoring in
                try Self.openStore(database, access: access, athlete: athlete, clock: clock)
            })
        library.scope = scope
    }

    /// How the library analyses runs.
    var settings: RunAnalysisSettings { library.settings }

    /// The store `database` names: a PostgreSQL URL (`postgresql://`, `postgres://`; libpq's
    /// conventions for passwords, `sslmode` and `~/.pgpass`) opens ``PostgresRunStore`` in the
    /// `nearby` schema, anything else is a SQLite file. A URL is never taken for a file name.
    /// Either is opened for `athlete`; for `.readOnly` neither writes (PostgreSQL then needs a
    /// current schema and SELECT only).
    static func openStore(_ database: String, access: RunStore.Access, athlete: String, clock: WallClock)
        throws(RunStoreError) -> any RunStoring
    {
        guard PostgresURL.isURL(database) else {
            return try RunStore(path: database, access: access, athlete: athlete, now: { clock.secondsSince1970 })
        }
        let url: PostgresURL
        do {
            url = try PostgresURL(database)
        } catch {
            throw .backend(error.description)
        }
        return try PostgresRunStore(url: url, access: access, athlete: athlete, now: { clock.secondsSince1970 })
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
