/// Decodes one inflated `PrimitiveBlock` and hands its elements to a handler, reusing its
/// buffers from block to block. Every index, count and delta is checked: a hostile block throws
/// ``OSMReadError/malformed(_:)``, never reads out of bounds or overflows.
struct PrimitiveBlockDecoder {
    var strings = StringTable()
    var tags: [OSMTag] = []
    var refs: [Int64] = []
    var members: [OSMMember] = []
    var keys: [UInt64] = []
    var values: [UInt64] = []
    var roles: [UInt64] = []
    var types: [UInt64] = []
    /// Read element timestamps too (when the header has no replication timestamp).
    var readsTimestamps = false

    /// The block's coordinate scale and offsets.
    struct Scale {
        var granularity: Int64 = 100
        var latitudeOffset: Int64 = 0
        var longitudeOffset: Int64 = 0
        var dateGranularity: Int64 = 1000

        /// `offset + granularity × value` in nanodegrees, or nil on overflow.
        @inline(__always)
        func nano(_ value: Int64, offset: Int64) -> Int64? {
            let (scaled, o1) = granularity.multipliedReportingOverflow(by: value)
            let (sum, o2) = offset.addingReportingOverflow(scaled)
            return o1 || o2 ? nil : sum
        }
    }

    /// Decodes `block`, handing over what `options` asks for; returns what the block holds.
    mutating func decode<H: OSMHandler>(
        _ block: UnsafeRawBufferPointer, options: OSMReadOptions, handler: inout H
    ) throws(OSMReadError) -> BlockSummary {
        var scale = Scale()
        var stringRange: Range<Int>?
        var groups: [Range<Int>] = []
        var reader = ProtoReader(block)
        while let key = try reader.nextKey() {
            switch key.field {
            case 1:
                try ProtoReader.require(key, 2, "the string table")
                stringRange = try reader.lengthDelimited()
            case 2:
                try ProtoReader.require(key, 2, "a primitive group")
                groups.append(try reader.lengthDelimited())
            case 17: scale.granularity = try reader.int64()
            case 18: scale.dateGranularity = try reader.int64()
            case 19: scale.latitudeOffset = try reader.int64()
            case 20: scale.longitudeOffset = try reader.int64()
            default: try reader.skip(key.wireType)
            }
        }
        guard (1...1_000_000_000).contains(scale.granularity) else {
            throw .malformed("a block's granularity is \(scale.granularity) nanodegrees")
        }
        guard (1...1_000_000).contains(scale.dateGranularity) else {
            throw .malformed("a block's date granularity is \(scale.dateGranularity) ms")
        }
        try strings.load(block, range: stringRange ?? 0..<0)
        var summary = BlockSummary()
        for group in groups {
            var reader = ProtoReader(block, range: group)
            while let key = try reader.nextKey() {
                guard (1...4).contains(key.field) else {
                    try reader.skip(key.wireType)
                    continue
                }
                try ProtoReader.require(key, 2, "an element of a primitive group")
                let range = try reader.lengthDelimited()
                switch key.field {
                case 1:
                    try decodeNode(block, range, scale, options, &summary, &handler)
                case 2:
                    try decodeDense(block, range, scale, options, &summary, &handler)
                case 3:
                    summary.hasWays = true
                    if options.ways || readsTimestamps {
                        try decodeWay(block, range, scale, options, &summary, &handler)
                    }
                default:
                    summary.hasRelations = true
                    if options.relations || readsTimestamps {
                        try decodeRelation(block, range, scale, options, &summary, &handler)
                    }
                }
            }
        }
        return summary
    }

    /// Fills `tags` from the parallel key and value string indices.
    @inline(__always)
    mutating func loadTags() throws(OSMReadError) {
        tags.removeAll(keepingCapacity: true)
        guard keys.count == values.count else {
            throw .malformed("an element has \(keys.count) tag keys but \(values.count) values")
        }
        for index in keys.indices {
            tags.append(OSMTag(key: try strings.text(keys[index]), value: try strings.text(values[index])))
        }
    }

    /// Appends the varints of a repeated field (packed or not) to `list`.
    @inline(__always)
    static func append(
        _ list: inout [UInt64], key: ProtoReader.Key, reader: inout ProtoReader, block: UnsafeRawBufferPointer
    ) throws(OSMReadError) {
        if key.wireType == 0 {
            list.append(try reader.varint())
            return
        }
        try ProtoReader.require(key, 2, "a repeated number field")
        var packed = PackedVarints(block, range: try reader.lengthDelimited())
        while !packed.isAtEnd { list.append(try packed.next()) }
    }

    /// The time of an `Info` message's timestamp field, in seconds.
    static func infoTimestamp(
        _ block: UnsafeRawBufferPointer, _ range: Range<Int>, _ scale: Scale
    ) throws(OSMReadError) -> Int64? {
        var reader = ProtoReader(block, range: range)
        while let key = try reader.nextKey() {
            if key.field == 2, key.wireType == 0 {
                let (ms, overflow) = try reader.int64().multipliedReportingOverflow(by: scale.dateGranularity)
                return overflow ? nil : ms / 1000
            }
            try reader.skip(key.wireType)
        }
        return nil
    }
}
