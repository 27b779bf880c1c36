// Checks of an index image's header and block table (not of its data blocks).

extension SpatialIndexLayout {
    /// The layout of `bytes` after checking magic, version, header checksum (which covers the
    /// block table), shape, size and libm fingerprint. Data blocks are not read.
    static func validateHeader(_ bytes: UnsafeRawBufferPointer) throws(SpatialIndexError) -> SpatialIndexLayout {
        guard 1.littleEndian == 1 else { throw .bigEndianHost }
        guard bytes.count >= headerSize, let base = bytes.baseAddress else { throw .tooShort(bytes.count) }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func half(_ offset: Int) -> UInt32 {
            UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
        guard word(0) == magic else { throw .badMagic }
        guard half(16) == version else { throw .unsupportedVersion(half(16)) }
        let leafSize = half(20), count = word(24), nodes = word(32), total = word(40)
        // Each point takes at least 64 bytes, so a count above size/64 cannot be genuine.
        guard leafSize >= 1, leafSize <= 1 << 16, count <= UInt64(bytes.count / 64),
            nodes == UInt64(nodeCount(count: Int(count), leafSize: Int(leafSize)))
        else { throw .badShape(count: count, leafSize: leafSize, nodeCount: nodes) }
        let layout = SpatialIndexLayout(count: Int(count), leafSize: Int(leafSize))
        guard total == UInt64(layout.totalSize), bytes.count == layout.totalSize else {
            throw .sizeMismatch(expected: layout.totalSize, actual: bytes.count)
        }
        guard half(48) == UInt32(blockShift), half(52) == UInt32(layout.blockCount) else {
            throw .checksumMismatch
        }
        guard BlockChecksum.hash(base + 16, byteCount: layout.dataOffset - 16) == word(8) else {
            throw .checksumMismatch
        }
        guard word(56) == LibmFingerprint.current else { throw .builtElsewhere }
        return layout
    }
}

/// Memory for an image at `bytes`: borrowed when 8-byte aligned, else a private copy.
func indexImage(
    _ bytes: UnsafeRawBufferPointer, owner: (any AnyObject & Sendable)?
) throws(SpatialIndexError) -> IndexImage {
    guard let base = bytes.baseAddress else { throw .tooShort(0) }
    if Int(bitPattern: base) % 8 == 0 {
        return IndexImage(borrowing: base, byteCount: bytes.count, owner: owner)
    }
    let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 64)
    copy.copyMemory(from: base, byteCount: bytes.count)
    return IndexImage(adopting: copy, byteCount: bytes.count)
}
