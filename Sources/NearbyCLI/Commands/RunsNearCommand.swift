import Foundation
import NearbyOutput
import NearbyGeo
import NearbyRuns
import NearbyStore

/// `nearby runs near --at LAT,LON --within DIST`: the runs (of `--athlete`, default the login
/// name, or `--all`) that passed within DIST of the point, nearest pass first, each with its
/// closest recorded fix — distance, bearing from the point, position and time.
///
/// "Passed within DIST" is the store's one definition (`RunsNear`): the minimum exact WGS84
/// geodesic distance from the point to the run's recorded fixes is at most DIST. PostgreSQL finds
/// candidates with PostGIS over its index, SQLite with the segments' stored boxes; both decide
/// with the same exact check, so they give the same list.
enum RunsNearCommand {
    /// How many runs `--limit` may ask for.
    static let limits = 1...1_000_000

    static func run(_ context: CommandContext) throws(CLIError) {
        guard context.arguments.positionals.isEmpty else {
            throw .usage("nearby runs near takes no words, only --at LAT,LON --within DIST")
        }
        let format = try context.format(allowed: [.table, .json, .csv])
        guard let point = try NumericOptions.point(context.arguments, "at") else {
            throw .usage("nearby runs near needs --at LAT,LON")
        }
        guard context.arguments.value("within") != nil else { throw .usage("nearby runs near needs --within DIST") }
        let within = try NumericOptions.distance(context.arguments, "within", default: 0)
        let limit = try NumericOptions.count(context.arguments, "limit", range: limits, default: nil)
        let session = try RunsSession(context)
        let passes = try RunsSession.failing { () throws(RunLibraryError) in
            try session.library.runsNear(point, within: within, limit: limit)
        }
        let everyone = session.scope == .all
        let zone = session.timeZone
        switch format {
        case .json:
            context.output.out(JSONOutput.array(passes.map { json($0, everyone: everyone) }).rendered())
        case .csv:
            var header: [String] = [
                "id", "name", "start", "distance_m", "bearing_deg", "latitude", "longitude", "time",
            ]
            if everyone { header.insert("athlete", at: 1) }
            var text = CSVWriter.record(header)
            for pass in passes { text += CSVWriter.record(csvRow(pass, everyone: everyone)) }
            context.output.out(text)
        default:
            var headers: [String] = ["ID", "DATE", "NAME", "DISTANCE", "WHERE", "WHEN"]
            if everyone { headers.insert("ATHLETE", at: 2) }
            var table = Table(headers: headers, rightAligned: [0, everyone ? 4 : 3])
            for pass in passes { table.add(row(pass, everyone: everyone, units: session.units, zone: zone)) }
            context.output.out(table.render(style: context.style))
            if passes.isEmpty {
                context.note("No runs passed within \(Formatting.distance(within, units: session.units)) of \(point).")
            }
        }
    }

    /// One pass as a table row: the run, and its closest fix (distance and compass bearing from
    /// the point, position, local time).
    static func row(_ pass: RunPass, everyone: Bool, units: Units, zone: TimeZone) -> [String] {
        let distance = Formatting.distance(pass.distance, units: units)
        let position: String =
            Formatting.number(pass.fix.latitude, digits: 6) + "," + Formatting.number(pass.fix.longitude, digits: 6)
        var cells: [String] = [
            String(pass.run.id), RunFormatting.date(pass.run.startTime, zone: zone),
            pass.run.name ?? pass.run.sourceName, distance + " " + Formatting.compass(pass.bearing), position,
            RunFormatting.date(pass.fix.time, zone: zone),
        ]
        if everyone { cells.insert(pass.run.athlete, at: 2) }
        return cells
    }

    /// One pass as a CSV record (times in UTC, ISO 8601).
    static func csvRow(_ pass: RunPass, everyone: Bool) -> [String] {
        let start: String = pass.run.startTime.flatMap(CivilTime.iso) ?? ""
        let time: String = pass.fix.time.flatMap(CivilTime.iso) ?? ""
        var cells: [String] = [
            String(pass.run.id), pass.run.name ?? pass.run.sourceName, start,
            Formatting.number((pass.distance * 10).rounded() / 10, digits: 1),
            Formatting.number((pass.bearing * 10).rounded() / 10, digits: 1),
            Formatting.number(pass.fix.latitude, digits: 7), Formatting.number(pass.fix.longitude, digits: 7), time,
        ]
        if everyone { cells.insert(pass.run.athlete, at: 1) }
        return cells
    }

    /// One pass as JSON: the run, and its closest fix (distance and bearing from the point).
    static func json(_ pass: RunPass, everyone: Bool) -> JSONOutput {
        let run = pass.run
        var fields: [(String, JSONOutput)] = [
            ("id", .integer(Int(run.id))), ("name", .optional(run.name)), ("source", .string(run.sourceName)),
            ("start", .optional(run.startTime.flatMap(CivilTime.iso))),
            ("distance_m", .number((pass.distance * 10).rounded() / 10)),
            ("bearing_deg", .number((pass.bearing * 10).rounded() / 10)),
            ("compass", .string(Formatting.compass(pass.bearing))),
            ("latitude", .number(pass.fix.latitude)), ("longitude", .number(pass.fix.longitude)),
            ("time", .optional(pass.fix.time.flatMap(CivilTime.iso))),
        ]
        if everyone { fields.insert(("athlete", .string(run.athlete)), at: 1) }
        return .object(fields)
    }
}

extension RunsNearCommand {
    /// What `nearby runs near` takes, and its help.
    static let spec = CommandSpec(
        name: "runs near", summary: "the runs that passed near a point, and where and when",
        details: """
            The runs of --athlete (default: the login name), or of every athlete with --all, that
            passed within DIST of the point, nearest pass first. A run passed within DIST when one of
            its recorded fixes is within DIST by the exact WGS84 (geodesic) distance; the line between
            two fixes does not count, and a run without a route never matches. Each run is shown with
            its closest fix: the distance and compass bearing from the point, its position and its
            time. On PostgreSQL, PostGIS finds the candidates over its index; on SQLite, the stored
            segments' boxes do; both decide with the same exact check, so they list the same runs.
            """,
        options: [
            .at(required: true),
            OptionDeclaration(
                "within", value: "DIST", help: "how near the point a run passed", kind: .distance, required: true,
                requires: "at"),
            .limit(limits, "at most N runs (default: all)"),
            .format([.table, .json, .csv]),
            AthleteOption.athlete, AthleteOption.all,
        ])
}
