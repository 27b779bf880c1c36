internal import CZlib
import Foundation

/// Writes OSM PBF files byte by byte from the format's description (the OSM wiki's "PBF Format"
/// and osmformat.proto), independently of the reader, so the tests can make valid files with
/// known contents and hostile ones with one field wrong.
struct ProtoMessage {
    var bytes: [UInt8] = []

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
        return out
    }

    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    mutating func key(_ field: Int, _ wireType: Int) {
        bytes += Self.varint(UInt64(field << 3 | wireType))
    }

    mutating func uint(_ field: Int, _ value: UInt64) {
        key(field, 0)
        bytes += Self.varint(value)
    }

    mutating func int(_ field: Int, _ value: Int64) { uint(field, UInt64(bitPattern: value)) }

    mutating func sint(_ field: Int, _ value: Int64) { uint(field, Self.zigzag(value)) }

    mutating func data(_ field: Int, _ value: [UInt8]) {
        key(field, 2)
        bytes += Self.varint(UInt64(value.count))
        bytes += value
    }

    mutating func string(_ field: Int, _ value: String) { data(field, Array(value.utf8)) }

    mutating func message(_ field: Int, _ value: ProtoMessage) { data(field, value.bytes) }

    mutating func packed(_ field: Int, _ values: [UInt64]) {
        data(field, values.flatMap(Self.varint))
    }

    mutating func packedSigned(_ field: Int, _ values: [Int64]) {
        packed(field, values.map(Self.zigzag))
    }

    /// Delta-codes `values` (each the difference from the one before) as packed sint64.
    mutating func deltas(_ field: Int, _ values: [Int64]) {
        var last: Int64 = 0
        packedSigned(
            field,
            values.map { value in
                defer { last = value }
                return value &- last
            })
    }
}

enum PBFTestWriter {
    /// A whole frame: the 4-byte length, the BlobHeader (`type`, `datasize`) and the blob.
    static func frame(type: String, blob: ProtoMessage, claimedSize: Int64? = nil) -> [UInt8] {
        var header = ProtoMessage()
        header.string(1, type)
        header.int(3, claimedSize ?? Int64(blob.bytes.count))
        let length = UInt32(header.bytes.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + header.bytes + blob.bytes
    }

    /// A blob holding `block` raw.
    static func rawBlob(_ block: ProtoMessage) -> ProtoMessage {
        var blob = ProtoMessage()
        blob.data(1, block.bytes)
        return blob
    }

    /// A blob holding `block` zlib-compressed, declaring `rawSize` (its true size by default).
    static func zlibBlob(_ block: ProtoMessage, rawSize: Int? = nil) -> ProtoMessage {
        var blob = ProtoMessage()
        blob.int(2, Int64(rawSize ?? block.bytes.count))
        blob.data(3, deflate(block.bytes))
        return blob
    }

    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(bytes.count), 6)
            }
        }
        precondition(status == Z_OK)
        return Array(out.prefix(Int(size)))
    }

    /// A HeaderBlock with the usual required features (and `extra` ones).
    static func headerBlock(extra: [String] = [], timestamp: Int64? = nil) -> ProtoMessage {
        var block = ProtoMessage()
        var box = ProtoMessage()
        box.sint(1, 24_000_000_000)
        box.sint(2, 25_000_000_000)
        box.sint(3, 61_000_000_000)
        box.sint(4, 60_000_000_000)
        block.message(1, box)
        for feature in ["OsmSchema-V0.6", "DenseNodes"] + extra { block.string(4, feature) }
        block.string(16, "nearby-tests")
        if let timestamp { block.int(32, timestamp) }
        return block
    }

    /// A PrimitiveBlock with `strings` (index 0 is the empty string) and `groups`.
    static func primitiveBlock(strings: [String], groups: [ProtoMessage], granularity: Int64? = nil) -> ProtoMessage {
        var table = ProtoMessage()
        for string in [""] + strings { table.string(1, string) }
        var block = ProtoMessage()
        block.message(1, table)
        for group in groups { block.message(2, group) }
        if let granularity { block.int(17, granularity) }
        return block
    }

    /// A group of dense nodes: ids, coordinates in granularity units, and `keysVals`.
    static func dense(ids: [Int64], lats: [Int64], lons: [Int64], keysVals: [UInt64]?) -> ProtoMessage {
        var dense = ProtoMessage()
        dense.deltas(1, ids)
        dense.deltas(8, lats)
        dense.deltas(9, lons)
        if let keysVals { dense.packed(10, keysVals) }
        var group = ProtoMessage()
        group.message(2, dense)
        return group
    }

    /// A group of one way.
    static func way(id: Int64, keys: [UInt64], values: [UInt64], refs: [Int64]) -> ProtoMessage {
        var way = ProtoMessage()
        way.int(1, id)
        way.packed(2, keys)
        way.packed(3, values)
        way.deltas(8, refs)
        var group = ProtoMessage()
        group.message(3, way)
        return group
    }

    /// A group of one relation; members as (type 0/1/2, id, role string index).
    static func relation(id: Int64, keys: [UInt64], values: [UInt64], members: [(UInt64, Int64, UInt64)])
        -> ProtoMessage
    {
        var relation = ProtoMessage()
        relation.int(1, id)
        relation.packed(2, keys)
        relation.packed(3, values)
        relation.packed(8, members.map(\.2))
        relation.deltas(9, members.map(\.1))
        relation.packed(10, members.map(\.0))
        var group = ProtoMessage()
        group.message(4, relation)
        return group
    }

    /// A file: the header frame, then one data frame per block.
    static func file(header: ProtoMessage = headerBlock(), blocks: [ProtoMessage], zlib: Bool = true) -> Data {
        var bytes = frame(type: "OSMHeader", blob: zlib ? zlibBlob(header) : rawBlob(header))
        for block in blocks { bytes += frame(type: "OSMData", blob: zlib ? zlibBlob(block) : rawBlob(block)) }
        return Data(bytes)
    }
}
