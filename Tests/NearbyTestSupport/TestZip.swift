import NearbyRuns

/// Writes zip archives byte by byte (PKWARE APPNOTE 6.3.x layout) for the container tests, with
/// switches for the hostile shapes: lying sizes, encryption flags, data descriptors, overlaps.
public struct TestZip: Sendable {
    public struct Member: Sendable {
        public var name: String
        public var data: [UInt8]
        /// 0 stored, 8 deflate, anything else written as is (its data stored).
        public var method: UInt16 = 8
        public var flags: UInt16 = 0
        /// Sizes and CRC go in a data descriptor after the data (flag bit 3), zero in the local header.
        public var dataDescriptor = false
        /// Overrides the uncompressed size written in the central directory.
        public var declaredSize: UInt32? = nil
        /// Overrides the CRC written in the central directory.
        public var declaredCRC: UInt32? = nil

        public init(_ name: String, _ data: [UInt8], method: UInt16 = 8) {
            self.name = name
            self.data = data
            self.method = method
        }

        public init(_ name: String, text: String, method: UInt16 = 8) {
            self.init(name, Array(text.utf8), method: method)
        }
    }

    public var members: [Member]
    /// Overrides the entry counts in the end record.
    public var declaredEntries: UInt16? = nil
    /// Central-directory compressed size of this member index is stretched to the directory start.
    public var stretchMember: Int? = nil
    /// Write Zip64 records: every size and offset as 0xFFFFFFFF with the real values in Zip64
    /// extra fields, and a Zip64 end record and locator before the end record.
    public var zip64 = false

    public init(_ members: [Member]) { self.members = members }

    public var bytes: [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        var offsets: [Int] = []
        var stretchAt: Int?
        for (index, member) in members.enumerated() {
            let compressed = member.method == 8 ? Deflate.compress(member.data, gzip: false) : member.data
            let crc = crc32(member.data)
            let nameBytes = Array(member.name.utf8)
            let flags = member.flags | (member.dataDescriptor ? 0x0008 : 0) | 0x0800
            offsets.append(out.count)
            out += le32(0x0403_4B50) + le16(20) + le16(flags) + le16(member.method) + le16(0) + le16(0x21)
            let sizes64 = le64(UInt64(member.data.count)) + le64(UInt64(compressed.count))
            if member.dataDescriptor {
                out += le32(0) + le32(0) + le32(0)
            } else if zip64 {
                out += le32(crc) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
            } else {
                out += le32(crc) + le32(UInt32(compressed.count)) + le32(UInt32(member.data.count))
            }
            let localExtra = zip64 ? le16(1) + le16(16) + sizes64 : []
            out += le16(UInt16(nameBytes.count)) + le16(UInt16(localExtra.count)) + nameBytes + localExtra + compressed
            if member.dataDescriptor {
                out += le32(0x0807_4B50) + le32(crc) + le32(UInt32(compressed.count)) + le32(UInt32(member.data.count))
            }
            central +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(flags) + le16(member.method) + le16(0) + le16(0x21)
            central += le32(member.declaredCRC ?? crc)
            if index == stretchMember { stretchAt = central.count }
            if zip64 {
                let extra = le16(1) + le16(24) + sizes64 + le64(UInt64(offsets[index]))
                central += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
                central += le16(UInt16(nameBytes.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0) + le16(0)
                central += le32(0) + le32(0xFFFF_FFFF) + nameBytes + extra
                continue
            }
            central += le32(UInt32(compressed.count)) + le32(member.declaredSize ?? UInt32(member.data.count))
            central += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
            central += le32(UInt32(offsets[index])) + nameBytes
        }
        let directoryOffset = out.count
        if let at = stretchAt, let index = stretchMember {
            let dataStart = offsets[index] + 30 + members[index].name.utf8.count
            central.replaceSubrange(at..<(at + 4), with: le32(UInt32(directoryOffset - dataStart)))
        }
        let count = declaredEntries ?? UInt16(members.count)
        out += central
        if zip64 {
            let record = out.count
            out += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(UInt64(members.count)) + le64(UInt64(members.count)) + le64(UInt64(central.count))
            out += le64(UInt64(directoryOffset))
            out += le32(0x0706_4B50) + le32(0) + le64(UInt64(record)) + le32(1)
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF)
            out += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(0)
            return out
        }
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(count) + le16(count)
        out += le32(UInt32(central.count)) + le32(UInt32(directoryOffset)) + le16(0)
        return out
    }
}

public func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
public func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
public func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }

/// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320): the zip's checksum computed independently
/// of zlib's, through a table this file derives bit by bit from the polynomial (the flood tests
/// checksum tens of MiB, which the bitwise loop took seconds for in a debug build).
public func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    bytes.withUnsafeBufferPointer { buffer in
        crcTable.withUnsafeBufferPointer { table in
            for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
    }
    return ~crc
}

/// The CRC of each byte value, bit by bit.
private let crcTable: [UInt32] = (0..<256).map { value in
    var crc = UInt32(value)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    return crc
}
