// The byte layout shared by a built SpatialIndex and its serialized (cacheable) form.

/// Header fields and section offsets of the index image (format version 2).
///
/// Image = 128-byte header, block table, then the data region (from ``dataOffset``, 64-byte
/// aligned), all little-endian:
/// points[n] in tree order, one 64-byte record (a cache line when the image is 64-byte aligned)
/// each: Float64 ECEF x, y, z, then the point's ``Geodesic/LatitudeTerms`` (Float64 rounded
/// latitude, longitude, sin β, cos β; dn is recomputed), then UInt32 id and 4 zero bytes — so the
/// leaf scan also brings in everything the exact geodesic and the answer need;
/// boxes[nodes × 6] (Float32 min x, y, z, max x, y, z, rounded outwards; zero-padded to 8 bytes).
///
/// Header: 0 magic "NBYIDX\0\u{1}" (8), 8 header checksum u64 over bytes [16, dataOffset) (the rest
/// of the header and the block table), 16 version u32, 20 leaf size u32, 24 count u64, 32 node
/// count u64, 40 total size u64, 48 log2 block size u32, 52 block count u32, 56 libm fingerprint
/// u64 (``LibmFingerprint``), 64…127 zero. Block table: one u64 checksum per 64 KiB block of the
/// data region (the last block may be shorter), so a mapped image is verified block by block
/// as queries first read it.
struct SpatialIndexLayout: Equatable {
    static let magic: UInt64 = 0x0100_5844_4959_424E  // "NBYIDX\0\u{1}" little-endian
    /// Bump whenever the layout or the computation of the stored terms changes.
    static let version: UInt32 = 2
    static let headerSize = 128
    static let blockShift = 16
    static let blockSize = 1 << blockShift
    static let defaultLeafSize = 16
    /// Bytes per point record.
    static let recordSize = 64

    let count: Int
    let leafSize: Int
    let nodeCount: Int

    init(count: Int, leafSize: Int) {
        self.count = count
        self.leafSize = leafSize
        self.nodeCount = Self.nodeCount(count: count, leafSize: leafSize)
    }

    /// Nodes of the implicit tree: all nodes at depth D are leaves, where D is the least depth
    /// with ⌈n / 2^D⌉ ≤ leafSize (a node at depth d holds at most ⌈n / 2^d⌉ points).
    static func nodeCount(count: Int, leafSize: Int) -> Int {
        guard count > 0 else { return 0 }
        var depth = 0
        while (count + (1 << depth) - 1) >> depth > leafSize { depth += 1 }
        return (1 << (depth + 1)) - 1
    }

    /// Bytes of the data region (all sections).
    var dataSize: Int { Self.recordSize * count + (24 * nodeCount + 7) / 8 * 8 }
    var blockCount: Int { (dataSize + Self.blockSize - 1) >> Self.blockShift }
    var dataOffset: Int { (Self.headerSize + 8 * blockCount + 63) / 64 * 64 }

    var pointOffset: Int { dataOffset }
    var boxOffset: Int { pointOffset + Self.recordSize * count }
    var totalSize: Int { dataOffset + dataSize }

    /// The byte range of data block `block` within the image.
    func blockRange(_ block: Int) -> Range<Int> {
        let start = dataOffset + (block << Self.blockShift)
        return start..<min(start + Self.blockSize, totalSize)
    }
}
