/// Strings and numbers for ``JSONByteReader``.
extension JSONByteReader {
    /// A member's name and the `:` after it, with the white space around them: where an object's
    /// member starts (the parser and the record walker read members the same way).
    mutating func memberName() throws(JSONParseError) -> String {
        skipWhiteSpace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw unexpected(expected: "a member name in double quotes")
        }
        let key = try parseString()
        skipWhiteSpace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw unexpected(expected: "':' after a member name")
        }
        position += 1
        skipWhiteSpace()
        return key
    }

    /// Exact powers of ten for the fast number path (Clinger): 10^0 … 10^22.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses a string; `position` is at the opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = position + 1
        guard try scanString() else {
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
        }
        // Escaped (rare): checked already, so this second pass only spells it out.
        position = start
        scratch.removeAll(keepingCapacity: true)
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else {
                scratch.append(byte)
                position += 1
            }
        }
        throw error(.unexpectedEnd)
    }

    /// Moves past a string, checking its escapes; `position` is at the opening quote. True when
    /// the string holds an escape. The one string scanner of the parser, the record walker and
    /// flat records: eight bytes at a time until a quote or backslash is near.
    mutating func scanString() throws(JSONParseError) -> Bool {
        position += 1
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw error(.unexpectedEnd) }
        let raw = UnsafeRawPointer(base)
        var escaped = false
        while true {
            while position + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                if Self.hasByte(word, 0x22) || Self.hasByte(word, 0x5C) { break }
                position += 8
            }
            guard position < count else { throw error(.unexpectedEnd) }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return escaped
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                scratch.removeAll(keepingCapacity: true)
                try parseEscape()
            } else {
                position += 1
            }
        }
    }

    /// True when one of the eight bytes of `word` is `byte`.
    @inline(__always)
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let lows: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (lows &* UInt64(byte))
        return (x &- lows) & ~x & (lows &* 0x80) != 0
    }

    /// Decodes one escape sequence into `scratch`; `position` is at the backslash.
    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let first = try parseHex4(escapeStart)
            var scalar = Unicode.Scalar(first)
            if (0xD800...0xDBFF).contains(first) {
                scalar = nil
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    let save = position
                    position += 2
                    let second = try parseHex4(save)
                    if (0xDC00...0xDFFF).contains(second) {
                        let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        scalar = Unicode.Scalar(combined)
                    } else {
                        position = save
                    }
                }
            }
            appendUTF8(scalar ?? "\u{FFFD}")
        default:
            throw error(.invalidEscape, at: escapeStart)
        }
    }

    private mutating func parseHex4(_ escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error(.unexpectedEnd) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.invalidEscape, at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        for unit in UTF8.encode(scalar) ?? UTF8.encode("\u{FFFD}").unsafelyUnwrapped {
            scratch.append(unit)
        }
    }

    /// Parses a number with the JSON grammar; `position` is at `-` or a digit.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        let count = bytes.count
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        let integerStart = position
        while position < count, bytes[position] &- UInt8(ascii: "0") < 10 {
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                if mantissa != 0 { significantDigits += 1 }
            } else {
                decimalExponent += 1
                significantDigits += 1
            }
            position += 1
        }
        let integerDigits = position - integerStart
        guard integerDigits > 0 else { throw error(.invalidNumber, at: start) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw error(.invalidNumber, at: start)
        }
        if position < count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < count, bytes[position] &- UInt8(ascii: "0") < 10 {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                    if mantissa != 0 { significantDigits += 1 }
                    decimalExponent -= 1
                } else {
                    significantDigits += 1
                }
                position += 1
            }
            guard position > fractionStart else { throw error(.invalidNumber, at: start) }
        }
        if position < count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < count,
                bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
            {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            let exponentStart = position
            var exponent = 0
            while position < count, bytes[position] &- UInt8(ascii: "0") < 10 {
                if exponent < 100_000 {
                    exponent = exponent * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
                }
                position += 1
            }
            guard position > exponentStart else { throw error(.invalidNumber, at: start) }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if significantDigits <= 19, mantissa < (1 << 53), decimalExponent >= -22,
            decimalExponent <= 22
        {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= Self.powersOfTen[-decimalExponent]
            } else {
                value *= Self.powersOfTen[decimalExponent]
            }
            return negative ? -value : value
        }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw error(.invalidNumber, at: start) }
        return value
    }
}
