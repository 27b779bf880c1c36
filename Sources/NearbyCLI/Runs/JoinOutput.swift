import NearbyOutput
import NearbyFeeds
import NearbyGeo
import NearbyRuns

/// Renders the join commands' answers as tables, JSON, CSV and GeoJSON.
struct JoinOutput {
    let session: RunsSession
    /// The `--near` datasets, in the order the join's answers index them.
    let datasets: [PlaceDataset]
    /// With `checkpoints --walk`: the walking speed in m/s; each match's distance is then the walk
    /// from the checkpoint, and the straight line is worked out from the place's position.
    var walkSpeed: Double?
    /// The places the answers name, read before anything is rendered (``readPlaces(of:)``): by
    /// dataset number, then place number.
    private var named: [[Int: Place]] = []

    init(session: RunsSession, datasets: [PlaceDataset], walkSpeed: Double? = nil) {
        self.session = session
        self.datasets = datasets
        self.walkSpeed = walkSpeed
    }

    var units: Units { session.units }

    func distance(_ metres: Double) -> String {
        Formatting.distance(metres, units: units)
    }

    func id(_ dataset: Int) -> String { datasets[dataset].manifest.id }

    /// Reads every place the checkpoints' matches name, once each, so rendering reads none.
    mutating func readPlaces(of matches: [CheckpointMatches]) throws(CLIError) {
        try readPlaces(
            matches.flatMap { match in
                match.places.enumerated().flatMap { dataset, places in places.map { (dataset, $0.index) } }
            })
    }

    /// Reads every place the route's pieces name, once each, so rendering reads none.
    mutating func readPlaces(of report: RouteAmenitiesReport) throws(CLIError) {
        try readPlaces(
            report.pieces.flatMap { piece in
                piece.nearest.enumerated().compactMap { dataset, place in place.map { (dataset, $0.index) } }
            })
    }

    private mutating func readPlaces(_ wanted: [(dataset: Int, index: Int)]) throws(CLIError) {
        named = Array(repeating: [:], count: datasets.count)
        for (dataset, index) in wanted where named[dataset][index] == nil {
            do { named[dataset][index] = try datasets[dataset].place(at: index) } catch {
                throw .failure("\(id(dataset)): \(error.description)")
            }
        }
    }

    /// The place with number `index` in dataset number `dataset`, as the join named it (read by
    /// ``readPlaces(of:)``).
    func lookup(_ dataset: Int, _ index: Int) throws(CLIError) -> Place {
        guard named.indices.contains(dataset), let place = named[dataset][index] else {
            throw .failure("\(id(dataset)): place \(index) was not read before the answer was written")
        }
        return place
    }

    // MARK: checkpoints

    func checkpointsTable(_ matches: [CheckpointMatches], radius: Double) throws(CLIError) -> String {
        var table = Table(
            headers: [
                "BADGE", "AT", "ELAPSED", "DATASET", "NEAREST", walkSpeed == nil ? "DISTANCE" : "WALK", "DETOUR",
            ], rightAligned: [1, 2, 5, 6])
        for match in matches {
            let badge = match.checkpoint.badge
            var first = true
            func lead() -> [String] {
                defer { first = false }
                return first
                    ? [
                        badge.name, units.distance(badge.distance),
                        RunFormatting.duration(match.checkpoint.elapsedTime),
                    ]
                    : ["", "", ""]
            }
            for (dataset, places) in match.places.enumerated() {
                if places.isEmpty {
                    table.add(lead() + [id(dataset), "nothing within \(distance(radius))", "", ""])
                }
                for near in places {
                    let place = try lookup(dataset, near.index)
                    var way = "\(distance(near.distance)) \(Formatting.compass(near.bearing))"
                    if let walkSpeed {
                        let minutes = Int((near.distance / walkSpeed / 60).rounded(.up))
                        way = "\(distance(near.distance)) · \(minutes) min \(Formatting.compass(near.bearing))"
                    }
                    table.add(lead() + [id(dataset), place.name, way, distance(near.detour)])
                }
            }
        }
        return table.render(style: session.context.style)
    }

    /// The straight-line distance of a match and, with `--walk`, its walk in metres and seconds.
    private func measures(_ near: PlaceNearCheckpoint, place: Place, from checkpoint: Coordinate) -> (
        straight: Double, walk: [(String, JSONOutput)]
    ) {
        guard let walkSpeed else { return (near.distance, []) }
        let straight = place.coordinate.map { Geodesic.wgs84.distance(checkpoint, $0) } ?? near.distance
        return (
            straight,
            [
                ("walk_m", .number((near.distance * 100).rounded() / 100)),
                ("walk_s", .number((near.distance / walkSpeed).rounded())),
            ]
        )
    }

    func placeJSON(_ dataset: Int, _ near: PlaceNearCheckpoint, from checkpoint: Coordinate) throws(CLIError)
        -> JSONOutput
    {
        let place = try lookup(dataset, near.index)
        let (straight, walk) = measures(near, place: place, from: checkpoint)
        return .object(
            [
                ("id", .string(place.id)), ("name", .string(place.name)),
                ("distance_m", .number((straight * 100).rounded() / 100)),
            ] + walk + [
                ("bearing_deg", .number((near.bearing * 10).rounded() / 10)),
                ("compass", .string(Formatting.compass(near.bearing))),
                ("detour_m", .number((near.detour * 100).rounded() / 100)),
                ("latitude", .optional(place.coordinate?.latitude)),
                ("longitude", .optional(place.coordinate?.longitude)),
            ])
    }

    func checkpointsJSON(_ matches: [CheckpointMatches]) throws(CLIError) -> JSONOutput {
        var items: [JSONOutput] = []
        for match in matches {
            var near: [(String, JSONOutput)] = []
            for (dataset, places) in match.places.enumerated() {
                var list: [JSONOutput] = []
                for place in places {
                    list.append(try placeJSON(dataset, place, from: match.checkpoint.coordinate))
                }
                near.append((id(dataset), .array(list)))
            }
            items.append(
                .object([
                    ("badge", .string(match.checkpoint.badge.name)),
                    ("distance_m", .number(match.checkpoint.badge.distance)),
                    ("elapsed_s", .optional(match.checkpoint.elapsedTime)),
                    ("latitude", .number(match.checkpoint.coordinate.latitude)),
                    ("longitude", .number(match.checkpoint.coordinate.longitude)),
                    ("near", .object(near)),
                ]))
        }
        return .array(items)
    }

    func checkpointsCSV(_ matches: [CheckpointMatches]) throws(CLIError) -> String {
        var rows: [[String]] = []
        for match in matches {
            let lead = [
                match.checkpoint.badge.name, Formatting.number(match.checkpoint.badge.distance, digits: 3),
                match.checkpoint.elapsedTime.map { Formatting.number($0, digits: 1) } ?? "",
            ]
            for (dataset, places) in match.places.enumerated() {
                if places.isEmpty {
                    rows.append(lead + [id(dataset), "", "", "", "", ""] + (walkSpeed == nil ? [] : [""]))
                }
                for near in places {
                    let place = try lookup(dataset, near.index)
                    let straight = measures(near, place: place, from: match.checkpoint.coordinate).straight
                    rows.append(
                        lead + [
                            id(dataset), place.id, place.name, Formatting.number(straight, digits: 2),
                            Formatting.number(near.bearing, digits: 1), Formatting.number(near.detour, digits: 2),
                        ] + (walkSpeed == nil ? [] : [Formatting.number(near.distance, digits: 2)]))
                }
            }
        }
        return CSVWriter(
            header: [
                "badge", "badge_distance_m", "elapsed_s", "dataset", "place_id", "name", "distance_m", "bearing_deg",
                "detour_m",
            ] + (walkSpeed == nil ? [] : ["walk_m"])
        )
        .write(rows)
    }

    func checkpointsGeoJSON(_ matches: [CheckpointMatches], run: CleanedRun) throws(CLIError) -> String {
        let route = run.segments.map { $0.points.map(\.coordinate) }.filter { $0.count > 1 }
        var features = [GeoJSONFeature(geometry: .lines(route), properties: [("kind", .string("route"))])]
        for match in matches {
            features.append(
                GeoJSONFeature(
                    geometry: .point(at: match.checkpoint.coordinate),
                    properties: [
                        ("kind", .string("checkpoint")), ("badge", .string(match.checkpoint.badge.name)),
                        ("distance_m", .number(match.checkpoint.badge.distance)),
                        ("elapsed_s", .optional(match.checkpoint.elapsedTime)),
                    ]))
            for (dataset, places) in match.places.enumerated() {
                for near in places {
                    let place = try lookup(dataset, near.index)
                    guard let coordinate = place.coordinate else { continue }
                    let (straight, walk) = measures(near, place: place, from: match.checkpoint.coordinate)
                    features.append(
                        GeoJSONFeature(
                            geometry: .point(at: coordinate),
                            properties: [
                                ("kind", .string("place")), ("dataset", .string(id(dataset))),
                                ("id", .string(place.id)),
                                ("name", .string(place.name)), ("badge", .string(match.checkpoint.badge.name)),
                                ("distance_m", .number(straight)), ("detour_m", .number(near.detour)),
                            ] + walk))
                }
            }
        }
        return GeoJSONWriter().write(features)
    }
}
