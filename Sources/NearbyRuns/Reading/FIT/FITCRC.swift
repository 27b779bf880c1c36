/// The FIT CRC-16 (polynomial 0x8005 reflected, initial value 0: CRC-16/ARC), as the FIT
/// protocol specifies for the file header and for the whole file.
///
/// Computed eight bytes at a time ("slicing by 8"): table k gives the CRC of a byte followed by
/// k zero bytes, so the eight lookups of a step are independent instead of one long chain.
enum FITCRC {
    /// Eight tables of 256 entries, one after the other, computed once (immutable).
    static let tables: [UInt16] = {
        var tables = [UInt16](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt16(index)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
            tables[index] = crc
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The CRC of `count` bytes at `start`.
    static func checksum(_ start: UnsafePointer<UInt8>, count: Int) -> UInt16 {
        var crc: UInt16 = 0
        tables.withUnsafeBufferPointer { table in
            var index = 0
            while count - index >= 8 {
                let p = start + index
                let low = Int(UInt8(truncatingIfNeeded: crc) ^ p[0])
                let high = Int(UInt8(truncatingIfNeeded: crc >> 8) ^ p[1])
                crc =
                    table[7 * 256 + low] ^ table[6 * 256 + high] ^ table[5 * 256 + Int(p[2])]
                    ^ table[4 * 256 + Int(p[3])] ^ table[3 * 256 + Int(p[4])] ^ table[2 * 256 + Int(p[5])]
                    ^ table[256 + Int(p[6])] ^ table[Int(p[7])]
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ start[index])]
                index += 1
            }
        }
        return crc
    }
}
