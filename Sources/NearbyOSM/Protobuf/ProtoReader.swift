/// A cursor over one protobuf message's bytes: varints, zigzag integers, length-delimited fields
/// and the fixed-width ones, each bounds-checked, so a hostile message throws instead of reading
/// past its end.
///
/// Only the wire types the OSM PBF messages use are read (0 varint, 1 fixed64, 2 length-delimited,
/// 5 fixed32); groups (3, 4) and unknown types are refused.
struct ProtoReader {
    /// One field's key: its number and wire type.
    struct Key {
        var field: Int
        var wireType: Int
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int
    let end: Int

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.offset = 0
        self.end = bytes.count
    }

    /// A reader over `bytes[range]` only.
    init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) {
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
    }

    var isAtEnd: Bool { offset >= end }

    /// The next field's key, or nil at the end of the message.
    mutating func nextKey() throws(OSMReadError) -> Key? {
        guard offset < end else { return nil }
        let raw = try varint()
        let field = Int(truncatingIfNeeded: raw >> 3)
        guard raw >> 3 <= UInt64(Int32.max), field > 0 else {
            throw .malformed("a protobuf field number is out of range")
        }
        return Key(field: field, wireType: Int(raw & 7))
    }

    /// An unsigned varint of at most 10 bytes.
    @inline(__always)
    mutating func varint() throws(OSMReadError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw .malformed("a protobuf varint runs past the end of its message") }
            let byte = bytes[offset]
            offset += 1
            if shift == 63, byte > 1 { throw .malformed("a protobuf varint is longer than 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A zigzag-coded signed varint (`sint64`).
    @inline(__always)
    mutating func signedVarint() throws(OSMReadError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// A plain `int64`/`int32` varint (two's complement).
    mutating func int64() throws(OSMReadError) -> Int64 {
        Int64(bitPattern: try varint())
    }

    /// The byte range of a length-delimited field.
    mutating func lengthDelimited() throws(OSMReadError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - offset) else {
            throw .malformed("a protobuf field claims \(length) bytes but its message has \(end - offset) left")
        }
        let start = offset
        offset += Int(length)
        return start..<offset
    }

    /// Skips a field of `wireType` whose key was just read.
    mutating func skip(_ wireType: Int) throws(OSMReadError) {
        switch wireType {
        case 0: _ = try varint()
        case 1: try advance(8)
        case 2: _ = try lengthDelimited()
        case 5: try advance(4)
        default: throw .malformed("a protobuf field has wire type \(wireType), which OSM PBF does not use")
        }
    }

    private mutating func advance(_ count: Int) throws(OSMReadError) {
        guard end - offset >= count else { throw .malformed("a protobuf fixed-width field runs past its message") }
        offset += count
    }

    /// The bytes of `range` as a string (invalid UTF-8 repaired).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Requires `key` to have wire type `expected`.
    static func require(_ key: Key, _ expected: Int, _ what: String) throws(OSMReadError) {
        guard key.wireType == expected else {
            throw .malformed("\(what) has wire type \(key.wireType) where \(expected) was expected")
        }
    }
}

/// Iterates the varints of a packed repeated field (or the one varint of an unpacked one), so a
/// reader accepts both encodings as protobuf requires.
struct PackedVarints {
    private var reader: ProtoReader

    /// The values of a field whose key had `wireType`: the packed bytes of `range`, or (wire type
    /// 0) the single varint at `range`'s start.
    init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) {
        reader = ProtoReader(bytes, range: range)
    }

    var isAtEnd: Bool { reader.isAtEnd }

    @inline(__always)
    mutating func next() throws(OSMReadError) -> UInt64 { try reader.varint() }

    @inline(__always)
    mutating func nextSigned() throws(OSMReadError) -> Int64 { try reader.signedVarint() }

    /// How many varints the range holds (bytes without the continuation bit).
    static func count(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0x80 == 0 { count += 1 }
        return count
    }
}
