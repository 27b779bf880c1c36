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

    /// True for bytes that end a tag or attribute name.
    @inline(__always)
    static func endsName(_ c: UInt8) -> Bool {
        c <= 0x20 || c == gt || c == slash || c == equals || c == lt || c == quote || c == apostrophe
            || c == question
    }

    /// True for bytes that may start an XML name (ASCII letters, `_`, `:`, any non-ASCII byte).
    @inline(__always)
    static func startsName(_ c: UInt8) -> Bool {
        (c | 0x20) &- UInt8(ascii: "a") < 26 || c == UInt8(ascii: "_") || c == colon || c >= 0x80
    }

    /// Index of the first `byte` in `base[from..<end]`, or nil.
    @inline(__always)
    static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        guard from < end, let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// True when `base[at..<at+literal.count]` equals the ASCII literal.
    @inline(__always)
    static func matches(
        _ literal: StaticString, in base: UnsafePointer<UInt8>, at: Int, end: Int
    ) -> Bool {
        let n = literal.utf8CodeUnitCount
        return end - at >= n && memcmp(base + at, literal.utf8Start, n) == 0
    }

    /// True when the two byte ranges of the same buffer are equal.
    @inline(__always)
    static func equal(
        _ base: UnsafePointer<UInt8>, _ a: Int, _ aEnd: Int, _ b: Int, _ bEnd: Int
    ) -> Bool {
        aEnd - a == bEnd - b && memcmp(base + a, base + b, aEnd - a) == 0
    }
}
