import Foundation
import NearbyRuns
import NearbyStore

/// Small shared formats for runs.
enum RunFormatting {
    /// `#3 Morning run` or `#3 run.gpx`.
    static func title(_ run: StoredRun) -> String {
        "#\(run.id) \(run.name ?? run.sourceName)"
    }

    /// `2026-11-30 07:12` in `zone`, in the proleptic Gregorian calendar (``CivilTime``); "–"
    /// without a time or outside years 0000–9999.
    static func date(_ seconds: Double?, zone: TimeZone) -> String {
        guard let seconds, CivilTime.iso(seconds) != nil else { return "–" }
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        return CivilTime.dateTime(seconds, offset: offset) ?? "–"
    }

    static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "–" }
        return Units.duration(seconds)
    }

    static func pace(_ speed: Double?, units: Units) -> String {
        guard let speed, speed > 0 else { return "–" }
        return units.pace(speed: speed)
    }

    /// The badge a stored run earns by itself.
    static func badge(for distance: Double, catalogue: BadgeCatalogue) -> String {
        distance > 0 ? catalogue.best(for: distance).name : "–"
    }

    /// The badge history as the rules want it: each run's distance and its one speed
    /// (``RunSummary/rankingSpeed``, none for a run without trustworthy timing).
    static func badgeRuns(_ runs: [StoredRun], _ summaries: [RunSummary]) -> [BadgeRun] {
        zip(runs, summaries).map { run, summary in
            BadgeRun(
                id: String(run.id), startTime: run.startTime ?? run.importedAt, distance: summary.statistics.distance,
                speed: summary.rankingSpeed)
        }
    }
}

extension RunFormatting {
    /// `+12 m / −8 m`, rounded to whole metres; "–" for a figure that has no whole value.
    static func elevation(_ stats: RunStatistics) -> String {
        "+\(WholeNumber.text(stats.elevationGain)) m / −\(WholeNumber.text(stats.elevationLoss)) m"
    }
}
