import Foundation
import NearbyOutput
import NearbyFeeds
import NearbyGeo
import NearbyRuns
import NearbyWalk

/// `nearby route --from LAT,LON --to LAT,LON|DATASET:ID [--format text|json|gpx|geojson]`: the
/// walk between two points on the imported streets, with its length, time, path and the named
/// ways walked (GPX: the path as a track to follow). Here `--from` is the
/// start (a point is never a mirror folder, see ``Paths``).
enum RouteCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json, .gpx, .geojson])
        guard let from = try NumericOptions.point(context.arguments, "from"), let toText = context.arguments.value("to")
        else {
            throw .usage("usage: nearby route --from LAT,LON --to LAT,LON|DATASET:ID")
        }
        let to = try destination(toText, context)
        let speed = try WalkOption.speed(context)
        let network = try WalkOption.network(context, at: from)
        let walk: WalkSearch.Walk?
        do {
            guard let start = try network.attach(from) else {
                throw CLIError.failure("\(from) is farther than 1 km from every walkable way")
            }
            guard let end = try network.attach(to) else {
                throw CLIError.failure("\(to) is farther than 1 km from every walkable way")
            }
            walk = try WalkSearch(network: network).route(from: start, to: end)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
        guard let walk else { throw .failure("\(to) cannot be reached on foot from \(from) on the imported streets") }
        let seconds = (walk.distance / speed).rounded()
        let units = try UnitsOption.resolve(context)
        switch format {
        case .json:
            context.output.out(
                JSONOutput.object([
                    ("distance_m", .number((walk.distance * 1000).rounded() / 1000)), ("duration_s", .number(seconds)),
                    ("path", .array(walk.path.map { .array([.number($0.latitude), .number($0.longitude)]) })),
                    (
                        "ways",
                        .array(
                            try ways(walk, network).map {
                                .object([("name", .string($0.0)), ("m", .number($0.1.rounded()))])
                            })
                    ),
                ]).rendered())
        case .geojson:
            let line = GeoJSONFeature(
                geometry: .lineString(
                    walk.path.map { GeoJSONPosition(latitude: $0.latitude, longitude: $0.longitude) }),
                properties: [
                    ("distance_m", .number((walk.distance * 1000).rounded() / 1000)), ("duration_s", .number(seconds)),
                ])
            context.output.out(GeoJSONWriter().write([line]))
        case .gpx:
            // The walk as a track a phone or watch can follow: the start, the attached points,
            // every node walked, the end.
            let points = walk.path.map { TrackPoint(latitude: $0.latitude, longitude: $0.longitude) }
            let name = "On foot from \(from) to \(to), \(Formatting.distance(walk.distance, units: units))"
            let track = Track(name: name, activityType: "walking", segments: [TrackSegment(points: points)])
            context.output.out(GPXWriter().write(TrackDocument(format: .gpx11, name: name, tracks: [track])))
        default:
            let minutes = Int((seconds / 60).rounded(.up))
            var text = "\(Formatting.distance(walk.distance, units: units)) on foot, about \(minutes) min\n"
            let named = try ways(walk, network).map {
                "\($0.0.isEmpty ? "(unnamed way)" : $0.0) \(Formatting.distance($0.1, units: units))"
            }
            if !named.isEmpty { text += named.joined(separator: ", ") + "\n" }
            context.output.out(text)
        }
    }

    /// The ways walked in order, consecutive edges of one name merged, with their lengths.
    static func ways(_ walk: WalkSearch.Walk, _ network: WalkNetwork) throws(CLIError) -> [(String, Double)] {
        var result: [(String, Double)] = []
        do {
            for (slot, length) in zip(walk.edges, walk.edgeMetres) {
                let name = try network.name(ofEdge: slot)
                if let last = result.last, last.0 == name {
                    result[result.count - 1].1 += length
                } else {
                    result.append((name, length))
                }
            }
        } catch {
            throw .failure(error.description)
        }
        return result
    }

    /// `--to`: a point, or `DATASET:ID` (the place's position).
    static func destination(_ text: String, _ context: CommandContext) throws(CLIError) -> Coordinate {
        if let point = try? NumericOptions.point(text) { return point }
        guard let colon = text.firstIndex(of: ":") else { throw .usage("--to takes LAT,LON or DATASET:ID") }
        let dataset = String(text[..<colon])
        let id = String(text[text.index(after: colon)...])
        let session = try PlacesSession(context, only: [dataset])
        let found = try session.ask { library throws(PlaceLibraryError) in
            try library.place(id: id, in: dataset, from: nil)
        }
        guard let place = found.value?.place else { throw .failure("\(dataset) has no place with id \(id)") }
        guard let coordinate = place.coordinate else { throw .failure("\(dataset) \(id) has no position") }
        return coordinate
    }
}

extension RouteCommand {
    static let spec = CommandSpec(
        name: "route", summary: "the walk between two points on the imported streets",
        details: "Length, time at --walk-speed, the path and the named ways walked, by the rules of nearby streets.",
        options: [
            OptionDeclaration(
                "from", value: "LAT,LON", help: "where the walk starts (here --from is a point, not a mirror)",
                kind: .point, required: true),
            OptionDeclaration(
                "to", value: "LAT,LON|DATASET:ID", help: "where it ends: a point or a place", required: true),
            OptionDeclaration("walk-speed", value: "KMH", help: "walking speed for the time (default 5)"),
            .format([.table, .json, .gpx, .geojson]),
        ])
}
