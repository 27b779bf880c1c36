#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte classes and small byte-level helpers shared by the XML scanner and value parsers.
enum XMLBytes {
    static let lt = UInt8(ascii: "<")
    static let gt = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let amp = UInt8(ascii: "&")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let equals = UInt8(ascii: "=")
    static let colon = UInt8(ascii: ":")
    static let question = UInt8(ascii: "?")
    static let bang = UInt8(ascii: "!")

    /// XML white space: space, tab, line feed, carriage return.
    @inline(__always)
    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D
    }

    /// Bits (below 64) of `"`, `'`, `/`, `<`, `=`, `>`, `?` and every byte up to space.
    private static let nameStopMask: UInt64 =
        (1 << 0x22) | (1 << 0x27) | (1 << 0x2F) | (1 << 0x3C) | (1 << 0x3D) | (1 << 0x3E) | (1 << 0x3F)
        | ((1 << 0x21) - 1)

    /// True for bytes that end a tag or attribute name.
    @inline(__always)
    static func endsName(_ c: UInt8) -> Bool {
        c < 64 && (nameStopMask >> UInt64(c)) & 1 != 0
    }

    /// The eight bytes at `offset`, the first in the lowest bits.
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of every zero byte of `w` set (and perhaps of bytes above the first zero
    /// byte, through a borrow): the lowest set bit marks the first zero byte exactly.
    @inline(__always)
    static func zeroBytes(_ w: UInt64) -> UInt64 {
        (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080
    }

    /// The offset of the first byte of `base[from..<to]` below 0x40, or `to`: every byte before it
    /// is a letter, `_`, or part of a multi-byte character, so a name runs on at least that far
    /// (the bytes that end a name are all below 0x40). Eight bytes at a time: a byte below 0x40 is
    /// one whose high bit `w - 0x40…` sets while its own is clear; a borrow can only flag bytes
    /// above a byte already flagged, so the lowest flag is exact.
    @inline(__always)
    static func skipNameLetters(_ base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var i = from
        while end - i >= 8 {
            let w = word(base, i)
            let low = (w &- 0x4040_4040_4040_4040) & ~w & 0x8080_8080_8080_8080
            if low != 0 { return i + low.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end, base[i] >= 0x40 { i += 1 }
        return i
    }

    /// The offset of the first byte that ends a name (``endsName(_:)``) in `base[from..<to]`, or `to`.
    @inline(__always)
    static func nameEnd(_ base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var i = from
        while true {
            i = skipNameLetters(base, from: i, to: end)
            guard i < end, !endsName(base[i]) else { return i }
            i += 1
        }
    }

    /// True for bytes that may start an XML name (ASCII letters, `_`, `:`, any non-ASCII byte).
    @inline(__always)
    static func startsName(_ c: UInt8) -> Bool {
        (c | 0x20) &- UInt8(ascii: "a") < 26 || c == UInt8(ascii: "_") || c == colon || c >= 0x80
    }

    /// Index of the first `byte` in `base[from..<to]`, or nil. Short runs are scanned inline, a
    /// word at a time (between tags there are usually only a few bytes of indentation; a value
    /// is a dozen), longer ones with memchr.
    @inline(__always)
    static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = from
        let inlineEnd = min(end, from + 32)
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        while inlineEnd - i >= 8 {
            let found = zeroBytes(word(base, i) ^ pattern)
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < inlineEnd {
            if base[i] == byte { return i }
            i += 1
        }
        guard i < end, let hit = memchr(base + i, Int32(byte), end - i) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// True when `base[at..<at+literal.count]` equals the ASCII literal.
    @inline(__always)
    static func matches(
        _ literal: StaticString, in base: UnsafePointer<UInt8>, at: Int, end: Int
    ) -> Bool {
        let n = literal.utf8CodeUnitCount
        return end - at >= n && same(base + at, literal.utf8Start, n)
    }

    /// True when the two byte ranges of the same buffer are equal.
    @inline(__always)
    static func equal(
        _ base: UnsafePointer<UInt8>, _ a: Int, _ aEnd: Int, _ b: Int, _ bEnd: Int
    ) -> Bool {
        aEnd - a == bEnd - b && same(base + a, base + b, aEnd - a)
    }

    /// Byte equality of two short runs, inline (names are a few bytes; a libc call costs more).
    @inline(__always)
    static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        while i + 8 <= n {
            if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            i += 8
        }
        while i < n {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
