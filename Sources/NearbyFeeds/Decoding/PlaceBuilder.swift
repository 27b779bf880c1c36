import Foundation
import NearbyGeo

/// Builds places one record at a time and counts what went wrong on the way; it keeps no
/// place, so a feed of any length streams through it.
///
/// Each place goes to the sink as a ``PlaceDraft``: texts that need no unescaping or
/// normalising are lent straight from the page of a flat JSON record or a CSV row (see
/// `PlaceBuilder+CSV.swift`), others are written once into a buffer reused from record to
/// record.
struct PlaceBuilder {
    let manifest: DatasetManifest
    private(set) var filteredOut = 0
    /// Places built so far, and how many of them have a usable coordinate.
    private(set) var placeCount = 0
    private(set) var locatedCount = 0
    private var rowNumber = 0
    private(set) var missingCoordinates = 0
    private(set) var notDecimal = 0
    private(set) var zeroCoordinates = 0
    private(set) var outOfRange = 0
    private(set) var swapped = 0
    private(set) var unnamed = 0
    private(set) var repeatedIDs = 0
    /// Records with a value that held a NUL (replaced by U+FFFD), and where the first was: its
    /// record (row and, once known, id) and field.
    private(set) var nulRecords = 0
    private var nulRow = 0
    private(set) var firstNul: (row: Int, id: String?, field: String)?
    private var ids = RepeatedIDTable()
    /// The current record's texts that are not in its page.
    let buffer = RecordScratch<UInt8>(capacity: 4096)
    private let attributes = RecordScratch<PlaceDraft.Attribute>()
    let fields = RecordScratch<PlaceDraft.Field>()
    /// The current flat record's members read so far and their texts, so a mapped value read
    /// again as a raw field is not checked or normalised twice.
    private let memberTexts = RecordScratch<MemberText>()
    /// The header of the CSV page being read, resolved against the manifest (see
    /// ``useCSVHeader(_:)``).
    var csvLayout: CSVLayout?
    /// The bytes of the texts of source `.names`: the attributes' keys and labels, then the
    /// CSV header's names while a CSV page is read.
    var names: [UInt8]

    private let keys: FlatFieldKeys
    /// The attributes' keys and labels, back to back (their texts in each draft).
    let attributeNames: [UInt8]
    private let attributeNameTexts: [(key: PlaceDraft.Text, label: PlaceDraft.Text)]

    init(manifest: DatasetManifest) {
        self.manifest = manifest
        keys = FlatFieldKeys(manifest.fields)
        var names: [UInt8] = []
        var texts: [(key: PlaceDraft.Text, label: PlaceDraft.Text)] = []
        func text(_ string: String) -> PlaceDraft.Text {
            let start = names.count
            names.append(contentsOf: string.utf8)
            return PlaceDraft.Text(offset: start, count: names.count - start, source: .names)
        }
        for mapping in manifest.fields.attributes {
            texts.append((text(mapping.key), text(mapping.label)))
        }
        attributeNames = names
        self.names = names
        attributeNameTexts = texts
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
        buffer.removeAll()
        attributes.removeAll()
        fields.removeAll()
        memberTexts.removeAll()
        let page = record.page
        var id = text(record, role: FlatFieldKeys.Role.id) ?? putDecimal(rowNumber)
        let uses: Int
        if id.source == .buffer {
            uses = ids.use(Self.slice(buffer.elements, id))
        } else {
            uses = ids.use(Self.slice(page, id))
        }
        if uses > 1 {
            repeatedIDs += 1
            id = put(string(id, page) + "-\(uses)")
        }
        let name: PlaceDraft.Text
        if let found = text(record, role: FlatFieldKeys.Role.name) {
            name = found
        } else {
            unnamed += 1
            name = id
        }
        for index in 0..<attributeNameTexts.count {
            guard var value = text(record, role: FlatFieldKeys.Role.firstAttribute + index) else {
                continue
            }
            if let marker = manifest.fields.attributes[index].splitBefore, !marker.isEmpty {
                value = put(string(value, page).splitBefore(marker))
            }
            let names = attributeNameTexts[index]
            attributes.append(PlaceDraft.Attribute(key: names.key, label: names.label, value: value))
        }
        let address = text(record, role: FlatFieldKeys.Role.address)
        let category = text(record, role: FlatFieldKeys.Role.category)
        rawFields(of: record)
        let coordinate = coordinate(of: record)
        if let first = firstNul, first.row == rowNumber, first.id == nil {
            let shown = string(id, page)
            firstNul = (first.row, shown, first.field)
        }
        placeCount += 1
        if coordinate != nil { locatedCount += 1 }
        let result: Result<Void, PlaceSinkFull> = names.withUnsafeBufferPointer { names in
            let draft = PlaceDraft(
                datasetID: manifest.id, coordinate: coordinate, id: id, name: name,
                address: address, category: category, attributes: attributes.elements,
                fields: fields.elements, page: page, buffer: buffer.elements, names: names)
            return Result { () throws(PlaceSinkFull) in try sink.add(draft) }
        }
        try result.get()
        return true
    }

    /// Writes `text` into the buffer: the one way a text that needed work enters a place, so the
    /// one place a NUL is decided. A NUL (a CSV byte, a JSON `\u0000`) can be neither shown nor
    /// stored (PostgreSQL's text cannot hold one), so it becomes U+FFFD here, at decode time, and
    /// the first such value is named in ``warnings()`` by record and field.
    mutating func put(_ text: String, field: @autoclosure () -> String = "a field") -> PlaceDraft.Text {
        let start = buffer.count
        if text.utf8.contains(0) {
            if nulRow != rowNumber { nulRecords += 1 }
            nulRow = rowNumber
            if firstNul == nil { firstNul = (rowNumber, nil, field()) }
            for byte in text.utf8 {
                if byte == 0 {
                    buffer.append(0xEF)
                    buffer.append(0xBF)
                    buffer.append(0xBD)
                } else {
                    buffer.append(byte)
                }
            }
        } else {
            buffer.append(utf8: text)
        }
        return PlaceDraft.Text(offset: start, count: buffer.count - start, source: .buffer)
    }

    /// Writes `number`'s decimal digits into the buffer (what `put(String(number))` writes).
    private mutating func putDecimal(_ number: Int) -> PlaceDraft.Text {
        let start = buffer.count
        // 20 digits and a sign fit in 24 bytes, written from the end.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { raw in
            var value = number.magnitude
            var first = raw.count
            repeat {
                first -= 1
                raw[first] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            } while value > 0
            if number < 0 {
                first -= 1
                raw[first] = UInt8(ascii: "-")
            }
            buffer.append(bytes: UnsafeRawBufferPointer(rebasing: raw[first...]))
        }
        return PlaceDraft.Text(offset: start, count: buffer.count - start, source: .buffer)
    }

    private static func slice(_ source: UnsafeBufferPointer<UInt8>, _ text: PlaceDraft.Text)
        -> UnsafeBufferPointer<UInt8>
    {
        UnsafeBufferPointer(rebasing: source[text.offset..<(text.offset + text.count)])
    }

    private func string(_ text: PlaceDraft.Text, _ page: UnsafeBufferPointer<UInt8>) -> String {
        guard text.source == .buffer else { return String(decoding: Self.slice(page, text), as: UTF8.self) }
        return String(decoding: Self.slice(buffer.elements, text), as: UTF8.self)
    }

    /// The manifest's path for `role` (see ``FlatFieldKeys/Role``).
    func path(_ role: Int) -> FieldPath? {
        let fields = manifest.fields
        switch role {
        case FlatFieldKeys.Role.id: return fields.id
        case FlatFieldKeys.Role.name: return fields.name
        case FlatFieldKeys.Role.latitude: return fields.latitude
        case FlatFieldKeys.Role.longitude: return fields.longitude
        case FlatFieldKeys.Role.address: return fields.address
        case FlatFieldKeys.Role.category: return fields.category
        default: return fields.attributes[role - FlatFieldKeys.Role.firstAttribute].field
        }
    }

    /// The normalised text of `role`'s field (or its first fallback that has one), or nil.
    private mutating func text(_ record: FeedRecord, role: Int) -> PlaceDraft.Text? {
        if case .csv(let row, _) = record, let layout = csvLayout {
            return csvText(row, role: role, layout)
        }
        guard case .flat(let flat) = record else {
            guard let path = path(role), let found = record.text(at: path) else { return nil }
            return put(found, field: path.text)
        }
        for choice in 0..<keys.choiceCount(role) {
            if let member = keys.member(flat, role: role, choice: choice),
                let found = text(flat, member)
            {
                return found
            }
        }
        return nil
    }

    /// A flat record's member as normalised text: in place when it needs no work; read once
    /// per record.
    private mutating func text(_ flat: JSONFlatRecord, _ member: JSONFlatRecord.Member)
        -> PlaceDraft.Text?
    {
        for known in memberTexts.elements where known.valueStart == member.valueStart { return known.text }
        let text = readText(flat, member)
        memberTexts.append(MemberText(valueStart: member.valueStart, text: text))
        return text
    }

    private mutating func readText(_ flat: JSONFlatRecord, _ member: JSONFlatRecord.Member)
        -> PlaceDraft.Text?
    {
        var (string, inPlace) = flat.scalarText(member)
        if inPlace {
            let raw = flat.raw(member)
            if String.isAlreadyNormal(raw) {
                return PlaceDraft.Text(offset: member.valueStart, count: raw.count, source: .page)
            }
            string = String(decoding: raw, as: UTF8.self)
        }
        guard let normal = string?.normalizedFeedValue() else { return nil }
        return put(normal, field: String(decoding: flat.key(member), as: UTF8.self))
    }

    /// Every field of the record that has a value, in source order (``FeedRecord/flattenedFields()``).
    private mutating func rawFields(of record: FeedRecord) {
        if case .csv(let row, _) = record, let layout = csvLayout {
            csvRawFields(row, layout)
            return
        }
        guard case .flat(let flat) = record else {
            for field in record.flattenedFields() {
                fields.append(
                    PlaceDraft.Field(name: put(field.name), value: put(field.value, field: field.name)))
            }
            return
        }
        for member in flat.members where member.keyEnd > member.keyStart {
            guard let value = text(flat, member) else { continue }
            let name = PlaceDraft.Text(
                offset: member.keyStart, count: member.keyEnd - member.keyStart, source: .page)
            fields.append(PlaceDraft.Field(name: name, value: value))
        }
    }

    private mutating func coordinate(of record: FeedRecord) -> Coordinate? {
        let latitude = degrees(record, role: FlatFieldKeys.Role.latitude)
        let longitude = degrees(record, role: FlatFieldKeys.Role.longitude)
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
    /// `mutating` though it changes nothing: called from ``add(_:into:)``, a non-mutating
    /// method is given a copy of the whole builder (two `memcpy`s a place, 1 % of a refresh).
    private mutating func degrees(_ record: FeedRecord, role: Int) -> DecimalDegrees.Reading? {
        if case .csv(let row, _) = record, let layout = csvLayout {
            return csvDegrees(row, role: role, layout)
        }
        if case .flat(let flat) = record {
            for choice in 0..<keys.choiceCount(role) {
                guard let member = keys.member(flat, role: role, choice: choice) else { continue }
                if let reading = DecimalDegrees.read(flat, member) { return reading }
            }
            return nil
        }
        guard let path = path(role) else { return nil }
        for choice in path.choices {
            if let number = record.number(atOne: choice) {
                return number.isFinite ? .value(number) : .infinite
            }
            if let text = record.text(atOne: choice) { return DecimalDegrees.read(text) }
        }
        return nil
    }

    /// A flat record's member read (by where its value starts) and its text.
    struct MemberText {
        var valueStart: Int
        var text: PlaceDraft.Text?
    }

    /// How the NUL decision is worded (the refresh keeps that sentence for the user).
    static let nulWording = "a NUL character, which cannot be shown or stored"
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
