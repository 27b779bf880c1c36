import NearbyGeo

/// Recomputes every checksum of a (possibly damaged) place archive over its current bytes, from
/// the layouts documented in `PlaceArchiveLayout` and `SpatialIndexLayout`: the index image's
/// block table and header checksum, the archive's block table, its hash and the total size.
/// Whatever does not fit (a section outside the file, a table of the wrong size) is left alone.
enum ArchiveSeal {
    static func reseal(_ file: inout [UInt8]) {
        guard file.count >= 160 else { return }
        store(UInt64(file.count), at: 40, in: &file)
        func section(_ number: Int) -> Range<Int>? {
            let offset = word(at: 48 + 16 * number, in: file)
            let length = word(at: 56 + 16 * number, in: file)
            guard offset <= UInt64(file.count), length <= UInt64(file.count) - offset else { return nil }
            return Int(offset)..<Int(offset + length)
        }
        if let index = section(5) { resealIndex(&file, index) }
        guard let index = section(5), let blocks = section(6), index.lowerBound >= 160 else { return }
        let blockSize = 1 << 16
        var start = 160
        var slot = blocks.lowerBound
        while start < index.lowerBound, slot + 8 <= blocks.upperBound {
            let length = min(blockSize, index.lowerBound - start)
            store(hash(file, start..<(start + length)), at: slot, in: &file)
            start += length
            slot += 8
        }
        store(hash(file, blocks), at: 32, in: &file)
    }

    /// The index image at `range`: one hash per 64 KiB block of its data region, then the header
    /// hash over bytes 16 up to the data region.
    private static func resealIndex(_ file: inout [UInt8], _ range: Range<Int>) {
        guard range.count >= 128 else { return }
        let base = range.lowerBound
        let blockCount = Int(word(at: base + 52, in: file) & 0xFFFF_FFFF)
        guard blockCount <= range.count / 8 else { return }
        let dataOffset = (128 + 8 * blockCount + 63) / 64 * 64
        guard dataOffset <= range.count else { return }
        for block in 0..<blockCount {
            let start = base + dataOffset + (block << 16)
            guard start <= range.upperBound else { break }
            let end = min(start + (1 << 16), range.upperBound)
            store(hash(file, start..<end), at: base + 128 + 8 * block, in: &file)
        }
        store(hash(file, (base + 16)..<(base + dataOffset)), at: base + 8, in: &file)
    }

    private static func hash(_ file: [UInt8], _ range: Range<Int>) -> UInt64 {
        file.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return BlockChecksum.hash(base + range.lowerBound, byteCount: range.count)
        }
    }

    private static func word(at offset: Int, in file: [UInt8]) -> UInt64 {
        guard offset >= 0, offset + 8 <= file.count else { return 0 }
        return file.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    private static func store(_ value: UInt64, at offset: Int, in file: inout [UInt8]) {
        guard offset >= 0, offset + 8 <= file.count else { return }
        file.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self) }
    }
}
