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
    /// At most this many attribute-against-field comparisons per place when looking for the
    /// raw field an attribute's value is (a hostile record of 65,535 fields and a manifest of
    /// thousands of attributes must not cost their product); past it a value is stored.
    static let comparisonBudget = 4096
    /// How many of a place's first texts (its roles, then its first fields) are remembered to
    /// be given the same ref when met again: bounded, so the look-up is not quadratic.
    static let rememberedTexts = 8
    /// Columns whose sharing is tracked one by one (a feed of 70,000 records naming their
    /// fields anew each time once made this table 19 MB); later names share one.
    static let trackedColumns = 4096

    /// Where the sections' chunks come from, and then the spatial index's build memory.
    private var arena: SectionArena?
    private var strings: ArchiveStrings
    private var shapes: ArchiveShapes
    /// The place being added, while it is (its values, shape, first texts), and the sharing
    /// of each column (0–3: id, name, address, category; 4 + name index: a field's or
    /// attribute's column, names past ``trackedColumns`` sharing the last), so unique columns
    /// skip the sharing table.
    private let scratch = PlaceScratch(columnCount: 5 + trackedColumns, rememberedLimit: rememberedTexts)
    private let records: PagedBytes
    private let values: PagedBytes
    private var valueCount: UInt32 = 0
    private var located: [Coordinate] = []
    private let map: PagedBytes
    /// Places added so far.
    private(set) var count = 0

    /// Empty sections; the three that grow with every place (records, values, text) in chunks
    /// of one ``SectionArena``, whose chunks are then full but for the last of each, so the
    /// spatial index is built in pages already faulted in. The small ones (names and shapes, the
    /// map) map chunks of their own: a chunk they barely touch would be lent as fresh memory.
    init() {
        let arena = SectionArena()
        self.arena = arena
        strings = ArchiveStrings(arena: arena)
        shapes = ArchiveShapes()
        records = PagedBytes(arena: arena)
        values = PagedBytes(arena: arena)
        map = PagedBytes()
    }

    /// Adds the next place from its draft, copying the draft's bytes into the archive's text.
    mutating func add(_ draft: PlaceDraft) throws(PlaceSinkFull) {
        guard let number = UInt32(exactly: count), number < UInt32.max else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max - 1) places")
        }
        let attributeCount = min(draft.attributes.count, Int(UInt16.max))
        let fieldCount = min(draft.fields.count, Int(UInt16.max))
        scratch.reserve(attributeCount + fieldCount)
        let (valueWords, shapeWords, fieldNames) = (scratch.values, scratch.shape, scratch.names)
        var remembered = 0
        var entry = RecordEntry(
            latitude: (draft.coordinate?.latitude ?? .nan).bitPattern.littleEndian,
            longitude: (draft.coordinate?.longitude ?? .nan).bitPattern.littleEndian,
            id: try ref(draft.id, draft, column: 0, &remembered).littleEndian,
            name: try ref(draft.name, draft, column: 1, &remembered).littleEndian,
            address: ArchiveStrings.absent.littleEndian, category: ArchiveStrings.absent.littleEndian,
            firstValue: valueCount.littleEndian, shape: 0)
        if let address = draft.address {
            entry.address = try ref(address, draft, column: 2, &remembered).littleEndian
        }
        if let category = draft.category {
            entry.category = try ref(category, draft, column: 3, &remembered).littleEndian
        }
        var valueTotal = 0
        shapeWords[0] = UInt32(attributeCount)
        shapeWords[1] = UInt32(fieldCount)
        // The fields first: an attribute's value is usually one of them.
        for position in 0..<fieldCount {
            let field = draft.fields[position]
            let index = try shapes.nameIndex(
                key: draft.bytes(field.name), label: .init(start: nil, count: 0),
                position: attributeCount + position, strings: &strings)
            fieldNames[position] = index
            valueWords[valueTotal] = try ref(field.value, draft, column: Self.column(of: index), &remembered)
                .littleEndian
            valueTotal += 1
        }
        var budget = Self.comparisonBudget
        var shapeTotal = 2
        for position in 0..<attributeCount {
            let attribute = draft.attributes[position]
            let index = try shapes.nameIndex(
                key: draft.bytes(attribute.key), label: draft.bytes(attribute.label), position: position,
                strings: &strings)
            let source = Self.field(equalTo: attribute.value, in: draft, fieldCount, budget: &budget)
            shapeWords[shapeTotal] = index
            shapeWords[shapeTotal + 1] = source
            shapeTotal += 2
            if source == ArchiveShapes.ownValue {
                valueWords[valueTotal] = try ref(
                    attribute.value, draft, column: Self.column(of: index), &remembered
                ).littleEndian
                valueTotal += 1
            }
        }
        (shapeWords + shapeTotal).update(from: fieldNames, count: fieldCount)
        shapeTotal += fieldCount
        entry.shape = try shapes.number(of: UnsafeBufferPointer(start: shapeWords, count: shapeTotal)).littleEndian
        let (nextValue, overflow) = valueCount.addingReportingOverflow(UInt32(valueTotal))
        guard !overflow else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max) fields")
        }
        valueCount = nextValue
        withUnsafeBytes(of: &entry) { _ = records.append($0) }
        values.append(UnsafeRawBufferPointer(start: valueWords, count: valueTotal * MemoryLayout<UInt64>.size))
        if let coordinate = draft.coordinate {
            located.append(coordinate)
            map.append(number)
        }
        if records.failed || values.failed || map.failed || shapes.failed || strings.failed {
            throw PlaceSinkFull("the system has no memory left for the place archive")
        }
        count += 1
    }

    /// The sharing column of the field or attribute named `index` (see ``scratch``).
    private static func column(of index: UInt32) -> Int {
        4 + min(Int(index), trackedColumns)
    }

    /// The position of the first of the place's fields whose value has the bytes of `text`,
    /// or ``ArchiveShapes/ownValue``; each comparison spends one of `budget`.
    private static func field(
        equalTo text: PlaceDraft.Text, in draft: PlaceDraft, _ fieldCount: Int, budget: inout Int
    ) -> UInt32 {
        let wanted = draft.bytes(text)
        for position in 0..<fieldCount {
            guard budget > 0 else { break }
            budget -= 1
            let value = draft.fields[position].value
            guard value.count == wanted.count else { continue }
            if value == text { return UInt32(position) }
            if ShortBytes.equal(wanted, draft.bytes(value)) { return UInt32(position) }
        }
        return ArchiveShapes.ownValue
    }

    /// The ref of `text`: a text of this place met before (a mapped value that is also a raw
    /// field, in the same bytes) gets the same ref without being looked up again; a column
    /// whose values have not been repeating (ids, names, coordinates) is stored without a look
    /// into the sharing table. `remembered` counts the place's texts remembered so far.
    private mutating func ref(
        _ text: PlaceDraft.Text, _ draft: PlaceDraft, column: Int, _ remembered: inout Int
    ) throws(PlaceSinkFull) -> UInt64 {
        let known = scratch.remembered
        for slot in 0..<remembered where known[slot].text == text { return known[slot].ref }
        let sharing = scratch.columns + column
        let ref: UInt64
        if sharing.pointee.shouldLookUp() {
            let stored = strings.count
            ref = try strings.ref(draft.bytes(text))
            sharing.pointee.record(hit: Int(ref & 0xFFFF_FFFF) < stored)
        } else {
            ref = try strings.store(draft.bytes(text))
        }
        if remembered < Self.rememberedTexts {
            (known + remembered).initialize(to: (text, ref))
            remembered += 1
        }
        return ref
    }

    /// Writes the archive, tagged with `sourceTag`, to `output` in order: each section leaves
    /// memory as it is written, and the spatial index is built only after the other sections
    /// are out, so at the peak memory holds the index and its coordinates, not the archive.
    /// The builder is empty after.
    mutating func finish<Output: ArchiveOutput>(
        sourceTag: UInt64, into output: inout Output
    ) throws(Output.Failure) {
        strings.dropTable()
        let stored = [shapes.finish(), [records], [values], [strings.bytes], [map]]
        var table: [(Int, Int)] = []
        var size = PlaceArchiveLayout.headerSize
        for (number, parts) in stored.enumerated() {
            size = PlaceArchiveLayout.aligned(size, section: number)
            let length = parts.reduce(0) { $0 + $1.count }
            table.append((size, length))
            size += (length + 7) & ~7
        }
        let checkedEnd = PlaceArchiveLayout.aligned(size, section: 5)
        var stream = ArchiveStream(output: output, checkedEnd: checkedEnd)
        defer { output = stream.close() }
        try stream.zero(upTo: PlaceArchiveLayout.headerSize)
        for (number, parts) in stored.enumerated() {
            try stream.zero(upTo: table[number].0)
            for part in parts {
                try part.drain { (chunk) throws(Output.Failure) in try stream.append(chunk) }
            }
        }
        try stream.zero(upTo: checkedEnd)
        stream.pausing()
        // The sections' pages, written out, now hold the index while it is built.
        arena?.recycle()
        var spatial: SpatialIndex? = SpatialIndex(located, memory: arena)
        arena?.trim()
        located = []
        let indexLength = spatial?.withSerializedBytes { $0.count } ?? 0
        table.append((checkedEnd, indexLength))
        let indexResult: Result<Void, Output.Failure>? = spatial?.withSerializedBytes { raw in
            Result { () throws(Output.Failure) in try stream.append(raw) }
        }
        try indexResult?.get()
        spatial = nil
        arena = nil
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
    var firstValue: UInt32
    var shape: UInt32
}
