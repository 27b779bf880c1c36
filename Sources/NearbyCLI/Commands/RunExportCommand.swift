import Foundation
import NearbyOutput
import NearbyGeo
import NearbyRuns
import NearbyStore

/// `nearby runs export <run> --format geojson|gpx|csv [--output FILE]`.
///
/// - geojson: a FeatureCollection of one LineString per leg between fixes, with properties
///   `speed_mps`, `pace_s_per_km`, `pace`, `scale` (0 slow … 1 fast on the 5th–95th percentile
///   scale), `stroke` (the colour, as geojson.io and QGIS read it) and `stroke-width`.
/// - gpx: the points exactly as imported, GPX 1.1.
/// - csv: one row per cleaned fix: segment, time, latitude, longitude, elevation_m, distance_m,
///   heart_rate, cadence.
///
/// A run without a route (an indoor recording) has no track to export: one sentence, exit code 1.
enum RunExportCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(
            1, usage: "nearby runs export <run> --format geojson|gpx|csv [--output FILE]")
        guard context.arguments.value("format") != nil else {
            throw .usage("nearby runs export needs --format geojson, gpx or csv")
        }
        let format = try context.format(allowed: [.geojson, .gpx, .csv])
        let session = try RunsSession(context)
        let (run, stored, analysis) = try RunsSession.failing { () throws(RunLibraryError) in
            try session.library.storedRunWithTrack(words[0])
        }
        try RunFormatting.requireRoute(analysis, title: RunFormatting.title(run), purpose: "export")
        let text: String
        switch format {
        case .gpx:
            let track = Track(
                name: run.name ?? run.sourceName, activityType: run.activityType, segments: stored.segments)
            text = GPXWriter().write(TrackDocument(format: .gpx11, name: run.name, tracks: [track]))
        case .csv:
            var rows: [[String]] = []
            for (number, segment) in analysis.cleaned.segments.enumerated() {
                for point in segment.points {
                    rows.append([
                        String(number + 1), point.time.flatMap(GPXWriter.timestamp) ?? "",
                        CSVWriter.field(point.coordinate.latitude), CSVWriter.field(point.coordinate.longitude),
                        CSVWriter.field(point.elevation, maxFractionDigits: GPXWriter.elevationDecimals),
                        CSVWriter.field(point.distance, maxFractionDigits: 3),
                        point.heartRate.map { String($0) } ?? "", point.cadence.map { String($0) } ?? "",
                    ])
                }
            }
            text = CSVWriter(header: [
                "segment", "time", "latitude", "longitude", "elevation_m", "distance_m", "heart_rate", "cadence",
            ])
            .write(rows)
        default:
            text = geojson(analysis, units: session.units)
        }
        if let output = context.arguments.value("output") {
            let path = context.environment.absolutePath(output)
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw .failure("cannot write \(path): \(error.localizedDescription)")
            }
            context.note("wrote \(path)")
        } else {
            context.output.out(text)
        }
    }

    static func geojson(_ analysis: RunAnalysis, units: Units) -> String {
        let legs = PaceColouring.legs(of: analysis.cleaned)
        let features = legs.map { leg -> GeoJSONFeature in
            let pace = leg.speed.flatMap { $0 > 0 ? 1000 / $0 : nil }
            return GeoJSONFeature(
                geometry: .line(through: [leg.from, leg.to]),
                properties: [
                    ("speed_mps", .optional(leg.speed)),
                    ("pace_s_per_km", .optional(pace)),
                    ("pace", pace.map { .string(units.pace(secondsPerKilometre: $0)) } ?? .null),
                    ("scale", .optional(leg.fraction)),
                    ("stroke", .string(leg.colour)),
                    ("stroke-width", .integer(4)),
                ]
            )
        }
        return GeoJSONWriter().write(features)
    }
}

extension RunExportCommand {
    /// What `nearby runs export` takes, and its help.
    static let spec = CommandSpec(
        name: "runs export", summary: "a run as GeoJSON (coloured by pace), GPX or CSV", arguments: "<run>",
        details: """
            geojson: one LineString per leg, with speed, pace and a stroke colour (a scale at least ±10 %
            of its middle speed wide, so an even pace is yellow); gpx: the points as imported, heart rate
            and cadence one element a line as Garmin writes them; csv: one row per cleaned fix.
            Elevations are written with at most 6 decimals. A file name or hash prefix is looked up
            among --athlete's runs (default: the login name), or every athlete's with --all.
            """,
        options: [
            .format([.geojson, .gpx, .csv], required: true),
            OptionDeclaration("output", short: "o", value: "FILE", help: "write to FILE instead of standard output"),
            .maxSpeed, AthleteOption.athlete, AthleteOption.all,
        ])
}
