#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Equality of two short byte runs, inlined: the names, keys and values a feed's records
/// repeat are mostly under 32 bytes, where a call to `memcmp` costs more than the comparison
/// (it was 4–5 % of a 1 M-record refresh's CPU, called millions of times for a few bytes each).
enum ShortBytes {
    /// Runs longer than this go to `memcmp`, which is faster on long ones.
    static let inlineLimit = 32

    /// True when the `count` bytes at `a` equal the `count` bytes at `b`.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            if count > inlineLimit { return memcmp(a, b, count) == 0 }
            // Whole words, then the last word again (overlapping): no byte loop.
            var offset = 0
            while offset + 8 < count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset += 8
            }
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        var offset = 0
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// True when `a` and `b` hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let left = a.baseAddress, let right = b.baseAddress else { return true }
        return equal(UnsafeRawPointer(left), UnsafeRawPointer(right), count: a.count)
    }
}
