// The byte layout shared by a built SpatialIndex and its serialized (cacheable) form.

/// Why bytes could not be used as a ``SpatialIndex``.
public enum SpatialIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooShort(Int)
    case badMagic
    case unsupportedVersion(UInt32)
    case sizeMismatch(expected: Int, actual: Int)
    case badShape(count: UInt64, leafSize: UInt32, nodeCount: UInt64)
    case checksumMismatch
    case bigEndianHost

    public var description: String {
        switch self {
        case .tooShort(let size):
            return "the spatial index data is \(size) bytes, shorter than its 64-byte header"
        case .badMagic:
            return "the data does not start with the spatial index magic, so it is not an index file"
        case .unsupportedVersion(let version):
            return "the spatial index has format version \(version); this build reads version 1"
        case .sizeMismatch(let expected, let actual):
            return "the spatial index should be \(expected) bytes but is \(actual), so it is truncated or damaged"
        case .badShape(let count, let leafSize, let nodeCount):
            return
                "the spatial index header is inconsistent (\(count) points, leaf size \(leafSize), \(nodeCount) nodes)"
        case .checksumMismatch:
            return "the spatial index checksum does not match its contents, so the data is damaged"
        case .bigEndianHost:
            return "the spatial index format is little-endian and this machine is not"
        }
    }
}

/// Header fields and section offsets of the index image.
///
/// Image = 64-byte header, then 8-byte aligned sections, all little-endian:
/// positions[n × 3] (Float64 ECEF x, y, z per point, tree order), coordinates[n × 2] (Float64
/// latitude, longitude), boxes[nodes × 6] (Float32 min x, y, z, max x, y, z, rounded outwards;
/// zero-padded to 8 bytes), ids[n] (UInt32, zero-padded to 8 bytes). Interleaving keeps a
/// leaf's data on few cache lines.
/// Header: magic "NBYIDX\0\u{1}" (8), version u32, leaf size u32, count u64, node count u64,
/// checksum u64 over bytes [64, end), total size u64, 16 reserved zero bytes.
struct SpatialIndexLayout: Equatable {
    static let magic: UInt64 = 0x0100_5844_4959_424E  // "NBYIDX\0\u{1}" little-endian
    static let version: UInt32 = 1
    static let headerSize = 64
    static let defaultLeafSize = 12

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

    var positionOffset: Int { Self.headerSize }
    var coordinateOffset: Int { positionOffset + 24 * count }
    var boxOffset: Int { coordinateOffset + 16 * count }
    var idOffset: Int { boxOffset + (24 * nodeCount + 7) / 8 * 8 }
    var totalSize: Int { idOffset + (4 * count + 7) / 8 * 8 }
}

/// A fast 64-bit checksum over whole little-endian words (four independent xor-multiply-rotate
/// lanes, then a final mix); it detects damage, it is not cryptographic.
public enum IndexChecksum {
    public static func hash(_ base: UnsafeRawPointer, byteCount: Int) -> UInt64 {
        let k0: UInt64 = 0x9E37_79B9_7F4A_7C15
        let k1: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var h0: UInt64 = 0x243F_6A88_85A3_08D3, h1: UInt64 = 0x1319_8A2E_0370_7344
        var h2: UInt64 = 0xA409_3822_299F_31D0, h3: UInt64 = 0x082E_FA98_EC4E_6C89
        let words = byteCount / 8
        var i = 0
        while i + 4 <= words {
            h0 = mix(h0, base.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self), k0)
            h1 = mix(h1, base.loadUnaligned(fromByteOffset: 8 * i + 8, as: UInt64.self), k0)
            h2 = mix(h2, base.loadUnaligned(fromByteOffset: 8 * i + 16, as: UInt64.self), k0)
            h3 = mix(h3, base.loadUnaligned(fromByteOffset: 8 * i + 24, as: UInt64.self), k0)
            i += 4
        }
        while i < words {
            h0 = mix(h0, base.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self), k1)
            i += 1
        }
        for j in (8 * words)..<byteCount {
            h1 = mix(h1, UInt64(base.load(fromByteOffset: j, as: UInt8.self)), k1)
        }
        var h = UInt64(byteCount) &* k1
        h = mix(h, h0, k0)
        h = mix(h, h1, k0)
        h = mix(h, h2, k0)
        h = mix(h, h3, k0)
        return h ^ (h >> 32)
    }

    /// One lane step: xor the word in, multiply by an odd constant, rotate so high bits feed back.
    @inline(__always) private static func mix(_ h: UInt64, _ word: UInt64, _ k: UInt64) -> UInt64 {
        let m = (h ^ word) &* k
        return (m << 31) | (m >> 33)
    }
}
