import Foundation
import NearbyOutput
import NearbyRuns
import NearbyStore

/// `nearby runs list`: date, distance, time, pace and best badge of the athlete's stored runs
/// (`--athlete`, default the login name), or of every athlete's with `--all` (then with an athlete
/// column).
enum RunsListCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json, .csv])
        let session = try RunsSession(context)
        let kind = try activityFilter(context)
        let all = try RunsSession.failing { () throws(RunLibraryError) in try session.library.listRuns() }
        let listed = all.filter { kind == nil || $0.summary.cleaned.activity == kind }
        let runs = listed.map(\.run)
        let summaries = listed.map(\.summary)
        let units = session.units
        let zone = session.timeZone
        let everyone = session.scope == .all
        switch format {
        case .json:
            context.output.out(
                JSONOutput.array(
                    zip(runs, summaries).map { run, summary in
                        let stats = summary.statistics
                        var fields: [(String, JSONOutput)] = [
                            ("id", .integer(Int(run.id))),
                            ("name", .optional(run.name)),
                            ("source", .string(run.sourceName)),
                            ("source_path", .optional(run.sourcePath)),
                            ("activity", .optional(run.activityType)),
                            ("kind", .string(summary.cleaned.activity.rawValue)),
                            ("start", .optional(run.startTime.flatMap(CivilTime.iso))),
                            ("distance_m", .optional(summary.knownDistance.map { ($0 * 10).rounded() / 10 })),
                            ("elapsed_s", .optional(stats.elapsedTime.map { $0.rounded() })),
                            ("moving_s", .optional(summary.knownMovingTime?.rounded())),
                            ("average_speed_mps", .optional(stats.averageSpeed)),
                            ("ranked", .bool(summary.rankingSpeed != nil)),
                            ("timing_problem", .optional(summary.timingProblem?.reason)),
                            ("points", .integer(run.pointCount)),
                            (
                                "best_badge",
                                .optional(
                                    summary.earnsRunningBadges && stats.distance > 0
                                        ? session.catalogue.best(for: stats.distance).name : nil)
                            ),
                            ("hash", .string(run.contentHash)),
                        ]
                        if everyone { fields.insert(("athlete", .string(run.athlete)), at: 1) }
                        return .object(fields)
                    }
                ).rendered())
        case .csv:
            var header: [String] = ["id", "start", "name", "distance_m", "moving_s", "elapsed_s", "best_badge"]
            if everyone { header.insert("athlete", at: 1) }
            var text = CSVWriter.record(header)
            for (run, summary) in zip(runs, summaries) {
                let stats = summary.statistics
                var record: [String] =
                    [
                        String(run.id), run.startTime.flatMap(CivilTime.iso) ?? "", run.name ?? run.sourceName,
                    ] + RunFormatting.csvFigures(summary) + [
                        // Whole seconds rounded as JSON and the table round them (240.5 → 241).
                        stats.elapsedTime.map { Formatting.number($0.rounded(), digits: 0) } ?? "",
                        RunFormatting.badge(
                            for: summary, earns: summary.earnsRunningBadges, catalogue: session.catalogue),
                    ]
                if everyone { record.insert(run.athlete, at: 1) }
                text += CSVWriter.record(record)
            }
            context.output.out(text)
        default:
            let shift = everyone ? 1 : 0
            var headers: [String] = ["ID", "DATE", "NAME", "DISTANCE", "TIME", "PACE", "BEST BADGE"]
            if everyone { headers.insert("ATHLETE", at: 2) }
            var table = Table(headers: headers, rightAligned: [0, 3 + shift, 4 + shift, 5 + shift])
            var starred = false
            for (run, summary) in zip(runs, summaries) {
                let stats = summary.statistics
                let pace = RunFormatting.pace(stats.averageSpeed, activity: summary.cleaned.activity, units: units)
                // A run without a speed (no route) shows no pace to star, nor does one that takes no
                // part in medals (a ride).
                let star = summary.timingProblem != nil && summary.earnsRunningBadges && pace != "–"
                starred = starred || star
                var row: [String] = [
                    String(run.id), RunFormatting.date(run.startTime, zone: zone), run.name ?? run.sourceName,
                    RunFormatting.distance(summary, units: units), RunFormatting.time(summary),
                    star ? pace + " *" : pace,
                    RunFormatting.badge(for: summary, earns: summary.earnsRunningBadges, catalogue: session.catalogue),
                ]
                if everyone { row.insert(run.athlete, at: 2) }
                table.add(row)
            }
            context.output.out(table.render(style: context.style))
            if runs.isEmpty, let kind {
                context.note("No \(kind.rawValue) activities among \(all.count) run\(all.count == 1 ? "" : "s").")
            } else if runs.isEmpty {
                context.note(emptyNote(session))
            }
            if starred {
                context.note(
                    "* not ranked for medals: too little or faulty timing, or not a runner's speed ('nearby runs show <run>' says why)."
                )
            }
        }
    }
}

extension RunsListCommand {
    /// `--activity KIND`: one of ``ActivityKind``'s names, or nil for every run.
    static func activityFilter(_ context: CommandContext) throws(CLIError) -> ActivityKind? {
        guard let text = context.arguments.value("activity") else { return nil }
        guard let kind = ActivityKind(rawValue: text.lowercased()) else {
            throw .usage("--activity must be one of \(kinds), not \(text)")
        }
        return kind
    }

    /// The names `--activity` takes.
    static let kinds = ActivityKind.allCases.map(\.rawValue).joined(separator: ", ")

    /// What an empty list means: no runs at all, or none of this athlete's while others have some
    /// ("No runs yet" told an athlete the database was empty when it was not).
    static func emptyNote(_ session: RunsSession) -> String {
        let all = session.scope == .all ? [] : ((try? session.library.store().runs(.all)) ?? [])
        guard !all.isEmpty else { return "No runs yet; import some with 'nearby runs import FILE'." }
        let athletes = Set(all.map(\.athlete)).count
        return "No runs of athlete \(session.athlete) yet; \(all.count) run\(all.count == 1 ? "" : "s") of "
            + "\(athletes) other athlete\(athletes == 1 ? " is" : "s are") in this database "
            + "('nearby runs list --all' lists them, '--athlete NAME' chooses whose)."
    }

    /// What `nearby runs list` takes, and its help.
    static let spec = CommandSpec(
        name: "runs list", summary: "date, distance, time, pace, best badge",
        details: """
            The runs of --athlete (default: the login name); --all lists every athlete's, with their
            names. Runs on foot show a pace per km (or mile), rides, drives and other activities a
            speed in km/h (mph), swims a pace per 100 m; only runs on foot, and tracks that name no
            activity (unknown), earn MoonRunner's badges. TIME is the moving time; elapsed_s in JSON
            and CSV is the device's own elapsed time where a FIT session gave one.
            """,
        options: [
            .format([.table, .json, .csv]),
            OptionDeclaration(
                "activity", value: "KIND",
                help: "only runs of this kind: \(kinds) (unknown: the file names no activity)"),
            .badges, AthleteOption.athlete, AthleteOption.all,
        ])
}
