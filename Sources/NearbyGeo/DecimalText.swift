/// The one spelling of a number Nearby accepts where a decimal is documented: `--at`, `geo:`
/// URIs, `--within`, `--limit` and every other numeric option.
///
/// Accepted: an optional sign, decimal digits with an optional fraction (`25`, `25.0418`, `.5`,
/// `5.`), and an optional decimal exponent (`2.5e1`). Refused: hexadecimal (`0x19`, `0x1p4`),
/// `inf`, `infinity`, `nan`, white space, digits of other scripts, and values that overflow to
/// infinity (`1e999`). Swift's `Double(_:)` takes all of those, which is why it is not used on
/// text from outside directly.
public enum DecimalText {
    /// The value of `text`, or nil when it is not a finite number in the decimal spelling.
    public static func parse<Text: StringProtocol>(_ text: Text) -> Double? {
        guard isDecimal(text.utf8) else { return nil }
        guard let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// A whole number in decimal digits (optional sign, no fraction or exponent) that fits `Int`.
    public static func parseInteger<Text: StringProtocol>(_ text: Text) -> Int? {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty, bytes.allSatisfy(isDigit) else { return nil }
        return Int(String(text))  // nil when it does not fit

    }

    /// Whether `bytes` spell `[+-]digits[.digits][(e|E)[+-]digits]` with a digit before or after
    /// the point.
    static func isDecimal<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var index = bytes.startIndex
        func skipSign() {
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index = bytes.index(after: index)
            }
        }
        func digits() -> Int {
            var count = 0
            while index < bytes.endIndex, isDigit(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        skipSign()
        var mantissa = digits()
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            skipSign()
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
