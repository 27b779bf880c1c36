import Foundation
import NearbyGeo

/// Builds places one record at a time and counts what went wrong on the way; it keeps no
/// place, so a feed of any length streams through it.
struct PlaceBuilder {
    let manifest: DatasetManifest
    private(set) var filteredOut = 0
    /// Places built so far, and how many of them have a usable coordinate.
    private(set) var placeCount = 0
    private(set) var locatedCount = 0
    private var rowNumber = 0
    private var missingCoordinates = 0
    private var notDecimal = 0
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
    var unplacedCount: Int { missingCoordinates + notDecimal + zeroCoordinates + outOfRange }

    /// Lets go of the ids seen (for repeats), once the feed is complete.
    mutating func forgetIDs() {
        idUses = [:]
    }

    /// The place for `record`, or nil when the manifest's filter drops it.
    mutating func add(_ record: FeedRecord) -> Place? {
        rowNumber += 1
        if let filter = manifest.filter, !filter.accepts(record.text(at: filter.field)) {
            filteredOut += 1
            return nil
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
        let coordinate = coordinate(of: record)
        placeCount += 1
        if coordinate != nil { locatedCount += 1 }
        return Place(
            datasetID: manifest.id, id: id, name: name, coordinate: coordinate,
            address: fields.address.flatMap { record.text(at: $0) },
            category: fields.category.flatMap { record.text(at: $0) },
            attributes: attributes, fields: record.flattenedFields())
    }

    private mutating func coordinate(of record: FeedRecord) -> Coordinate? {
        let latitude = degrees(record, manifest.fields.latitude)
        let longitude = degrees(record, manifest.fields.longitude)
        if latitude == nil || longitude == nil {
            missingCoordinates += 1
            return nil
        }
        guard case .value(let latitude)? = latitude, case .value(let longitude)? = longitude
        else {
            if latitude == .notDecimal || longitude == .notDecimal {
                notDecimal += 1
            } else {
                outOfRange += 1
            }
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

    /// The first of the path's choices that has a value, read as decimal degrees; nil when none
    /// has one. JSON numbers are decimal by the JSON grammar (`1e999` reads as infinite).
    private func degrees(_ record: FeedRecord, _ path: FieldPath) -> DecimalDegrees.Reading? {
        for position in 0...path.fallbacks.count {
            let choice = position == 0 ? path : path.fallbacks[position - 1]
            if let number = record.number(atOne: choice) {
                return number.isFinite ? .value(number) : .infinite
            }
            if let text = record.text(atOne: choice) { return DecimalDegrees.read(text) }
        }
        return nil
    }

    /// One sentence per thing worth telling the user.
    func warnings() -> [String] {
        var warnings: [String] = []
        if unplacedCount > 0 {
            var parts: [String] = []
            if missingCoordinates > 0 { parts.append("\(missingCoordinates) missing") }
            if notDecimal > 0 { parts.append("\(notDecimal) not in decimal degrees") }
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
