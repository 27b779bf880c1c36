import NearbyRuns
import NearbyStore
import NearbyOutput
/// `nearby runs import FILE|FOLDER…`: one ``RunLibrary/importRuns(_:observe:)`` call, its events
/// rendered as they happen — one line on standard output per stored or recognised run, one
/// sentence on standard error per skipped file, warnings, and on a terminal a progress line —
/// then the closing count.
struct RunsImportCommand {
    let session: RunsSession

    static func run(_ context: CommandContext) throws(CLIError) {
        guard !context.arguments.positionals.isEmpty else { throw .usage("usage: nearby runs import FILE|FOLDER…") }
        let session = try RunsSession(context, access: .readWrite)
        let importer = RunsImportCommand(session: session)
        let paths = context.arguments.positionals.map {
            RunSourcePath(given: $0, path: context.environment.absolutePath($0))
        }
        let tally = try RunsSession.failing { () throws(RunLibraryError) in
            try session.library.importRuns(paths) { importer.render($0) }
        }
        importer.clearProgress()
        if tally.seen > 1 || tally.ignored > 0 || tally.manualActivities > 0 {
            context.note(summary(tally))
        }
        if tally.skipped > 0 {
            throw .failure(
                "\(tally.skipped) file\(tally.skipped == 1 ? "" : "s") could not be imported; the store is unchanged for them"
            )
        }
    }

    /// The closing count: imported, duplicates, skipped, and the non-activities passed over.
    static func summary(_ tally: RunImportTally) -> String {
        var text = "\(tally.imported) imported, \(tally.duplicates) already there, \(tally.skipped) skipped"
        if tally.ignored > 0 {
            text +=
                "; \(tally.ignored) file\(tally.ignored == 1 ? " that is not an activity was" : "s that are not activities were") ignored"
        }
        if tally.manualActivities > 0 {
            let count = tally.manualActivities
            text +=
                "; \(count) catalogue row\(count == 1 ? " names an activity" : "s name activities") without a file (entered by hand), so there is nothing to import for \(count == 1 ? "it" : "them")"
        }
        return text + "."
    }

    /// Shows one event of the import.
    func render(_ event: RunImportEvent) {
        let context = session.context
        switch event {
        case .reading(let path, let tally):
            progress(path, tally: tally)
        case .run(let outcome, let title):
            clearProgress()
            report(outcome, title: title)
        case .warning(let sentence):
            clearProgress()
            context.warn(sentence)
        case .skipped(let error):
            clearProgress()
            context.output.err("nearby: \(error.description)\n")
        }
    }

    /// One line on standard output for a stored or recognised run.
    func report(_ outcome: RunImportOutcome, title: String) {
        let output = session.context.output
        let units = session.units
        switch outcome {
        case .imported(let id, let run):
            var badge = run.bestBadge.map { ", badge \($0.name)" } ?? ""
            if let problem = run.timingProblem { badge += "; not ranked for medals: \(problem.reason)" }
            if !run.activity.earnsRunningBadges {
                badge = "; \(run.activity.rawValue): no running badges, they are for runs on foot"
            }
            output.out(
                "imported #\(id) \(title): \(RunFormatting.headline(run, activity: run.activity, units: units))\(badge)\n"
            )
            if let cut = run.cleaning.cutAt {
                session.context.warn(
                    "\(title) goes on past \(units.distance(cut, decimals: 0)), further than \(run.activity.noun) can; "
                        + "the \(run.cleaning.beyondLimit) fixes after that were left out")
            }
        case .duplicate(let id, let owner):
            if let owner {
                output.out("already imported as #\(id) by \(ControlText.escaped(owner)): \(title)\n")
            } else {
                output.out("already imported as #\(id): \(title)\n")
            }
        case .sameActivity(let id):
            output.out("already imported as #\(id) from another file (same start and route): \(title)\n")
        }
    }

    /// The progress line on a terminal: how many files so far and the one being read.
    func progress(_ path: String, tally: RunImportTally) {
        guard session.context.environment.stderrIsTerminal else { return }
        session.context.output.err("\r\u{1B}[2K[\(tally.seen)] \(tally.imported) imported, reading \(path)")
    }

    /// Clears the progress line before a message (nothing when standard error is not a terminal).
    func clearProgress() {
        guard session.context.environment.stderrIsTerminal else { return }
        session.context.output.err("\r\u{1B}[2K")
    }
}

extension RunsImportCommand {
    /// What `nearby runs import` takes, and its help.
    static let spec = CommandSpec(
        name: "runs import", summary: "import GPX, TCX and FIT files and export zips", arguments: "FILE|FOLDER…",
        details: """
            Reads GPX 1.0/1.1, TCX and FIT, each possibly gzipped, and the export zips of Strava,
            Garmin Connect and Runkeeper (named from their catalogues), by their first bytes; a
            skipped file is one sentence and makes the exit status 1. Runs are recorded as --athlete's
            (default: the login name); a file already stored by another athlete is named with theirs.
            A FIT session's figures that its sport cannot have (a distance beyond its fastest speed over
            its elapsed time) are dropped with a warning; a run longer than its activity can be (on foot
            1,000 km, rides 5,000 km) is cut there with a warning. Rides, swims and other activities are
            stored and earn no MoonRunner badge.
            """,
        options: [.maxSpeed, .badges, AthleteOption.athlete])
}
