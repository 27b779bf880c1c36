extension PrimitiveBlockDecoder {
    /// A plain `Node` message.
    mutating func decodeNode<H: OSMHandler>(
        _ block: UnsafeRawBufferPointer, _ range: Range<Int>, _ scale: Scale, _ options: OSMReadOptions,
        _ summary: inout BlockSummary, _ handler: inout H
    ) throws(OSMReadError) {
        var reader = ProtoReader(block, range: range)
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        while let key = try reader.nextKey() {
            switch key.field {
            case 1: id = try reader.signedVarint()
            case 2: try Self.append(&keys, key: key, reader: &reader, block: block)
            case 3: try Self.append(&values, key: key, reader: &reader, block: block)
            case 4 where readsTimestamps && key.wireType == 2:
                if let time = try Self.infoTimestamp(block, try reader.lengthDelimited(), scale) {
                    summary.noteTimestamp(time)
                }
            case 8: lat = try reader.signedVarint()
            case 9: lon = try reader.signedVarint()
            default: try reader.skip(key.wireType)
            }
        }
        summary.noteNode(id)
        if !keys.isEmpty { summary.hasTaggedNodes = true }
        guard keys.isEmpty ? options.untaggedNodes : options.taggedNodes else { return }
        guard let latNano = scale.nano(lat, offset: scale.latitudeOffset),
            let lonNano = scale.nano(lon, offset: scale.longitudeOffset)
        else { throw .malformed("node \(id)'s coordinates overflow") }
        try loadTags()
        try tags.withUnsafeBufferPointer { (tags) throws(OSMReadError) in
            try handler.node(
                OSMNode(
                    id: id, location: OSMLocation(latitudeNano: latNano, longitudeNano: lonNano),
                    tags: OSMTags(tags)))
        }
    }

    /// A `DenseNodes` message: ids, latitudes and longitudes delta-coded in parallel packed
    /// lists, and every node's tags in one `keys_vals` list (index pairs, each node ended by 0).
    mutating func decodeDense<H: OSMHandler>(
        _ block: UnsafeRawBufferPointer, _ range: Range<Int>, _ scale: Scale, _ options: OSMReadOptions,
        _ summary: inout BlockSummary, _ handler: inout H
    ) throws(OSMReadError) {
        var reader = ProtoReader(block, range: range)
        var idRange = 0..<0
        var latRange = 0..<0
        var lonRange = 0..<0
        var tagRange: Range<Int>?
        var infoRange: Range<Int>?
        while let key = try reader.nextKey() {
            switch key.field {
            case 1, 8, 9, 10, 5:
                try ProtoReader.require(key, 2, "a packed list of dense nodes")
                let field = try reader.lengthDelimited()
                switch key.field {
                case 1: idRange = field
                case 8: latRange = field
                case 9: lonRange = field
                case 10: tagRange = field
                default: infoRange = field
                }
            default: try reader.skip(key.wireType)
            }
        }
        if readsTimestamps, let infoRange { try denseTimestamps(block, infoRange, scale, &summary) }
        var ids = PackedVarints(block, range: idRange)
        var lats = PackedVarints(block, range: latRange)
        var lons = PackedVarints(block, range: lonRange)
        var tagList = PackedVarints(block, range: tagRange ?? 0..<0)
        let hasTags = tagRange != nil
        let wantsAny = options.wantsNodes
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        while !ids.isAtEnd {
            let (nextID, o1) = id.addingReportingOverflow(try ids.nextSigned())
            guard !lats.isAtEnd, !lons.isAtEnd else {
                throw .malformed("dense nodes have more ids than coordinates")
            }
            let (nextLat, o2) = lat.addingReportingOverflow(try lats.nextSigned())
            let (nextLon, o3) = lon.addingReportingOverflow(try lons.nextSigned())
            guard !o1, !o2, !o3 else { throw .malformed("a dense node's delta overflows after node \(id)") }
            id = nextID
            lat = nextLat
            lon = nextLon
            summary.noteNode(id)
            keys.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            if hasTags {
                guard !tagList.isAtEnd else { throw .malformed("dense nodes' tag list ends before node \(id)") }
                while true {
                    let keyIndex = try tagList.next()
                    if keyIndex == 0 { break }
                    guard !tagList.isAtEnd else { throw .malformed("node \(id) has a tag key without a value") }
                    keys.append(keyIndex)
                    values.append(try tagList.next())
                    guard !tagList.isAtEnd else { throw .malformed("dense nodes' tag list is not ended by 0") }
                }
            }
            if !keys.isEmpty { summary.hasTaggedNodes = true }
            guard wantsAny, keys.isEmpty ? options.untaggedNodes : options.taggedNodes else { continue }
            guard let latNano = scale.nano(lat, offset: scale.latitudeOffset),
                let lonNano = scale.nano(lon, offset: scale.longitudeOffset)
            else { throw .malformed("node \(id)'s coordinates overflow") }
            try loadTags()
            try tags.withUnsafeBufferPointer { (tags) throws(OSMReadError) in
                try handler.node(
                    OSMNode(
                        id: id, location: OSMLocation(latitudeNano: latNano, longitudeNano: lonNano),
                        tags: OSMTags(tags)))
            }
        }
        guard lats.isAtEnd, lons.isAtEnd else { throw .malformed("dense nodes have more coordinates than ids") }
    }

    /// The newest timestamp of a `DenseInfo` (field 2: delta-coded, in date-granularity units).
    private func denseTimestamps(
        _ block: UnsafeRawBufferPointer, _ range: Range<Int>, _ scale: Scale, _ summary: inout BlockSummary
    ) throws(OSMReadError) {
        var reader = ProtoReader(block, range: range)
        while let key = try reader.nextKey() {
            guard key.field == 2, key.wireType == 2 else {
                try reader.skip(key.wireType)
                continue
            }
            var list = PackedVarints(block, range: try reader.lengthDelimited())
            var time: Int64 = 0
            var newest = Int64.min
            while !list.isAtEnd {
                let (next, overflow) = time.addingReportingOverflow(try list.nextSigned())
                guard !overflow else { throw .malformed("a dense node's timestamp delta overflows") }
                time = next
                newest = max(newest, time)
            }
            let (ms, overflow) = newest.multipliedReportingOverflow(by: scale.dateGranularity)
            if newest != .min, !overflow { summary.noteTimestamp(ms / 1000) }
        }
    }

    /// The fields a way and a relation share: 1 id (`int64`), 2 keys, 3 values, 4 info (its
    /// timestamp, when timestamps are read). True when `key` was one of them and was read.
    @inline(__always)
    mutating func takeShared(
        _ key: ProtoReader.Key, _ reader: inout ProtoReader, _ block: UnsafeRawBufferPointer, _ scale: Scale,
        _ summary: inout BlockSummary, id: inout Int64
    ) throws(OSMReadError) -> Bool {
        switch key.field {
        case 1: id = try reader.int64()
        case 2: try Self.append(&keys, key: key, reader: &reader, block: block)
        case 3: try Self.append(&values, key: key, reader: &reader, block: block)
        case 4 where readsTimestamps && key.wireType == 2:
            if let time = try Self.infoTimestamp(block, try reader.lengthDelimited(), scale) {
                summary.noteTimestamp(time)
            }
        default: return false
        }
        return true
    }

    /// A `Way` message.
    mutating func decodeWay<H: OSMHandler>(
        _ block: UnsafeRawBufferPointer, _ range: Range<Int>, _ scale: Scale, _ options: OSMReadOptions,
        _ summary: inout BlockSummary, _ handler: inout H
    ) throws(OSMReadError) {
        var reader = ProtoReader(block, range: range)
        var id: Int64 = 0
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        refs.removeAll(keepingCapacity: true)
        while let key = try reader.nextKey() {
            if try takeShared(key, &reader, block, scale, &summary, id: &id) { continue }
            if key.field == 8 {
                try Self.appendDeltas(&refs, key: key, reader: &reader, block: block, what: "way's node reference")
            } else {
                try reader.skip(key.wireType)
            }
        }
        guard options.ways else { return }
        try loadTags()
        try tags.withUnsafeBufferPointer { (tags) throws(OSMReadError) in
            try refs.withUnsafeBufferPointer { (refs) throws(OSMReadError) in
                try handler.way(OSMWay(id: id, refs: refs, tags: OSMTags(tags)))
            }
        }
    }

    /// A `Relation` message.
    mutating func decodeRelation<H: OSMHandler>(
        _ block: UnsafeRawBufferPointer, _ range: Range<Int>, _ scale: Scale, _ options: OSMReadOptions,
        _ summary: inout BlockSummary, _ handler: inout H
    ) throws(OSMReadError) {
        var reader = ProtoReader(block, range: range)
        var id: Int64 = 0
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        refs.removeAll(keepingCapacity: true)
        roles.removeAll(keepingCapacity: true)
        types.removeAll(keepingCapacity: true)
        while let key = try reader.nextKey() {
            if try takeShared(key, &reader, block, scale, &summary, id: &id) { continue }
            switch key.field {
            case 8: try Self.append(&roles, key: key, reader: &reader, block: block)
            case 9:
                try Self.appendDeltas(&refs, key: key, reader: &reader, block: block, what: "relation's member id")
            case 10: try Self.append(&types, key: key, reader: &reader, block: block)
            default: try reader.skip(key.wireType)
            }
        }
        guard options.relations else { return }
        guard roles.count == refs.count, types.count == refs.count else {
            throw .malformed(
                "relation \(id) has \(refs.count) member ids, \(roles.count) roles and \(types.count) types")
        }
        members.removeAll(keepingCapacity: true)
        for index in refs.indices {
            guard types[index] <= 2, let kind = OSMElementKind(rawValue: UInt8(types[index])) else {
                throw .malformed("relation \(id) has a member of unknown type \(types[index])")
            }
            members.append(OSMMember(kind: kind, ref: refs[index], role: try strings.text(roles[index])))
        }
        try loadTags()
        try tags.withUnsafeBufferPointer { (tags) throws(OSMReadError) in
            try members.withUnsafeBufferPointer { (members) throws(OSMReadError) in
                try handler.relation(OSMRelation(id: id, members: members, tags: OSMTags(tags)))
            }
        }
    }

    /// Appends a delta-coded `sint64` list (packed or not) to `list` as running sums.
    static func appendDeltas(
        _ list: inout [Int64], key: ProtoReader.Key, reader: inout ProtoReader, block: UnsafeRawBufferPointer,
        what: String
    ) throws(OSMReadError) {
        var running = list.last ?? 0
        func add(_ delta: Int64) throws(OSMReadError) {
            let (sum, overflow) = running.addingReportingOverflow(delta)
            guard !overflow else { throw .malformed("a \(what) delta overflows") }
            running = sum
            list.append(sum)
        }
        if key.wireType == 0 {
            try add(try reader.signedVarint())
            return
        }
        try ProtoReader.require(key, 2, "a packed \(what) list")
        var packed = PackedVarints(block, range: try reader.lengthDelimited())
        while !packed.isAtEnd { try add(try packed.nextSigned()) }
    }
}
