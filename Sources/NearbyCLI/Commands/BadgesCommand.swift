import NearbyOutput
import Foundation
import NearbySystem
import NearbyRuns
import NearbyStore

/// `nearby badges`: every badge with earned / silver / gold / best, or the distance still to run.
enum BadgesCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json])
        let session = try RunsSession(context)
        let standing = try RunsSession.failing { () throws(RunLibraryError) in
            try session.library.badgeStanding(in: session.catalogue)
        }
        let awards = standing.awards
        let byID = standing.runs
        let runs = standing.listed.map(\.run)
        let summaries = standing.listed.map(\.summary)
        let units = session.units
        let zone = session.timeZone
        func when(_ run: BadgeRun?) -> String {
            guard let run, let stored = byID[run.id] else { return "" }
            return "#\(stored.id) " + String(RunFormatting.date(stored.startTime, zone: zone).prefix(10))
        }
        if format == .json {
            func runJSON(_ run: BadgeRun?) -> JSONOutput {
                guard let run else { return .null }
                return .object([
                    ("run", .integer(Int(run.id) ?? 0)),
                    ("start", .optional(CivilTime.iso(run.startTime))),
                    ("speed_mps", .optional(run.speed)),
                ])
            }
            context.output.out(
                JSONOutput.array(
                    awards.map { award in
                        .object([
                            ("catalogue", .string(session.catalogue.info.id)),
                            ("id", .string(award.badge.id)), ("name", .string(award.badge.name)),
                            ("distance_m", .number(award.badge.distance)),
                            ("description", .string(award.badge.description)),
                            ("earned", runJSON(award.earnedBy)), ("silver", runJSON(award.silverBy)),
                            ("gold", runJSON(award.goldBy)), ("best", runJSON(award.bestRun)),
                            ("distance_left_m", .optional(award.distanceLeft)),
                            (
                                "silver_pace_needed_s_per_km",
                                .optional(award.goldBy == nil && award.silverBy == nil ? award.silverPaceNeeded : nil)
                            ),
                            ("gold_pace_needed_s_per_km", .optional(award.goldBy == nil ? award.goldPaceNeeded : nil)),
                        ])
                    }
                ).rendered())
            return
        }
        var table = Table(
            headers: ["BADGE", "DISTANCE", "EARNED", "SILVER", "GOLD", "BEST", "NEXT"], rightAligned: [1])
        for award in awards {
            var next = ""
            if let left = award.distanceLeft {
                next = "\(units.distance(left)) to go"
            } else if award.goldBy == nil, let silver = award.silverSpeedNeeded, let gold = award.goldSpeedNeeded {
                let target = award.silverBy == nil ? ("silver", silver) : ("gold", gold)
                next = "\(target.0): faster than \(units.pace(speed: target.1))"
            }
            let best = award.bestRun.map { "\(when($0)) \(RunFormatting.pace($0.speed, units: units))" } ?? ""
            table.add([
                award.badge.name, units.distance(award.badge.distance, decimals: 1), when(award.earnedBy),
                when(award.silverBy), when(award.goldBy), best, next,
            ])
        }
        context.output.out(table.render(style: context.style))
        let info = session.catalogue.info
        context.note("Badge catalogue: \(info.id) (\(info.title)).")
        let earned = awards.filter(\.isEarned).count
        let onFoot = summaries.filter(\.earnsRunningBadges).count
        context.note("\(earned) of \(awards.count) badges earned over \(onFoot) run\(onFoot == 1 ? "" : "s").")
        let others = zip(runs, summaries).filter { !$0.1.earnsRunningBadges }.map { "#\($0.0.id)" }
        if !others.isEmpty {
            context.note(
                "Not counted (rides, swims and other activities; the badges are for runs on foot): "
                    + others.joined(separator: ", ") + ".")
        }
        let unranked = zip(runs, summaries).filter { $0.1.earnsRunningBadges && $0.1.timingProblem != nil }
            .map { "#\($0.0.id)" }
        if !unranked.isEmpty {
            context.note(
                "Not ranked for medals (too little or faulty timing, or not a runner's speed; 'nearby runs show <run>' says why): "
                    + unranked.joined(separator: ", ") + ".")
        }
    }
}

extension BadgesCommand {
    /// What `nearby badges` takes, and its help.
    static let spec = CommandSpec(
        name: "badges", summary: "earned, silver, gold; the next badge",
        details: """
            Every badge with the run that earned it, silver (5 % faster) and gold (10 % faster), the
            best run; for unearned badges the distance still to run. Over the runs of --athlete
            (default: the login name), or of every athlete with --all. The badges are for runs on
            foot (running, walking, hiking) and tracks that name no activity; rides, swims and other
            activities earn none.
            """,
        options: [.format([.table, .json]), .badges, AthleteOption.athlete, AthleteOption.all])
}
