import Foundation
import NearbyGeo

/// Builds places one record at a time and counts what went wrong on the way.
struct PlaceBuilder {
    let manifest: DatasetManifest
    private(set) var places: [Place] = []
    private(set) var filteredOut = 0
    private var rowNumber = 0
    private var missingCoordinates = 0
    private var zeroCoordinates = 0
    private var outOfRange = 0
    private var swapped = 0
    private var unnamed = 0
    private var repeatedIDs = 0
    private var idUses: [String: Int] = [:]

    init(manifest: DatasetManifest) {
        self.manifest = manifest
    }

    /// Places kept without a usable coordinate.
    var unplacedCount: Int { missingCoordinates + zeroCoordinates + outOfRange }

    mutating func add(_ record: FeedRecord) {
        rowNumber += 1
        if let filter = manifest.filter, !filter.accepts(record.text(at: filter.field)) {
            filteredOut += 1
            return
        }
        let fields = manifest.fields
        var id = fields.id.flatMap { record.text(at: $0) } ?? String(rowNumber)
        let uses = idUses[id, default: 0] + 1
        idUses[id] = uses
        if uses > 1 {
            repeatedIDs += 1
            id += "-\(uses)"
        }
        let name: String
        if let found = record.text(at: fields.name) {
            name = found
        } else {
            unnamed += 1
            name = id
        }
        var attributes: [PlaceAttribute] = []
        for mapping in fields.attributes {
            guard var value = record.text(at: mapping.field) else { continue }
            if let marker = mapping.splitBefore, !marker.isEmpty {
                value = value.splitBefore(marker)
            }
            attributes.append(PlaceAttribute(key: mapping.key, label: mapping.label, value: value))
        }
        places.append(
            Place(
                datasetID: manifest.id, id: id, name: name,
                coordinate: coordinate(of: record),
                address: fields.address.flatMap { record.text(at: $0) },
                category: fields.category.flatMap { record.text(at: $0) },
                attributes: attributes, fields: record.flattenedFields()))
    }

    private mutating func coordinate(of record: FeedRecord) -> Coordinate? {
        guard let latitude = degrees(record, manifest.fields.latitude),
            let longitude = degrees(record, manifest.fields.longitude)
        else {
            missingCoordinates += 1
            return nil
        }
        if latitude == 0, longitude == 0 {
            zeroCoordinates += 1
            return nil
        }
        guard let coordinate = Coordinate(latitude: latitude, longitude: longitude) else {
            outOfRange += 1
            if Coordinate(latitude: longitude, longitude: latitude) != nil { swapped += 1 }
            return nil
        }
        return coordinate
    }

    private func degrees(_ record: FeedRecord, _ path: FieldPath) -> Double? {
        if let number = record.number(at: path) { return number.isFinite ? number : nil }
        guard let text = record.text(at: path) else { return nil }
        if let value = Double(text) { return value.isFinite ? value : nil }
        let compact = text.unicodeScalars.filter { !String.isFeedSpace($0) }
        guard let value = Double(String(String.UnicodeScalarView(compact))), value.isFinite
        else { return nil }
        return value
    }

    /// One sentence per thing worth telling the user.
    func warnings() -> [String] {
        var warnings: [String] = []
        if unplacedCount > 0 {
            var parts: [String] = []
            if missingCoordinates > 0 { parts.append("\(missingCoordinates) missing") }
            if zeroCoordinates > 0 { parts.append("\(zeroCoordinates) at 0,0") }
            if outOfRange > 0 { parts.append("\(outOfRange) out of range") }
            let swapNote =
                swapped > 0
                ? ", of which \(swapped) \(swapped == 1 ? "looks" : "look") like latitude and longitude swapped"
                : ""
            warnings.append(
                "\(Self.count(unplacedCount, "record has", "records have")) no usable coordinates "
                    + "and \(unplacedCount == 1 ? "is" : "are") listed but never ranked by distance "
                    + "(\(parts.joined(separator: ", "))\(swapNote)).")
        }
        if filteredOut > 0, let filter = manifest.filter {
            let rule =
                filter.equals.map { "\(filter.field.text) equals \($0)" }
                ?? "\(filter.field.text) starts with \(filter.prefix ?? "")"
            warnings.append(
                "\(Self.count(filteredOut, "record was", "records were")) filtered out (kept only \(rule))."
            )
        }
        if repeatedIDs > 0 {
            warnings.append(
                "\(Self.count(repeatedIDs, "record repeats", "records repeat")) an earlier id and "
                    + "\(repeatedIDs == 1 ? "was" : "were") given a suffix such as \"-2\".")
        }
        if unnamed > 0 {
            warnings.append(
                "\(Self.count(unnamed, "record has", "records have")) no name; the id is shown instead."
            )
        }
        return warnings
    }

    private static func count(_ n: Int, _ singular: String, _ plural: String) -> String {
        "\(n) \(n == 1 ? singular : plural)"
    }
}

extension String {
    /// Cuts the text before each occurrence of `marker` (except at the very start) and joins
    /// the pieces with a space: `"http://a.jpghttp://b.jpg"` → `"http://a.jpg http://b.jpg"`.
    func splitBefore(_ marker: String) -> String {
        var pieces: [Substring] = []
        var rest = Substring(self)
        while let range = rest.dropFirst().range(of: marker) {
            pieces.append(rest[..<range.lowerBound])
            rest = rest[range.lowerBound...]
        }
        pieces.append(rest)
        return pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
