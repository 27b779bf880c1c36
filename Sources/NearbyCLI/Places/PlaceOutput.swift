import NearbyOutput
import NearbyFeeds
import NearbyGeo
import NearbyRuns
import NearbyWalk

/// Writes place answers as a table, JSON, CSV or GeoJSON.
///
/// JSON field names (stable): `dataset`, `id`, `name`, `latitude`, `longitude`, `address`,
/// `category`, `distance_m`, `bearing_deg`, `compass`, `attributes` (an object of attribute key →
/// value in manifest order). CSV has the same columns with attributes as `attr:KEY` columns;
/// GeoJSON is a FeatureCollection of Points with those properties (compact, like every GeoJSON
/// Nearby writes; places without a coordinate are left out).
struct PlaceOutput {
    var units: Units
    var style: Style
    var showDataset: Bool
    /// With `--walk`: each hit's walk (nil: cannot be reached) and the walking speed in m/s.
    var walks: [WalkSearch.Walk?]?
    var walkSpeed = WalkRules.defaultSpeedKmh / 3.6

    init(units: Units, style: Style, showDataset: Bool) {
        self.units = units
        self.style = style
        self.showDataset = showDataset
    }

    func render(_ hits: [PlaceHit], format: OutputFormat) -> String {
        switch format {
        case .json: return JSONOutput.array(hits.indices.map { json(hits[$0], walk: $0) }).rendered()
        case .csv: return csv(hits)
        case .geojson: return geojson(hits)
        default: return table(hits)
        }
    }

    /// The walk of hit `index` as JSON members (`walk_m`, `walk_s`; null when out of reach), or
    /// none without `--walk`.
    private func walkMembers(_ index: Int) -> [(String, JSONOutput)] {
        guard let walks else { return [] }
        let walk = walks.indices.contains(index) ? walks[index] : nil
        return [
            ("walk_m", .optional(walk.map { ($0.distance * 1000).rounded() / 1000 })),
            ("walk_s", .optional(walk.map { ($0.distance / walkSpeed).rounded() })),
        ]
    }

    /// `850 m · 10 min`, or `unreachable`.
    private func walkText(_ index: Int) -> String {
        guard let walks, walks.indices.contains(index), let walk = walks[index] else { return "unreachable" }
        let minutes = Int((walk.distance / walkSpeed / 60).rounded(.up))
        return Formatting.distance(walk.distance, units: units) + " · \(minutes) min"
    }

    private func table(_ hits: [PlaceHit]) -> String {
        let ranked = hits.contains { $0.distance != nil }
        var headers = ranked ? ["#", "DISTANCE", "NAME", "ADDRESS", "ID"] : ["ID", "NAME", "ADDRESS", "CATEGORY"]
        if walks != nil { headers.insert("WALK", at: 1) }
        if showDataset { headers.insert("DATASET", at: ranked ? 1 : 0) }
        var table = Table(headers: headers, rightAligned: ranked ? [0] : [])
        for (number, hit) in hits.enumerated() {
            var row: [String]
            if ranked {
                let distance =
                    hit.distance.map { distance -> String in
                        let compass = hit.bearing.map { " " + Formatting.compass($0) } ?? ""
                        return Formatting.distance(distance, units: units) + compass
                    } ?? ""
                row = [String(number + 1), distance, hit.place.name, hit.place.address ?? "", hit.place.id]
                if walks != nil { row.insert(walkText(number), at: 1) }
                if showDataset { row.insert(hit.place.datasetID, at: 1) }
            } else {
                row = [hit.place.id, hit.place.name, hit.place.address ?? "", hit.place.category ?? ""]
                if showDataset { row.insert(hit.place.datasetID, at: 0) }
            }
            table.add(row)
        }
        return table.render(style: style)
    }

    func json(_ hit: PlaceHit) -> JSONOutput {
        json(hit, walk: nil)
    }

    func json(_ hit: PlaceHit, walk index: Int?) -> JSONOutput {
        .object(
            [
                ("dataset", .string(hit.place.datasetID)),
                ("id", .string(hit.place.id)),
                ("name", .string(hit.place.name)),
                ("latitude", .optional(hit.place.coordinate?.latitude)),
                ("longitude", .optional(hit.place.coordinate?.longitude)),
                ("address", .optional(hit.place.address)),
                ("category", .optional(hit.place.category)),
                ("distance_m", .optional(hit.distance.map { ($0 * 1000).rounded() / 1000 })),
                ("bearing_deg", .optional(hit.bearing.map { ($0 * 10).rounded() / 10 })),
                ("compass", .optional(hit.bearing.map(Formatting.compass))),
            ]
                + (index.map(walkMembers) ?? [])
                + [("attributes", .object(hit.place.attributes.map { ($0.key, .string($0.value)) }))])
    }

    private func csv(_ hits: [PlaceHit]) -> String {
        var keys: [String] = []
        for hit in hits {
            for attribute in hit.place.attributes where !keys.contains(attribute.key) { keys.append(attribute.key) }
        }
        var text = CSVWriter.record(
            [
                "dataset", "id", "name", "latitude", "longitude", "address", "category", "distance_m", "bearing_deg",
                "compass",
            ]
                + (walks == nil ? [] : ["walk_m", "walk_s"])
                + keys.map { "attr:" + $0 })
        for (index, hit) in hits.enumerated() {
            let coordinate = hit.place.coordinate
            var cells = [
                hit.place.datasetID, hit.place.id, hit.place.name,
                coordinate.map { Formatting.number($0.latitude, digits: 7) } ?? "",
                coordinate.map { Formatting.number($0.longitude, digits: 7) } ?? "",
                hit.place.address ?? "", hit.place.category ?? "",
                hit.distance.map { Formatting.number($0, digits: 3) } ?? "",
                hit.bearing.map { Formatting.number($0, digits: 1) } ?? "",
                hit.bearing.map(Formatting.compass) ?? "",
            ]
            for (_, value) in walkMembers(index) {
                if case .number(let number) = value {
                    cells.append(Formatting.number(number, digits: 3))
                } else {
                    cells.append("")
                }
            }
            cells += keys.map { hit.place.attribute($0) ?? "" }
            text += CSVWriter.record(cells)
        }
        return text
    }

    private func geojson(_ hits: [PlaceHit]) -> String {
        var features: [GeoJSONFeature] = []
        for (index, hit) in hits.enumerated() {
            guard let coordinate = hit.place.coordinate, case .object(var properties) = json(hit, walk: index) else {
                continue
            }
            properties.removeAll { $0.0 == "latitude" || $0.0 == "longitude" }
            features.append(GeoJSONFeature(geometry: .point(at: coordinate), properties: properties))
            // Each walk as a LineString, after its place.
            if let walks, walks.indices.contains(index), let walk = walks[index] {
                features.append(
                    GeoJSONFeature(
                        geometry: .lineString(
                            walk.path.map { GeoJSONPosition(latitude: $0.latitude, longitude: $0.longitude) }),
                        properties: [("walk_to", .string(hit.place.id)), ("dataset", .string(hit.place.datasetID))]
                            + walkMembers(index)))
            }
        }
        return GeoJSONWriter().write(features)
    }
}
