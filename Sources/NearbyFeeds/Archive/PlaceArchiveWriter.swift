import NearbyGeo

/// Writes places and their spatial index into the archive format of ``PlaceArchiveLayout``.
public struct PlaceArchiveWriter: Sendable {
    public init() {}

    /// The archive bytes for `places`, tagged with `sourceTag` (see ``PlaceArchive/sourceTag(checksum:manifest:)``).
    public func encode(_ places: [Place], sourceTag: UInt64) -> [UInt8] {
        var strings = StringPool()
        var names: [String: UInt32] = [:]
        var nameRefs: [(UInt64, UInt64)] = []
        func nameIndex(_ key: String, _ label: String) -> UInt32 {
            let lookup = key + "\u{0}" + label
            if let index = names[lookup] { return index }
            let index = UInt32(nameRefs.count)
            names[lookup] = index
            nameRefs.append((strings.ref(key), strings.ref(label)))
            return index
        }
        var records = ByteBuffer()
        var pairs = ByteBuffer()
        var pairCount: UInt32 = 0
        var located: [Coordinate] = []
        var map: [UInt32] = []
        for (number, place) in places.enumerated() {
            records.append(place.coordinate?.latitude ?? .nan)
            records.append(place.coordinate?.longitude ?? .nan)
            records.append(strings.ref(place.id))
            records.append(strings.ref(place.name))
            records.append(strings.ref(place.address))
            records.append(strings.ref(place.category))
            records.append(pairCount)
            let attributeCount = min(place.attributes.count, Int(UInt16.max))
            let fieldCount = min(place.fields.count, Int(UInt16.max))
            records.append(UInt16(attributeCount))
            records.append(UInt16(fieldCount))
            for attribute in place.attributes.prefix(attributeCount) {
                pairs.append(nameIndex(attribute.key, attribute.label))
                pairs.append(strings.ref(attribute.value))
            }
            for field in place.fields.prefix(fieldCount) {
                pairs.append(nameIndex(field.name, ""))
                pairs.append(strings.ref(field.value))
            }
            pairCount += UInt32(attributeCount + fieldCount)
            if let coordinate = place.coordinate {
                located.append(coordinate)
                map.append(UInt32(number))
            }
        }
        var nameTable = ByteBuffer()
        for (key, label) in nameRefs {
            nameTable.append(key)
            nameTable.append(label)
        }
        var mapBuffer = ByteBuffer()
        for number in map { mapBuffer.append(number) }
        let index = SpatialIndex(located).serialized()
        // The index goes last: it carries its own checksum, so the archive's covers everything before it.
        let sections: [[UInt8]] = [nameTable.bytes, records.bytes, pairs.bytes, strings.bytes, mapBuffer.bytes, index]

        var file = ByteBuffer()
        file.bytes += PlaceArchiveLayout.magic
        file.append(PlaceArchiveLayout.version)
        file.append(UInt32(0))
        file.append(UInt64(places.count))
        file.append(sourceTag)
        file.append(UInt64(0))  // hash of the block table, filled below
        file.append(UInt64(0))  // total size, filled below
        file.bytes += [UInt8](repeating: 0, count: PlaceArchiveLayout.headerSize - file.bytes.count)
        var table: [(Int, Int)] = []
        for (number, section) in sections.enumerated() {
            let start = PlaceArchiveLayout.aligned(file.bytes.count, section: number)
            file.bytes += [UInt8](repeating: 0, count: start - file.bytes.count)
            table.append((file.bytes.count, section.count))
            file.bytes += section
            file.bytes += [UInt8](repeating: 0, count: ((section.count + 7) & ~7) - section.count)
        }
        // Per-block hashes of everything between the header and the index (the index checks its own).
        let checkedEnd = table[5].0
        var blocks = ByteBuffer()
        file.bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var start = PlaceArchiveLayout.headerSize
            while start < checkedEnd {
                let length = min(PlaceArchiveLayout.blockSize, checkedEnd - start)
                blocks.append(IndexChecksum.hash(base + start, byteCount: length))
                start += length
            }
        }
        table.append((file.bytes.count, blocks.bytes.count))
        file.bytes += blocks.bytes
        for (number, (offset, length)) in table.enumerated() {
            file.write(UInt64(offset), at: PlaceArchiveLayout.sectionTableOffset + 16 * number)
            file.write(UInt64(length), at: PlaceArchiveLayout.sectionTableOffset + 16 * number + 8)
        }
        let tableHash = blocks.bytes.withUnsafeBytes { raw -> UInt64 in
            guard let base = raw.baseAddress else { return 0 }
            return IndexChecksum.hash(base, byteCount: raw.count)
        }
        file.write(tableHash, at: 32)
        file.write(UInt64(file.bytes.count), at: 40)
        return file.bytes
    }
}

/// Interned UTF-8 strings; a ref is offset (low 32 bits) and length (high 32 bits).
struct StringPool {
    private(set) var bytes: [UInt8] = []
    private var seen: [String: UInt64] = [:]

    mutating func ref(_ text: String?) -> UInt64 {
        guard let text else { return UInt64(PlaceArchiveLayout.absent) << 32 }
        if let known = seen[text] { return known }
        let utf8 = Array(text.utf8)
        let ref = UInt64(UInt32(bytes.count)) | UInt64(UInt32(utf8.count)) << 32
        bytes += utf8
        seen[text] = ref
        return ref
    }
}

/// A growing little-endian byte buffer.
struct ByteBuffer {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func append(_ value: Double) { append(value.bitPattern) }

    mutating func write(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for (i, byte) in raw.enumerated() { bytes[offset + i] = byte }
        }
    }
}
