// The one checksum of Nearby's own binary files: the spatial index image (header and blocks) and
// the place archive (block table, blocks, source tag) use it, through ``BlockVerifier`` for blocks.

/// A fast 64-bit checksum over whole little-endian words (four independent xor-multiply-rotate
/// lanes, then a final mix); it detects damage, it is not cryptographic. Its values are part of
/// the file formats: changing it means a new format version.
public enum BlockChecksum {
    /// The checksum of the `byteCount` bytes at `base`.
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
