import NearbyGeo

/// Reads records of a mapped ``PlaceArchive``, checking every reference against its section.
struct PlaceArchiveReader {
    let archive: PlaceArchive

    func place(at record: Int) throws(PlaceArchiveError) -> Place {
        guard record >= 0, record < archive.count else { throw .damagedRecord(record) }
        let base = archive.section(1).lowerBound + record * PlaceArchiveLayout.recordSize
        try archive.check(base..<(base + PlaceArchiveLayout.recordSize))
        let latitude = Double(bitPattern: u64(base))
        let longitude = Double(bitPattern: u64(base + 8))
        let id = try string(u64(base + 16), record) ?? String(record + 1)
        let name = try string(u64(base + 24), record) ?? ""
        let address = try string(u64(base + 32), record)
        let category = try string(u64(base + 40), record)
        let firstValue = Int(u32(base + 48))
        let layout = try counts(record)
        let shape = try shapeWords(of: Int(u32(base + 52)), layout, record)
        var attributes: [PlaceAttribute] = []
        var fields: [PlaceField] = []
        attributes.reserveCapacity(shape.attributeCount)
        fields.reserveCapacity(shape.fieldCount)
        let fieldNames = shape.first + 2 + 2 * shape.attributeCount
        for position in 0..<shape.fieldCount {
            let (key, _) = try nameEntry(Int(try word(fieldNames + position, record)), layout.names, record)
            fields.append(PlaceField(name: key, value: try value(firstValue + position, record)))
        }
        var own = firstValue + shape.fieldCount
        for position in 0..<shape.attributeCount {
            let (key, label) = try nameEntry(
                Int(try word(shape.first + 2 + 2 * position, record)), layout.names, record)
            let source = try word(shape.first + 3 + 2 * position, record)
            let text: String
            if source == ArchiveShapes.ownValue {
                text = try value(own, record)
                own += 1
            } else {
                guard Int(source) < fields.count else { throw .damagedRecord(record) }
                text = fields[Int(source)].value
            }
            attributes.append(PlaceAttribute(key: key, label: label, value: text))
        }
        return Place(
            datasetID: archive.datasetID, id: id, name: name,
            coordinate: latitude.isNaN ? nil : Coordinate(latitude: latitude, longitude: longitude),
            address: address, category: category, attributes: attributes, fields: fields)
    }

    /// Where the names section's parts are: its name count and shape count (checked against
    /// the section's size), in words of 4 bytes from the section's start.
    private func counts(_ record: Int) throws(PlaceArchiveError) -> (names: Int, shapes: Int, words: Int) {
        let section = archive.section(0)
        guard section.count >= 8 else { throw .damagedRecord(record) }
        try archive.check(section.lowerBound..<(section.lowerBound + 8))
        let names = Int(u32(section.lowerBound))
        let shapes = Int(u32(section.lowerBound + 4))
        // Both are below 2^32: no product or sum here can overflow.
        let fixed = 8 + names * PlaceArchiveLayout.nameSize + shapes * 4
        guard fixed <= section.count else { throw .damagedRecord(record) }
        return (names, shapes, (fixed - 8) / 4 + 2)
    }

    /// Where shape `number`'s words start (in words from the section's start) and its counts.
    private func shapeWords(
        of number: Int, _ layout: (names: Int, shapes: Int, words: Int), _ record: Int
    ) throws(PlaceArchiveError) -> (first: Int, attributeCount: Int, fieldCount: Int) {
        let (_, shapes, wordsStart) = layout
        guard number < shapes else { throw .damagedRecord(record) }
        let first = wordsStart + Int(try word(wordsStart - shapes + number, record))
        let attributeCount = Int(try word(first, record))
        let fieldCount = Int(try word(first + 1, record))
        // The shape's last word must be inside the section (checked as it is read, too).
        guard attributeCount <= Int(UInt16.max), fieldCount <= Int(UInt16.max) else {
            throw .damagedRecord(record)
        }
        return (first, attributeCount, fieldCount)
    }

    /// The names section's word `index` (4 bytes each from the section's start).
    private func word(_ index: Int, _ record: Int) throws(PlaceArchiveError) -> UInt32 {
        let section = archive.section(0)
        let offset = section.lowerBound + 4 * index
        guard index >= 0, offset + 4 <= section.upperBound else { throw .damagedRecord(record) }
        try archive.check(offset..<(offset + 4))
        return u32(offset)
    }

    /// The text of value `index` of the values section.
    private func value(_ index: Int, _ record: Int) throws(PlaceArchiveError) -> String {
        let values = archive.section(2)
        let offset = values.lowerBound + index * PlaceArchiveLayout.valueSize
        guard offset + PlaceArchiveLayout.valueSize <= values.upperBound else { throw .damagedRecord(record) }
        try archive.check(offset..<(offset + PlaceArchiveLayout.valueSize))
        return try string(u64(offset), record) ?? ""
    }

    private func nameEntry(_ index: Int, _ count: Int, _ record: Int) throws(PlaceArchiveError) -> (String, String) {
        let names = archive.section(0)
        guard index < count else { throw .damagedRecord(record) }
        let offset = names.lowerBound + 8 + index * PlaceArchiveLayout.nameSize
        guard offset + PlaceArchiveLayout.nameSize <= names.upperBound else { throw .damagedRecord(record) }
        try archive.check(offset..<(offset + PlaceArchiveLayout.nameSize))
        return (try string(u64(offset), record) ?? "", try string(u64(offset + 8), record) ?? "")
    }

    private func string(_ ref: UInt64, _ record: Int) throws(PlaceArchiveError) -> String? {
        let length = UInt32(truncatingIfNeeded: ref >> 32)
        if length == PlaceArchiveLayout.absent { return nil }
        let strings = archive.section(3)
        let start = strings.lowerBound + Int(UInt32(truncatingIfNeeded: ref))
        let end = start + Int(length)
        guard end <= strings.upperBound else { throw .damagedRecord(record) }
        try archive.check(start..<end)
        return String(decoding: UnsafeRawBufferPointer(rebasing: archive.bytes[start..<end]), as: UTF8.self)
    }

    private func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: archive.bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    private func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: archive.bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    private func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: archive.bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }
}
