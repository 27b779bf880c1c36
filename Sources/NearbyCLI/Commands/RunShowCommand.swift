import NearbyOutput
import Foundation
import NearbyRuns
import NearbyStore

/// `nearby runs show <run>`: figures, splits, best efforts, badges and checkpoints.
///
/// A run without a route (an indoor recording, ``RouteStatus``) shows "indoor, no route", its
/// elapsed time from the records, the device's totals and no splits or checkpoints; `--html` has
/// no map to draw and says so in one sentence (exit code 1).
enum RunShowCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(1, usage: "nearby runs show <run|FILE> [--html FILE]")
        let format = try context.format(allowed: [.table, .json])
        let session = try RunsSession(context)
        let (title, analysis, _) = try session.resolveRun(words[0])
        let device = analysis.device
        if let html = context.arguments.value("html") {
            try RunFormatting.requireRoute(
                analysis, title: title, purpose: "draw ('nearby runs show' gives its figures)")
            try RunPicturePage.write(title: title, analysis: analysis, to: html, session: session)
            return
        }
        if format == .json {
            context.output.out(json(title: title, analysis, device: device, session: session).rendered())
        } else {
            context.output.out(text(title: title, analysis, device: device, session: session))
        }
    }

    static func text(title: String, _ analysis: RunAnalysis, device: DeviceTotals? = nil, session: RunsSession)
        -> String
    {
        if analysis.route.isRouteless { return routelessText(title: title, analysis, device: device, session: session) }
        let units = session.units
        let stats = analysis.statistics
        let style = session.context.style
        var out = style.bold(title) + "\n"
        let activity = analysis.cleaned.activity
        var facts: [(String, String)] = [
            ("Date", RunFormatting.date(stats.startTime, zone: session.timeZone)),
            ("Distance", units.distance(stats.distance)),
            ("Time", "\(RunFormatting.duration(stats.movingTime)) moving, " + elapsed(stats)),
            speedFact(stats.averageSpeed, activity: activity, units: units),
            ("Elevation", RunFormatting.elevation(stats)),
        ]
        if !analysis.earnsRunningBadges {
            facts.append(("Activity", "\(activity.rawValue): \(Self.noBadges)"))
        }
        if let device { facts += deviceFacts(device, stats, units: units) }
        if let problem = analysis.timingProblem {
            let lead = analysis.earnsRunningBadges ? "not ranked for medals (distance badges only): " : ""
            facts.append(("Timing", lead + problem.reason + "."))
        }
        if let sentence = analysis.cleaned.report.outOfRange.sentence {
            facts.append(("Ignored", sentence))
        }
        if analysis.cleaned.report.dropped > 0 {
            facts.append(("Cleaned", cleaned(analysis.cleaned.report, units: units)))
        }
        if analysis.earnsRunningBadges {
            facts.append(("Badges", "\(session.catalogue.info.title) (\(session.catalogue.info.id))"))
        }
        for (name, value) in facts { out += TextWidth.pad(name, to: 10) + value + "\n" }

        if !analysis.splits.isEmpty {
            out += "\n" + style.bold("Splits") + "\n"
            let speedHeader = RunFormatting.showsSpeed(activity) ? "SPEED" : "PACE"
            var table = Table(
                headers: [units == .metric ? "KM" : "MI", "TIME", speedHeader], rightAligned: [0, 1, 2])
            for split in analysis.splits {
                let label =
                    split.isPartial ? String(format: "%.2f", split.distance / units.metresPerUnit) : String(split.index)
                table.add([
                    label, RunFormatting.duration(split.movingTime ?? split.elapsedTime),
                    RunFormatting.pace(split.pace.map { 1000 / $0 }, activity: activity, units: units),
                ])
            }
            out += table.render(style: .plain)
        }
        if !analysis.bestEfforts.isEmpty {
            out += "\n" + style.bold("Best efforts") + "\n"
            var table = Table(headers: ["DISTANCE", "TIME", "PACE", "FROM"], rightAligned: [1, 2, 3])
            for effort in analysis.bestEfforts {
                table.add([
                    effortName(effort.distance), RunFormatting.duration(effort.duration),
                    RunFormatting.pace(effort.speed, units: units), units.distance(effort.startDistance),
                ])
            }
            out += table.render(style: .plain)
        }
        out += "\n"
        if let badge = analysis.bestBadge {
            out += style.bold("Space mode: \(badge.name)") + " — \(badge.description)\n"
        }
        if let next = analysis.nextBadge, let left = analysis.distanceToNextBadge {
            out += "Next badge: \(next.name), \(units.distance(left)) further.\n"
        }
        let reached = analysis.passedCheckpoints
        if !reached.isEmpty {
            out += "\n" + style.bold("Badge checkpoints") + "\n"
            var table = Table(
                headers: ["BADGE", "AT", "ELAPSED", "PACE SINCE PREVIOUS", "POSITION"], rightAligned: [1, 2, 3])
            for checkpoint in reached {
                table.add([
                    checkpoint.badge.name, units.distance(checkpoint.badge.distance),
                    RunFormatting.duration(checkpoint.elapsedTime),
                    units.pace(secondsPerKilometre: checkpoint.paceSincePrevious),
                    checkpoint.coordinate.description,
                ])
            }
            out += table.render(style: .plain)
        }
        return out
    }

    /// `runs show` of a run without a route: what its records and its device say, nothing that
    /// needs positions.
    static func routelessText(title: String, _ analysis: RunAnalysis, device: DeviceTotals?, session: RunsSession)
        -> String
    {
        let units = session.units
        let stats = analysis.statistics
        let activity = analysis.cleaned.activity
        var facts: [(String, String)] = [
            ("Date", RunFormatting.date(stats.startTime, zone: session.timeZone)),
            ("Route", "indoor, no route" + (activity == .unknown ? "" : " (\(activity.rawValue))")),
            (
                "Distance",
                analysis.knownDistance.map { "\(units.distance($0)) (the device's)" }
                    ?? "unknown (no route, no device distance)"
            ),
            ("Time", elapsed(stats, of: "record")),
        ]
        if !analysis.earnsRunningBadges {
            facts.append(("Activity", "\(activity.rawValue): \(Self.noBadges)"))
        }
        var parts: [String] = []
        if let distance = device?.distance, distance > 0 { parts.append(units.distance(distance)) }
        if let timer = device?.timerTime { parts.append("\(RunFormatting.duration(timer)) timer") }
        if !parts.isEmpty { facts.append(("Device", parts.joined(separator: ", "))) }
        if let problem = analysis.timingProblem, analysis.earnsRunningBadges {
            facts.append(("Timing", "not ranked for medals: \(problem.reason)."))
        }
        var out = session.context.style.bold(title) + "\n"
        for (name, value) in facts { out += TextWidth.pad(name, to: 10) + value + "\n" }
        if let badge = analysis.bestBadge {
            out += "\n" + session.context.style.bold("Space mode: \(badge.name)") + " — \(badge.description)\n"
        }
        return out
    }

    /// Why a ride, a swim or another activity has no badges.
    static let noBadges = "MoonRunner's badges, medals and best efforts are for runs on foot"

    /// `1:00:32 elapsed`, with the first-to-last-fix (or record) span beside it where the device's
    /// own elapsed time differs from it as shown: `1:00:32 elapsed (first to last fix: 1:00:00)`.
    static func elapsed(_ stats: RunStatistics, of what: String = "fix") -> String {
        let shown = RunFormatting.duration(stats.elapsedTime)
        let span = RunFormatting.duration(stats.fixElapsedTime)
        return "\(shown) elapsed" + (span == shown ? "" : " (first to last \(what): \(span))")
    }

    /// `Pace  5:32 /km, 10.8 km/h` on foot; `Speed  25.3 km/h` for a ride; a swim's pace per 100 m.
    static func speedFact(_ speed: Double?, activity: ActivityKind, units: Units) -> (String, String) {
        switch activity {
        case .cycling, .driving, .other:
            return ("Speed", RunFormatting.pace(speed, activity: activity, units: units))
        default:
            return (
                "Pace",
                "\(RunFormatting.pace(speed, activity: activity, units: units)), \(speed.map(units.speed) ?? "–")"
            )
        }
    }

    /// What cleaning dropped, in one line: `3 of 120 fixes dropped (2 spikes, …)`, and where a run
    /// was cut at its activity's longest distance.
    static func cleaned(_ report: CleaningReport, units: Units) -> String {
        var text =
            "\(report.dropped) of \(report.inputPoints) fixes dropped (\(report.spikes) spikes, "
            + "\(report.pauseMarkers) pause markers, \(report.nullIsland) at 0,0, \(report.timeReversed) out of order"
        if let cut = report.cutAt {
            text += ", \(report.beyondLimit) after \(units.distance(cut, decimals: 0)), further than one activity goes"
        }
        return text + ")"
    }

    /// The device's own totals where, as shown, they differ from Nearby's figures (a FIT
    /// session's distance comes from a wheel, a foot pod or the watch's filtered GPS; its timer
    /// time from the device's pauses).
    static func deviceFacts(_ device: DeviceTotals, _ stats: RunStatistics, units: Units) -> [(String, String)] {
        var parts: [String] = []
        if let distance = device.distance, units.distance(distance) != units.distance(stats.distance) {
            parts.append("\(units.distance(distance)) (Nearby's geodesic: \(units.distance(stats.distance)))")
        }
        if let timer = device.timerTime,
            RunFormatting.duration(timer) != RunFormatting.duration(stats.movingTime)
        {
            parts.append(
                "\(RunFormatting.duration(timer)) timer (Nearby's moving time: \(RunFormatting.duration(stats.movingTime)))"
            )
        }
        return parts.isEmpty ? [] : [("Device", parts.joined(separator: ", "))]
    }

    static func effortName(_ metres: Double) -> String {
        switch metres {
        case 400: return "400 m"
        case 1000: return "1 km"
        case 1609.344: return "1 mile"
        case 5000: return "5 km"
        case 10000: return "10 km"
        case 21097.5: return "half marathon"
        case 42195: return "marathon"
        default: return Formatting.distance(metres)
        }
    }

    static func json(title: String, _ analysis: RunAnalysis, device: DeviceTotals? = nil, session: RunsSession)
        -> JSONOutput
    {
        let stats = analysis.statistics
        return .object([
            ("title", .string(title)),
            ("route", .bool(analysis.route.hasRoute)),
            ("activity", .string(analysis.cleaned.activity.rawValue)),
            ("earns_badges", .bool(analysis.earnsRunningBadges)),
            ("device_distance_m", .optional(device?.distance)),
            ("device_timer_s", .optional(device?.timerTime)),
            ("device_elapsed_s", .optional(device?.elapsedTime)),
            ("start", .optional(stats.startTime.flatMap(CivilTime.iso))),
            ("distance_m", .optional(analysis.knownDistance.map { ($0 * 10).rounded() / 10 })),
            ("elapsed_s", .optional(stats.elapsedTime)),
            ("fix_elapsed_s", .optional(stats.fixElapsedTime)),
            ("moving_s", .optional(analysis.knownMovingTime)),
            ("average_speed_mps", .optional(stats.averageSpeed)),
            ("average_pace_s_per_km", .optional(stats.averagePace)),
            ("ranked", .bool(analysis.rankingSpeed != nil)),
            ("timing_problem", .optional(analysis.timingProblem?.reason)),
            ("elevation_gain_m", .optional(stats.elevationGain)),
            ("elevation_loss_m", .optional(stats.elevationLoss)),
            (
                "splits",
                .array(
                    analysis.splits.map { split in
                        .object([
                            ("index", .integer(split.index)), ("start_m", .number(split.startDistance)),
                            ("distance_m", .number(split.distance)), ("elapsed_s", .optional(split.elapsedTime)),
                            ("pace_s_per_km", .optional(split.pace)), ("partial", .bool(split.isPartial)),
                        ])
                    })
            ),
            (
                "best_efforts",
                .array(
                    analysis.bestEfforts.map { effort in
                        .object([
                            ("distance_m", .number(effort.distance)), ("duration_s", .number(effort.duration)),
                            ("start_m", .number(effort.startDistance)),
                        ])
                    })
            ),
            ("badge_catalogue", .string(session.catalogue.info.id)),
            ("best_badge", .optional(analysis.bestBadge?.name)),
            ("next_badge", .optional(analysis.nextBadge?.name)),
            ("distance_to_next_badge_m", .optional(analysis.distanceToNextBadge)),
            (
                "checkpoints",
                .array(
                    analysis.checkpoints.map { checkpoint in
                        .object([
                            ("badge", .string(checkpoint.badge.name)),
                            ("distance_m", .number(checkpoint.badge.distance)),
                            ("latitude", .number(checkpoint.coordinate.latitude)),
                            ("longitude", .number(checkpoint.coordinate.longitude)),
                            ("elapsed_s", .optional(checkpoint.elapsedTime)),
                            ("pace_since_previous_s_per_km", .optional(checkpoint.paceSincePrevious)),
                        ])
                    })
            ),
        ])
    }
}

extension RunShowCommand {
    /// What `nearby runs show` takes, and its help.
    static let spec = CommandSpec(
        name: "runs show", summary: "figures, splits, best efforts, badge checkpoints", arguments: "<run|FILE>",
        details: """
            <run> is a run id, a unique prefix of its content hash, or its file name; a track file is
            shown without importing it. --html FILE writes the picture instead: one self-contained page
            with the route coloured by pace, badge pins and the places of the --near datasets. A file
            name or hash prefix is looked up among --athlete's runs (default: the login name), or every
            athlete's with --all; an id names any run.
            Elapsed time is the device's own (a FIT session's total_elapsed_time, as Garmin Connect and
            Strava show it), with the first-to-last-fix time beside it where they differ; the device's
            distance and timer are shown where they differ from Nearby's. A ride shows its speed in km/h
            (mph), a swim its pace per 100 m; only runs on foot, and tracks that name no activity, have
            badges, checkpoints and best efforts. A track without elevations shows no elevation (–, and
            null in JSON), not 0 m.
            """,
        options: [
            .format([.table, .json]),
            OptionDeclaration("html", value: "FILE", help: "write the picture to FILE"),
            .near("the datasets whose places near the route the picture shows", required: false, requires: "html"),
            .within("how near the route (default 200m)", requires: "html"),
        ] + OptionDeclaration.tiles(requires: "html") + [.maxSpeed, .badges, AthleteOption.athlete, AthleteOption.all])
}
