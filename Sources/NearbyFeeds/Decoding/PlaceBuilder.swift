import Foundation
import NearbyGeo

/// Builds places one record at a time and counts what went wrong on the way; it keeps no
/// place, so a feed of any length streams through it.
///
/// Each place goes to the sink as a ``PlaceDraft``: texts that need no unescaping or
/// normalising are lent straight from the page of a flat JSON record, others are written once
/// into a buffer reused from record to record.
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
    private var ids = RepeatedIDTable()
    /// The current record's texts that are not in its page.
    private var buffer: [UInt8] = []
    private var attributes: [PlaceDraft.Attribute] = []
    private var fields: [PlaceDraft.Field] = []

    init(manifest: DatasetManifest) {
        self.manifest = manifest
    }

    /// Places kept without a usable coordinate.
    var unplacedCount: Int { missingCoordinates + notDecimal + zeroCoordinates + outOfRange }

    /// Lets go of the ids seen (for repeats), once the feed is complete.
    mutating func forgetIDs() {
        ids.removeAll()
    }

    /// The place for `record`, as a value (tests and small callers).
    mutating func add(_ record: FeedRecord) -> Place? {
        var places: [Place] = []
        // An array never refuses a place.
        _ = try? add(record, into: &places)
        return places.first
    }

    /// Builds the place for `record` and gives it to `sink`; false when the manifest's filter
    /// drops the record.
    @discardableResult
    mutating func add<Sink: PlaceSink>(_ record: FeedRecord, into sink: inout Sink)
        throws(PlaceSinkFull) -> Bool
    {
        rowNumber += 1
        if let filter = manifest.filter, !filter.accepts(record.text(at: filter.field)) {
            filteredOut += 1
            return false
        }
        buffer.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        let page = record.page
        let fieldMap = manifest.fields
        var id = fieldMap.id.flatMap { text(record, $0) } ?? put(String(rowNumber))
        let uses: Int
        if id.inBuffer {
            uses = buffer.withUnsafeBufferPointer { ids.use(Self.slice($0, id)) }
        } else {
            uses = ids.use(Self.slice(page, id))
        }
        if uses > 1 {
            repeatedIDs += 1
            id = put(string(id, page) + "-\(uses)")
        }
        let name: PlaceDraft.Text
        if let found = text(record, fieldMap.name) {
            name = found
        } else {
            unnamed += 1
            name = id
        }
        for (index, mapping) in fieldMap.attributes.enumerated() {
            guard var value = text(record, mapping.field) else { continue }
            if let marker = mapping.splitBefore, !marker.isEmpty {
                value = put(string(value, page).splitBefore(marker))
            }
            attributes.append(PlaceDraft.Attribute(mapping: index, value: value))
        }
        let address = fieldMap.address.flatMap { text(record, $0) }
        let category = fieldMap.category.flatMap { text(record, $0) }
        rawFields(of: record)
        let coordinate = coordinate(of: record)
        placeCount += 1
        if coordinate != nil { locatedCount += 1 }
        let result: Result<Void, PlaceSinkFull> = buffer.withUnsafeBufferPointer { buffer in
            attributes.withUnsafeBufferPointer { attributes in
                fields.withUnsafeBufferPointer { fields in
                    let draft = PlaceDraft(
                        datasetID: manifest.id, coordinate: coordinate, id: id, name: name,
                        address: address, category: category, mappings: fieldMap.attributes,
                        attributes: attributes, fields: fields, page: page, buffer: buffer)
                    return Result { () throws(PlaceSinkFull) in try sink.add(draft) }
                }
            }
        }
        try result.get()
        return true
    }

    /// Writes `text` into the buffer.
    private mutating func put(_ text: String) -> PlaceDraft.Text {
        let start = buffer.count
        buffer.append(contentsOf: text.utf8)
        return PlaceDraft.Text(offset: start, count: buffer.count - start, inBuffer: true)
    }

    private static func slice(_ source: UnsafeBufferPointer<UInt8>, _ text: PlaceDraft.Text)
        -> UnsafeBufferPointer<UInt8>
    {
        UnsafeBufferPointer(rebasing: source[text.offset..<(text.offset + text.count)])
    }

    private func string(_ text: PlaceDraft.Text, _ page: UnsafeBufferPointer<UInt8>) -> String {
        guard text.inBuffer else { return String(decoding: Self.slice(page, text), as: UTF8.self) }
        return buffer.withUnsafeBufferPointer {
            String(decoding: Self.slice($0, text), as: UTF8.self)
        }
    }

    /// The normalised text at `path` (or its first fallback that has one), or nil.
    private mutating func text(_ record: FeedRecord, _ path: FieldPath) -> PlaceDraft.Text? {
        guard case .flat(let flat) = record else { return record.text(at: path).map { put($0) } }
        for position in 0...path.fallbacks.count {
            let choice = position == 0 ? path : path.fallbacks[position - 1]
            if let member = flat.member(at: choice), let found = text(flat, member) {
                return found
            }
        }
        return nil
    }

    /// A flat record's member as normalised text: in place when it needs no work.
    private mutating func text(_ flat: JSONFlatRecord, _ member: JSONFlatRecord.Member)
        -> PlaceDraft.Text?
    {
        var (string, inPlace) = flat.scalarText(member)
        if inPlace {
            let raw = flat.raw(member)
            if String.isAlreadyNormal(raw) {
                return PlaceDraft.Text(offset: member.valueStart, count: raw.count, inBuffer: false)
            }
            string = String(decoding: raw, as: UTF8.self)
        }
        return string?.normalizedFeedValue().map { put($0) }
    }

    /// Every field of the record that has a value, in source order (``FeedRecord/flattenedFields()``).
    private mutating func rawFields(of record: FeedRecord) {
        guard case .flat(let flat) = record else {
            for field in record.flattenedFields() {
                fields.append(PlaceDraft.Field(name: put(field.name), value: put(field.value)))
            }
            return
        }
        for member in flat.members where member.keyEnd > member.keyStart {
            guard let value = text(flat, member) else { continue }
            let name = PlaceDraft.Text(
                offset: member.keyStart, count: member.keyEnd - member.keyStart, inBuffer: false)
            fields.append(PlaceDraft.Field(name: name, value: value))
        }
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
            if case .flat(let flat) = record {
                guard let member = flat.member(at: choice) else { continue }
                if let reading = DecimalDegrees.read(flat, member) { return reading }
                continue
            }
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
