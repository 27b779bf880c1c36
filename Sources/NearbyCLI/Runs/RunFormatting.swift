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

    /// A speed as its activity is told: a pace per kilometre or mile on foot (and for a track that
    /// names no activity), a pace per 100 m for a swim, km/h (mph) for a ride, a drive or another
    /// activity. "–" without a speed.
    static func pace(_ speed: Double?, activity: ActivityKind, units: Units) -> String {
        guard let speed, speed > 0, speed.isFinite else { return "–" }
        switch activity {
        case .running, .walking, .hiking, .unknown: return units.pace(speed: speed)
        case .swimming: return duration(100 / speed) + " /100 m"
        case .cycling, .driving, .other: return units.speed(speed)
        }
    }

    /// Whether ``pace(_:activity:units:)`` tells `activity`'s speed as a speed (km/h, mph)
    /// rather than a pace.
    static func showsSpeed(_ activity: ActivityKind) -> Bool {
        activity == .cycling || activity == .driving || activity == .other
    }

    /// The badge a stored run earns by itself: none for a run that earns no running badges (a
    /// ride, a swim…) or has no distance.
    static func badge(for summary: some RouteFigures, earns: Bool, catalogue: BadgeCatalogue) -> String {
        let distance = summary.statistics.distance
        return earns && distance > 0 ? catalogue.best(for: distance).name : "–"
    }
}

extension RunFormatting {
    /// `+12 m / −8 m`, rounded to whole metres; "–" for a track without elevations (no data is
    /// no figure, not 0 m) and for a figure that has no whole value.
    static func elevation(_ stats: RunStatistics) -> String {
        guard let gain = stats.elevationGain, let loss = stats.elevationLoss else { return "–" }
        return "+\(WholeNumber.text(gain)) m / −\(WholeNumber.text(loss)) m"
    }
}

/// Runs without a route (``RouteStatus``): how every command words what is unknown.
extension RunFormatting {
    /// The distance as tables show it: Nearby's (or, without a route, the device's) distance,
    /// `unknown` when nothing measured one.
    static func distance(_ figures: some RouteFigures, units: Units, unknown: String = "–") -> String {
        figures.knownDistance.map { units.distance($0) } ?? unknown
    }

    /// The time as tables show it: moving time along a route, elapsed time without one.
    static func time(_ figures: some RouteFigures) -> String { duration(figures.shownTime) }

    /// `distance_m` and `moving_s` of a CSV row: empty when unknown.
    static func csvFigures(_ figures: some RouteFigures) -> [String] {
        [
            figures.knownDistance.map { Formatting.number($0, digits: 1) } ?? "",
            figures.knownMovingTime.map { Formatting.number($0.rounded(), digits: 0) } ?? "",
        ]
    }

    /// What `runs import` says of a stored run: `5.00 km in 25:00 (5:00 /km)` (a ride's speed in
    /// km/h), or for a run without a route `indoor, no route: 37:43 elapsed, distance unknown`.
    static func headline(_ analysis: some RouteFigures, activity: ActivityKind, units: Units) -> String {
        guard analysis.route.isRouteless else {
            let stats = analysis.statistics
            return "\(units.distance(stats.distance)) in \(duration(stats.movingTime)) "
                + "(\(pace(stats.averageSpeed, activity: activity, units: units)))"
        }
        let distance = analysis.knownDistance.map { units.distance($0) + " by the device" } ?? "distance unknown"
        return "indoor, no route: \(duration(analysis.statistics.elapsedTime)) elapsed, \(distance)"
    }

    /// For commands that need positions (checkpoints, along, export, the picture): one sentence,
    /// `indoor.fit has no route (indoor, or recorded without GPS); there is nothing to <purpose>`,
    /// exit code 1.
    static func requireRoute(_ analysis: RunAnalysis, title: String, purpose: String) throws(CLIError) {
        do {
            try analysis.route.requireRoute()
        } catch {
            throw .failure("\(title) \(error.description); there is nothing to \(purpose)")
        }
    }
}
