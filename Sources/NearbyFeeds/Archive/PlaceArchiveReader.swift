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
        let firstPair = Int(u32(base + 48))
        let attributeCount = Int(u16(base + 52))
        let fieldCount = Int(u16(base + 54))
        var attributes: [PlaceAttribute] = []
        var fields: [PlaceField] = []
        let pairs = archive.section(2)
        for pair in firstPair..<(firstPair + attributeCount + fieldCount) {
            let offset = pairs.lowerBound + pair * PlaceArchiveLayout.pairSize
            guard offset + PlaceArchiveLayout.pairSize <= pairs.upperBound else { throw .damagedRecord(record) }
            try archive.check(offset..<(offset + PlaceArchiveLayout.pairSize))
            let (key, label) = try nameEntry(Int(u32(offset)), record)
            let value = try string(u64(offset + 4), record) ?? ""
            if pair - firstPair < attributeCount {
                attributes.append(PlaceAttribute(key: key, label: label, value: value))
            } else {
                fields.append(PlaceField(name: key, value: value))
            }
        }
        return Place(
            datasetID: archive.datasetID, id: id, name: name,
            coordinate: latitude.isNaN ? nil : Coordinate(latitude: latitude, longitude: longitude),
            address: address, category: category, attributes: attributes, fields: fields)
    }

    private func nameEntry(_ index: Int, _ record: Int) throws(PlaceArchiveError) -> (String, String) {
        let names = archive.section(0)
        let offset = names.lowerBound + index * PlaceArchiveLayout.nameSize
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
