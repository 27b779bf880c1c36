import Foundation
import NearbyRuns

extension RunPicture {
    /// The picture of an analysed run: its pace-coloured legs, the checkpoints of the badges it
    /// passed (not Earth at 0 m, which is the start), the given nearby places, and its figures
    /// formatted in `units` with dates in `zone`.
    init(
        title: String, analysis: RunAnalysis, units: Units, timeZone: TimeZone,
        places: [Place] = [], attribution: String = ""
    ) {
        let legs = PaceColouring.legs(of: analysis.cleaned)
        let points = analysis.cleaned.points
        self.init(
            title: title, figures: Self.figures(analysis, units: units, timeZone: timeZone),
            legs: legs, paceScale: Self.paceScale(of: legs), units: units,
            checkpoints: analysis.passedCheckpoints.map {
                CheckpointPin(badge: $0.badge.name, distance: $0.badge.distance, coordinate: $0.coordinate)
            },
            places: places, start: points.first?.coordinate, finish: points.last?.coordinate,
            attribution: attribution)
        activity = analysis.cleaned.activity
    }

    /// The side panel's figures, as `runs show` words them.
    static func figures(_ analysis: RunAnalysis, units: Units, timeZone: TimeZone) -> [Figure] {
        let stats = analysis.statistics
        var figures = [
            Figure(label: "Date", value: RunFormatting.date(stats.startTime, zone: timeZone)),
            Figure(label: "Distance", value: units.distance(stats.distance)),
            Figure(label: "Moving time", value: RunFormatting.duration(stats.movingTime)),
            Figure(label: "Elapsed time", value: RunFormatting.duration(stats.elapsedTime)),
            Figure(
                label: "Average pace",
                value: RunFormatting.pace(stats.averageSpeed, activity: analysis.cleaned.activity, units: units)),
            Figure(label: "Average speed", value: stats.averageSpeed.map(units.speed) ?? "–"),
            Figure(
                label: "Elevation",
                value: RunFormatting.elevation(stats)),
        ]
        // A ride's speed is its figure (km/h); a pace would say the same twice.
        if RunFormatting.showsSpeed(analysis.cleaned.activity) { figures.removeAll { $0.label == "Average pace" } }
        if let badge = analysis.bestBadge {
            figures.append(Figure(label: "Badge", value: badge.name))
        }
        if let next = analysis.nextBadge, let left = analysis.distanceToNextBadge {
            figures.append(Figure(label: "Next badge", value: "\(next.name) in \(units.distance(left))"))
        }
        return figures
    }
}
