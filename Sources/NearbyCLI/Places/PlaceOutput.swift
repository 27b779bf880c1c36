import NearbyBasics
import NearbyFeeds
import NearbyGeo
import NearbyRuns

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

    func render(_ hits: [PlaceHit], format: OutputFormat) -> String {
        switch format {
        case .json: return JSONOutput.array(hits.map(json)).rendered()
        case .csv: return csv(hits)
        case .geojson: return geojson(hits)
        default: return table(hits)
        }
    }

    func distanceText(_ metres: Double) -> String {
        units == .imperial ? Formatting.distanceImperial(metres) : Formatting.distance(metres)
    }

    private func table(_ hits: [PlaceHit]) -> String {
        let ranked = hits.contains { $0.distance != nil }
        var headers = ranked ? ["#", "DISTANCE", "NAME", "ADDRESS", "ID"] : ["ID", "NAME", "ADDRESS", "CATEGORY"]
        if showDataset { headers.insert("DATASET", at: ranked ? 1 : 0) }
        var table = Table(headers: headers, rightAligned: ranked ? [0] : [])
        for (number, hit) in hits.enumerated() {
            var row: [String]
            if ranked {
                let distance =
                    hit.distance.map { distance -> String in
                        let compass = hit.bearing.map { " " + Formatting.compass($0) } ?? ""
                        return distanceText(distance) + compass
                    } ?? ""
                row = [String(number + 1), distance, hit.place.name, hit.place.address ?? "", hit.place.id]
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
        .object([
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
            ("attributes", .object(hit.place.attributes.map { ($0.key, .string($0.value)) })),
        ])
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
                + keys.map { "attr:" + $0 })
        for hit in hits {
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
            cells += keys.map { hit.place.attribute($0) ?? "" }
            text += CSVWriter.record(cells)
        }
        return text
    }

    private func geojson(_ hits: [PlaceHit]) -> String {
        let features: [GeoJSONFeature] = hits.compactMap { hit in
            guard let coordinate = hit.place.coordinate, case .object(var properties) = json(hit) else { return nil }
            properties.removeAll { $0.0 == "latitude" || $0.0 == "longitude" }
            return GeoJSONFeature(geometry: .point(at: coordinate), properties: properties)
        }
        return GeoJSONWriter().write(features)
    }
}
