/// The FIT CRC-16 (polynomial 0x8005 reflected, initial value 0: CRC-16/ARC), as the FIT
/// protocol specifies for the file header and for the whole file.
enum FITCRC {
    /// One entry per byte value, computed once (immutable).
    static let table: [UInt16] = (0..<256).map { index -> UInt16 in
        var crc = UInt16(index)
        for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }

    /// The CRC of `count` bytes at `start`.
    static func checksum(_ start: UnsafePointer<UInt8>, count: Int) -> UInt16 {
        var crc: UInt16 = 0
        table.withUnsafeBufferPointer { table in
            for index in 0..<count {
                crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ start[index])]
            }
        }
        return crc
    }
}
