/// Reads a coordinate written in decimal degrees, and nothing else.
///
/// Feeds document their coordinates as decimal numbers, so only the decimal spelling is
/// accepted: an optional sign, digits with an optional fraction (`25`, `25.0418`, `.5`, `25.`),
/// and an optional exponent (`2.5e1`); feed white space anywhere is ignored (`121. 5152`).
/// Swift's `Double(_:)` alone would also take `0x19`, `inf`, `nan` and `infinity`, which no feed
/// means as a position; those are refused as not decimal.
enum DecimalDegrees {
    /// What a coordinate text is.
    enum Reading: Equatable {
        /// A finite decimal number.
        case value(Double)
        /// Written in decimal but too large for a `Double` (`1e999`).
        case infinite
        /// Not a decimal number at all (`0x19`, `nan`, `25,04`, `N/A`).
        case notDecimal
    }

    /// Reads `text` (already trimmed of feed white space at its ends).
    static func read(_ text: String) -> Reading {
        if isDecimal(text.utf8), let value = Double(text) {
            return value.isFinite ? .value(value) : .infinite
        }
        var compact = text
        if text.unicodeScalars.contains(where: String.isFeedSpace) {
            compact = String(
                String.UnicodeScalarView(text.unicodeScalars.filter { !String.isFeedSpace($0) }))
        }
        guard isDecimal(compact.utf8) else { return .notDecimal }
        guard let value = Double(compact) else { return .notDecimal }
        return value.isFinite ? .value(value) : .infinite
    }

    /// Reads text given as bytes that are well-formed UTF-8 needing no normalising (a CSV field
    /// lent from its page), as ``read(_:)`` reads their `String`: a plain number in the JSON
    /// grammar (which is decimal, and read correctly rounded) without making the `String`.
    static func read(normalBytes bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        if let value = plainValue(bytes) { return .value(value) }
        if let first = bytes.first, first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 {
            var reader = JSONByteReader(bytes)
            if let value = try? reader.parseNumber(), reader.position == bytes.count {
                return value.isFinite ? .value(value) : .infinite
            }
        }
        return read(String(decoding: bytes, as: UTF8.self))
    }

    /// The value of `-?digits(.digits)?` with at most 19 digits whose value is exact as a
    /// `Double` before scaling (below 2^53, at most 22 decimals), the usual coordinate; nil
    /// for anything else. Correctly rounded (one exact division), as `Double(_:)` reads it.
    static func plainValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let count = bytes.count
        var index = 0
        let negative = base[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimals = 0
        var seenPoint = false
        while index < count {
            let byte = base[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                if seenPoint { decimals += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
                // Digits are needed on both sides of the point (`25.` and `.5` go the long way).
                guard digits > 0 else { return nil }
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 19, !seenPoint || decimals > 0, mantissa < 1 << 53,
            decimals <= 22
        else { return nil }
        let value = Double(mantissa) / powersOfTen[decimals]
        return negative ? -value : value
    }

    /// 10^0 … 10^22, each exact as a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Reads the member of a flat JSON record as ``FeedRecord`` would: a JSON number is its
    /// value, text is normalised and read as ``read(_:)`` reads it; nil when it has no text.
    /// Text that is already a plain JSON number is read in place, with the same result.
    static func read(_ flat: JSONFlatRecord, _ member: JSONFlatRecord.Member) -> Reading? {
        if member.kind == .number {
            return member.number.isFinite ? .value(member.number) : .infinite
        }
        let raw = flat.raw(member)
        if member.kind == .string, let first = raw.first,
            first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10
        {
            if let value = plainValue(raw) { return .value(value) }
            var reader = JSONByteReader(raw)
            if let value = try? reader.parseNumber(), reader.position == raw.count {
                return value.isFinite ? .value(value) : .infinite
            }
        }
        let (string, inPlace) = flat.scalarText(member)
        let text = inPlace ? String(decoding: raw, as: UTF8.self) : string
        guard let normalized = text?.normalizedFeedValue() else { return nil }
        return read(normalized)
    }

    /// True when `bytes` spell `[+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?`.
    static func isDecimal(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var byte = iterator.next()
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = iterator.next() }
        var digits = 0
        while let current = byte, isDigit(current) {
            digits += 1
            byte = iterator.next()
        }
        if byte == UInt8(ascii: ".") {
            byte = iterator.next()
            while let current = byte, isDigit(current) {
                digits += 1
                byte = iterator.next()
            }
        }
        guard digits > 0 else { return false }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = iterator.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = iterator.next() }
            var exponentDigits = 0
            while let current = byte, isDigit(current) {
                exponentDigits += 1
                byte = iterator.next()
            }
            guard exponentDigits > 0 else { return false }
        }
        return byte == nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
