/// A fast, allocation-free decimal number parser for XML text and attribute values.
///
/// Surrounding XML white space is ignored. Accepts an optional sign, digits with an optional
/// decimal point, and an optional exponent. Values with up to 15 significant digits and a small
/// exponent are converted exactly (Clinger's fast path); longer ones fall back to the standard
/// library's correctly rounded conversion. Non-finite results are rejected.
enum DecimalParser {
    /// 10^e for 0 ≤ e ≤ 22, all exactly representable.
    @inline(__always)
    private static func powerOfTen(_ e: Int) -> Double {
        switch e {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// `-?digits[.digits]` from `start`, read up to the first byte that does not fit it (before
    /// `stop`): its value, nil when there are no digits or more than 15 (then only the long way
    /// converts it exactly), and the offset where it stopped. The whole digits, then after a point
    /// the fraction's: two tight loops, no flag per byte.
    @inline(__always)
    private static func plain(_ base: UnsafePointer<UInt8>, from start: Int, to stop: Int) -> (
        value: Double?, end: Int
    ) {
        var i = start
        let negative = i < stop && base[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        let wholeStart = i
        while i < stop, base[i] &- 48 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(base[i] &- 48)
            i += 1
        }
        var digits = i - wholeStart
        var fraction = 0
        if i < stop, base[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < stop, base[i] &- 48 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(base[i] &- 48)
                i += 1
            }
            fraction = i - fractionStart
            digits += fraction
        }
        guard digits > 0, digits <= 15 else { return (nil, i) }
        let value = Double(mantissa) / powerOfTen(fraction)
        return (negative ? -value : value, i)
    }

    /// The common case: `-?digits[.digits]` with at most 15 digits in all and nothing around it,
    /// converted exactly as mantissa / 10^fractionDigits. Nil otherwise.
    @inline(__always)
    private static func simple(_ base: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        let read = plain(base, from: 0, to: count)
        return read.end == count ? read.value : nil
    }

    /// ``simple(_:_:)`` on the bytes from `start` up to the first `terminator` before `stop`, read
    /// in the same pass that finds it: the value and the terminator's offset, or nil when a byte
    /// before it is not part of `-?digits[.digits]` (then read the text the long way). A value it
    /// gives is exactly the one ``parseDouble(_:)`` gives for those bytes.
    @inline(__always)
    static func simple(
        _ base: UnsafePointer<UInt8>, from start: Int, to stop: Int, until terminator: UInt8
    ) -> (value: Double, end: Int)? {
        let read = plain(base, from: start, to: stop)
        guard read.end < stop, base[read.end] == terminator, let value = read.value else { return nil }
        return (value, read.end)
    }

    /// The value of the text, or nil when it is not a finite decimal number.
    static func parseDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = text.baseAddress else { return nil }
        if let value = simple(base, text.count) { return value }
        var start = 0
        var end = text.count
        while start < end, XMLBytes.isSpace(base[start]) { start += 1 }
        while end > start, XMLBytes.isSpace(base[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var i = start
        var negative = false
        if base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
            negative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var digits = 0
        while i < end, base[i] &- 48 < 10 {
            let d = UInt64(base[i] &- 48)
            if mantissa != 0 || d != 0 { significant += 1 }
            if significant <= 19 { mantissa = mantissa &* 10 &+ d } else { exponent += 1 }
            digits += 1
            i += 1
        }
        if i < end, base[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, base[i] &- 48 < 10 {
                let d = UInt64(base[i] &- 48)
                if mantissa != 0 || d != 0 { significant += 1 }
                if significant <= 19 {
                    mantissa = mantissa &* 10 &+ d
                    exponent -= 1
                }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < end, base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < end, base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
                expNegative = base[i] == UInt8(ascii: "-")
                i += 1
            }
            var e = 0
            var expDigits = 0
            while i < end, base[i] &- 48 < 10 {
                if e < 100_000 { e = e * 10 + Int(base[i] &- 48) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == end else { return nil }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if significant <= 15, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= powerOfTen(-exponent) } else { value *= powerOfTen(exponent) }
            return negative ? -value : value
        }
        let slow = Double(String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self))
        guard let slow, slow.isFinite else { return nil }
        return slow
    }
}
