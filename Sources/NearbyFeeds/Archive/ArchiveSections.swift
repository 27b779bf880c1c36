import Foundation
import NearbyGeo

/// The sections of a place archive while it is built, one place at a time, and their writing
/// out (``PlaceArchiveLayout``): the work behind ``PlaceArchiveBuilder``, which runs it on a
/// second thread while the feed is decoded.
///
/// Memory is the archive's own sections while they grow (in mapped chunks, see
/// ``PagedBytes``), plus a bounded table that shares repeated text; ``finish(sourceTag:into:)``
/// moves the sections into the output chunk by chunk, releasing each as it goes. Used once:
/// copies share their sections.
struct ArchiveSections {
    private var strings = ArchiveStrings()
    private var names: [[UInt8]: UInt32] = [:]
    /// The name index used at each pair position of the last place (key, a zero byte, label):
    /// records of one feed name their fields in the same order, so most lookups end here
    /// without hashing.
    private var recentNames: [(lookup: [UInt8], index: UInt32)] = []
    /// The texts of the place being added and their refs.
    private var recordRefs: [(text: PlaceDraft.Text, ref: UInt64)] = []
    /// How often each column's values were found already stored (0–3: id, name, address,
    /// category; 4 + name index: a pair's column), so unique columns skip the sharing table.
    private var columns: [ColumnSharing] = []
    /// The pairs of the place being added (name index, ref low and high half, little-endian),
    /// written to ``pairs`` in one append.
    private var pairWords: [UInt32] = []
    private let nameTable = PagedBytes()
    private let records = PagedBytes()
    private let pairs = PagedBytes()
    private var pairCount: UInt32 = 0
    private var located: [Coordinate] = []
    private let map = PagedBytes()
    /// Places added so far.
    private(set) var count = 0

    /// Adds the next place from its draft, copying the draft's bytes into the archive's text.
    mutating func add(_ draft: PlaceDraft) throws(PlaceSinkFull) {
        guard let number = UInt32(exactly: count), number < UInt32.max else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max - 1) places")
        }
        let attributeCount = min(draft.attributes.count, Int(UInt16.max))
        let fieldCount = min(draft.fields.count, Int(UInt16.max))
        let (nextPair, overflow) = pairCount.addingReportingOverflow(
            UInt32(attributeCount + fieldCount))
        guard !overflow else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max) fields")
        }
        recordRefs.removeAll(keepingCapacity: true)
        var entry = RecordEntry(
            latitude: (draft.coordinate?.latitude ?? .nan).bitPattern.littleEndian,
            longitude: (draft.coordinate?.longitude ?? .nan).bitPattern.littleEndian,
            id: try ref(draft.id, draft, column: 0).littleEndian,
            name: try ref(draft.name, draft, column: 1).littleEndian,
            address: 0, category: 0, firstPair: pairCount.littleEndian,
            attributes: UInt16(attributeCount).littleEndian, fields: UInt16(fieldCount).littleEndian)
        entry.address =
            (try draft.address.map { (text) throws(PlaceSinkFull) in try ref(text, draft, column: 2) }
            ?? ArchiveStrings.absent).littleEndian
        entry.category =
            (try draft.category.map { (text) throws(PlaceSinkFull) in try ref(text, draft, column: 3) }
            ?? ArchiveStrings.absent).littleEndian
        withUnsafeBytes(of: &entry) { _ = records.append($0) }
        pairWords.removeAll(keepingCapacity: true)
        var position = 0
        for attribute in draft.attributes.prefix(attributeCount) {
            let index = try nameIndex(
                key: draft.bytes(attribute.key), label: draft.bytes(attribute.label),
                position: position)
            appendPair(index, try ref(attribute.value, draft, column: 4 + Int(index)))
            position += 1
        }
        for field in draft.fields.prefix(fieldCount) {
            let index = try nameIndex(
                key: draft.bytes(field.name), label: .init(start: nil, count: 0), position: position)
            appendPair(index, try ref(field.value, draft, column: 4 + Int(index)))
            position += 1
        }
        pairWords.withUnsafeBytes { _ = pairs.append($0) }
        pairCount = nextPair
        if let coordinate = draft.coordinate {
            located.append(coordinate)
            map.append(number)
        }
        if records.failed || pairs.failed || map.failed || nameTable.failed || strings.failed {
            throw PlaceSinkFull("the system has no memory left for the place archive")
        }
        count += 1
    }

    /// Adds one (name index, text ref) pair to ``pairWords``.
    private mutating func appendPair(_ index: UInt32, _ ref: UInt64) {
        pairWords.append(index.littleEndian)
        pairWords.append(UInt32(truncatingIfNeeded: ref).littleEndian)
        pairWords.append(UInt32(truncatingIfNeeded: ref >> 32).littleEndian)
    }

    /// The ref of `text`: a text of this place met before (a mapped value that is also a raw
    /// field, in the same bytes) gets the same ref without being looked up again; a column
    /// whose values have not been repeating (ids, names, coordinates) is stored without a look
    /// into the sharing table.
    private mutating func ref(_ text: PlaceDraft.Text, _ draft: PlaceDraft, column: Int)
        throws(PlaceSinkFull) -> UInt64
    {
        for known in recordRefs where known.text == text { return known.ref }
        while columns.count <= column { columns.append(ColumnSharing()) }
        let ref: UInt64
        if columns[column].shouldLookUp() {
            let stored = strings.count
            ref = try strings.ref(draft.bytes(text))
            columns[column].record(hit: Int(ref & 0xFFFF_FFFF) < stored)
        } else {
            ref = try strings.store(draft.bytes(text))
        }
        recordRefs.append((text, ref))
        return ref
    }

    private mutating func nameIndex(
        key: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>, position: Int
    ) throws(PlaceSinkFull) -> UInt32 {
        if position < recentNames.count,
            Self.isLookup(recentNames[position].lookup, key: key, label: label)
        {
            return recentNames[position].index
        }
        var lookup = [UInt8](key)
        lookup.append(0)
        lookup.append(contentsOf: label)
        let index: UInt32
        if let known = names[lookup] {
            index = known
        } else {
            index = UInt32(truncatingIfNeeded: names.count)
            names[lookup] = index
            nameTable.append(try strings.ref(key))
            nameTable.append(try strings.ref(label))
        }
        if position < recentNames.count {
            recentNames[position] = (lookup, index)
        } else if position == recentNames.count {
            recentNames.append((lookup, index))
        }
        return index
    }

    /// True when `lookup` is `key`, a zero byte, `label`.
    private static func isLookup(
        _ lookup: [UInt8], key: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard lookup.count == key.count + 1 + label.count else { return false }
        return lookup.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            if key.count > 0, let keyBase = key.baseAddress, memcmp(base, keyBase, key.count) != 0 {
                return false
            }
            if label.count > 0, let labelBase = label.baseAddress,
                memcmp(base + key.count + 1, labelBase, label.count) != 0
            {
                return false
            }
            return true
        }
    }

    /// Writes the archive, tagged with `sourceTag`, to `output` in order: each section leaves
    /// memory as it is written, and the spatial index is built only after the other sections
    /// are out, so at the peak memory holds the index and its coordinates, not the archive.
    /// The builder is empty after.
    mutating func finish<Output: ArchiveOutput>(
        sourceTag: UInt64, into output: inout Output
    ) throws(Output.Failure) {
        strings.dropTable()
        names = [:]
        recentNames = []
        let stored = [nameTable, records, pairs, strings.bytes, map]
        var table: [(Int, Int)] = []
        var size = PlaceArchiveLayout.headerSize
        for (number, section) in stored.enumerated() {
            size = PlaceArchiveLayout.aligned(size, section: number)
            table.append((size, section.count))
            size += (section.count + 7) & ~7
        }
        let checkedEnd = PlaceArchiveLayout.aligned(size, section: 5)
        var stream = ArchiveStream(output: output, checkedEnd: checkedEnd)
        defer { output = stream.close() }
        try stream.zero(upTo: PlaceArchiveLayout.headerSize)
        for (number, section) in stored.enumerated() {
            try stream.zero(upTo: table[number].0)
            try section.drain { (chunk) throws(Output.Failure) in try stream.append(chunk) }
        }
        try stream.zero(upTo: checkedEnd)
        stream.pausing()
        var spatial: SpatialIndex? = SpatialIndex(located)
        located = []
        let indexLength = spatial?.withSerializedBytes { $0.count } ?? 0
        table.append((checkedEnd, indexLength))
        let indexResult: Result<Void, Output.Failure>? = spatial?.withSerializedBytes { raw in
            Result { () throws(Output.Failure) in try stream.append(raw) }
        }
        try indexResult?.get()
        spatial = nil
        let blocksOffset = checkedEnd + ((indexLength + 7) & ~7)
        try stream.zero(upTo: blocksOffset)
        var blocks = ByteBuffer()
        for hash in stream.blockHashes { blocks.append(hash) }
        table.append((blocksOffset, blocks.bytes.count))
        try withBytes(blocks.bytes) { (raw) throws(Output.Failure) in try stream.append(raw) }
        let tableHash = blocks.bytes.withUnsafeBytes { raw -> UInt64 in
            guard let base = raw.baseAddress else { return 0 }
            return BlockChecksum.hash(base, byteCount: raw.count)
        }
        var header = ByteBuffer()
        header.bytes += PlaceArchiveLayout.magic
        header.append(PlaceArchiveLayout.version)
        header.append(UInt32(0))
        header.append(UInt64(count))
        header.append(sourceTag)
        header.append(tableHash)
        header.append(UInt64(stream.position))
        for (offset, length) in table {
            header.append(UInt64(offset))
            header.append(UInt64(length))
        }
        try withBytes(header.bytes) { (raw) throws(Output.Failure) in try stream.overwriteHeader(raw) }
    }
}

/// One place record of the archive as it is laid out (``PlaceArchiveLayout``): 56 bytes, the
/// fields little-endian, no padding.
private struct RecordEntry {
    var latitude: UInt64
    var longitude: UInt64
    var id: UInt64
    var name: UInt64
    var address: UInt64
    var category: UInt64
    var firstPair: UInt32
    var attributes: UInt16
    var fields: UInt16
}
