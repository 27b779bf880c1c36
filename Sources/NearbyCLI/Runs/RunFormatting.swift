import Foundation
import NearbyRuns
import NearbyStore

/// Small shared formats for runs.
enum RunFormatting {
    /// `#3 Morning run` or `#3 run.gpx`.
    static func title(_ run: StoredRun) -> String {
        "#\(run.id) \(run.name ?? run.sourceName)"
    }

    /// `2026-11-30 07:12` in `zone`.
    static func date(_ seconds: Double?, zone: TimeZone) -> String {
        guard let seconds else { return "–" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
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

    /// The badge history as the rules want it (moving time as the duration: MoonRunner had no pauses).
    static func badgeRuns(_ runs: [StoredRun]) -> [BadgeRun] {
        runs.map {
            BadgeRun(
                id: String($0.id), startTime: $0.startTime ?? $0.importedAt, distance: $0.distance,
                duration: $0.movingTime)
        }
    }
}
