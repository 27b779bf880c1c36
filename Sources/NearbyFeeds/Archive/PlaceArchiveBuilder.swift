import Foundation
import NearbyGeo

/// Writes a place archive (``PlaceArchiveLayout``) one place at a time, so a feed streams from
/// its pages into the archive without a list of places in between.
///
/// Memory is the archive's own sections while they grow, plus a bounded table that shares
/// repeated text; ``finish(sourceTag:)`` moves the sections into the final bytes one by one,
/// releasing each as it goes. ``PlaceArchiveWriter/encode(_:sourceTag:)`` is this builder over
/// an array.
public struct PlaceArchiveBuilder: PlaceSink {
    private var strings = ArchiveStrings()
    private var names: [String: UInt32] = [:]
    private var nameTable = ByteBuffer()
    private var records = ByteBuffer()
    private var pairs = ByteBuffer()
    private var pairCount: UInt32 = 0
    private var located: [Coordinate] = []
    private var map = ByteBuffer()
    /// Places added so far.
    public private(set) var count = 0

    public init() {}

    /// Adds the next place; throws when the archive's 32-bit offsets cannot hold it.
    public mutating func add(_ place: Place) throws(PlaceSinkFull) {
        guard let number = UInt32(exactly: count), number < UInt32.max else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max - 1) places")
        }
        let attributeCount = min(place.attributes.count, Int(UInt16.max))
        let fieldCount = min(place.fields.count, Int(UInt16.max))
        let (nextPair, overflow) = pairCount.addingReportingOverflow(
            UInt32(attributeCount + fieldCount))
        guard !overflow else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max) fields")
        }
        records.append(place.coordinate?.latitude ?? .nan)
        records.append(place.coordinate?.longitude ?? .nan)
        records.append(try strings.ref(place.id))
        records.append(try strings.ref(place.name))
        records.append(try strings.ref(place.address))
        records.append(try strings.ref(place.category))
        records.append(pairCount)
        records.append(UInt16(attributeCount))
        records.append(UInt16(fieldCount))
        for attribute in place.attributes.prefix(attributeCount) {
            pairs.append(try nameIndex(attribute.key, attribute.label))
            pairs.append(try strings.ref(attribute.value))
        }
        for field in place.fields.prefix(fieldCount) {
            pairs.append(try nameIndex(field.name, ""))
            pairs.append(try strings.ref(field.value))
        }
        pairCount = nextPair
        if let coordinate = place.coordinate {
            located.append(coordinate)
            map.append(number)
        }
        count += 1
    }

    private mutating func nameIndex(_ key: String, _ label: String) throws(PlaceSinkFull) -> UInt32 {
        let lookup = key + "\u{0}" + label
        if let index = names[lookup] { return index }
        let index = UInt32(truncatingIfNeeded: names.count)
        names[lookup] = index
        nameTable.append(try strings.ref(key))
        nameTable.append(try strings.ref(label))
        return index
    }

    /// The archive as bytes, tagged with `sourceTag` (see ``PlaceArchive/sourceTag(checksum:manifest:)``).
    public consuming func finish(sourceTag: UInt64) -> Data {
        let index = SpatialIndex(located).serialized()
        located = []
        let placeCount = UInt64(count)
        // The index goes last: it carries its own checksum, so the archive's covers everything before it.
        var sections: [[UInt8]] = [
            nameTable.take(), records.take(), pairs.take(), strings.take(), map.take(), index,
        ]
        var table: [(Int, Int)] = []
        var size = PlaceArchiveLayout.headerSize
        for (number, section) in sections.enumerated() {
            size = PlaceArchiveLayout.aligned(size, section: number)
            table.append((size, section.count))
            size += (section.count + 7) & ~7
        }
        let checkedEnd = table[5].0
        let blockCount =
            (checkedEnd - PlaceArchiveLayout.headerSize + PlaceArchiveLayout.blockSize - 1)
            / PlaceArchiveLayout.blockSize
        table.append((size, blockCount * 8))
        size += blockCount * 8
        // One allocation at the final size; untouched pages cost nothing until each section is
        // copied in, and each section is released right after.
        let file = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        file.initializeMemory(as: UInt8.self, repeating: 0, count: PlaceArchiveLayout.headerSize)
        for number in sections.indices {
            let (offset, length) = table[number]
            let end = offset + ((length + 7) & ~7)
            sections[number].withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                (file + offset).copyMemory(from: base, byteCount: length)
            }
            let previousEnd = number == 0 ? PlaceArchiveLayout.headerSize : table[number - 1].0 + table[number - 1].1
            (file + previousEnd).initializeMemory(as: UInt8.self, repeating: 0, count: offset - previousEnd)
            (file + offset + length).initializeMemory(as: UInt8.self, repeating: 0, count: end - offset - length)
            sections[number] = []
        }
        var header = ByteBuffer()
        header.bytes += PlaceArchiveLayout.magic
        header.append(PlaceArchiveLayout.version)
        header.append(UInt32(0))
        header.append(placeCount)
        header.append(sourceTag)
        var blocks = ByteBuffer()
        var start = PlaceArchiveLayout.headerSize
        while start < checkedEnd {
            let length = min(PlaceArchiveLayout.blockSize, checkedEnd - start)
            blocks.append(IndexChecksum.hash(UnsafeRawPointer(file + start), byteCount: length))
            start += length
        }
        blocks.bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            (file + table[6].0).copyMemory(from: base, byteCount: raw.count)
        }
        let tableHash = blocks.bytes.withUnsafeBytes { raw -> UInt64 in
            guard let base = raw.baseAddress else { return 0 }
            return IndexChecksum.hash(base, byteCount: raw.count)
        }
        header.append(tableHash)
        header.append(UInt64(size))
        for (offset, length) in table {
            header.append(UInt64(offset))
            header.append(UInt64(length))
        }
        header.bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            file.copyMemory(from: base, byteCount: raw.count)
        }
        return Data(bytesNoCopy: file, count: size, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}

/// The archive's text: UTF-8 back to back; a ref is offset (low 32 bits) and length (high 32
/// bits). Repeated text is stored once while a bounded table remembers it (up to
/// ``tableLimit`` distinct values, beyond which new text is stored as it comes).
struct ArchiveStrings {
    static let tableLimit = 1 << 20
    private(set) var bytes: [UInt8] = []
    /// Open addressing over refs (0 = empty slot; refs are stored plus one).
    private var slots = [UInt64](repeating: 0, count: 1 << 10)
    private var used = 0

    mutating func ref(_ text: String?) throws(PlaceSinkFull) -> UInt64 {
        guard var text else { return UInt64(PlaceArchiveLayout.absent) << 32 }
        let result: Result<UInt64, PlaceSinkFull> = text.withUTF8 { utf8 in
            Result { () throws(PlaceSinkFull) -> UInt64 in try ref(utf8) }
        }
        return try result.get()
    }

    private mutating func ref(_ utf8: UnsafeBufferPointer<UInt8>) throws(PlaceSinkFull) -> UInt64 {
        let hash = Self.hash(utf8)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let known = slots[slot] - 1
            if Int(known >> 32) == utf8.count, matches(known, utf8) { return known }
            slot = (slot + 1) & mask
        }
        guard let offset = UInt32(exactly: bytes.count), let length = UInt32(exactly: utf8.count),
            length < PlaceArchiveLayout.absent, bytes.count + utf8.count <= Int(UInt32.max)
        else { throw PlaceSinkFull("a place archive holds at most 4 GiB of text") }
        let ref = UInt64(offset) | UInt64(length) << 32
        bytes.append(contentsOf: utf8)
        if used < Self.tableLimit {
            slots[slot] = ref + 1
            used += 1
            if used * 2 > slots.count { grow() }
        }
        return ref
    }

    private func matches(_ ref: UInt64, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let offset = Int(ref & 0xFFFF_FFFF)
        return bytes.withUnsafeBufferPointer { stored in
            utf8.elementsEqual(UnsafeBufferPointer(rebasing: stored[offset..<offset + utf8.count]))
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            let ref = entry - 1
            let offset = Int(ref & 0xFFFF_FFFF)
            let length = Int(ref >> 32)
            let hash = bytes.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[offset..<offset + length]))
            }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// FNV-1a over the bytes, then mixed (a table index uses the low bits).
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        return hash ^ (hash >> 32)
    }

    /// The bytes, leaving this empty.
    mutating func take() -> [UInt8] {
        slots = []
        defer { bytes = [] }
        return bytes
    }
}

extension ByteBuffer {
    /// The bytes, leaving this buffer empty.
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
