import Foundation

/// The one number text of Nearby's output files (JSON, GeoJSON, CSV, GPX): plain positional
/// decimals (never `1e-05`), no trailing zeros after the point, no trailing `.`, `0` for negative
/// zero, nothing (nil) for NaN and the infinities — each writer says what it writes instead.
///
/// Two precisions:
/// - ``shortest(_:)``: the shortest text that reads back as the same `Double` (`0.1`, `25.0418`).
/// - ``decimal(_:maxFractionDigits:)``: the value rounded to at most so many decimals, correctly
///   from its binary value as C's `%.Nf` does (`0.15` with 1 decimal is `0.1`, because the
///   `Double` nearest 0.15 lies below it).
public enum NumberText {
    /// `decimal(value, maxFractionDigits:)` with a precision, `shortest(value)` without one.
    public static func plain(_ value: Double, maxFractionDigits: Int? = nil) -> String? {
        guard let digits = maxFractionDigits else { return shortest(value) }
        return decimal(value, maxFractionDigits: digits)
    }

    /// The shortest round-trip text of a finite value in positional notation, or nil.
    public static func shortest(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }
        let text = "\(value)"
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        // Swift writes the exponent of a finite Double as a few decimal digits, so this parses.
        let exponent = Int(text[text.index(after: e)...]) ?? 0
        return positional(mantissa: text[..<e], exponent: exponent)
    }

    /// A finite value rounded to at most `maxFractionDigits` decimals (clamped to 0…17), trailing
    /// zeros dropped, or nil. Values of 2^53 and more are whole numbers and are written as
    /// ``shortest(_:)`` writes them.
    public static func decimal(_ value: Double, maxFractionDigits: Int) -> String? {
        guard value.isFinite else { return nil }
        if abs(value) >= 9_007_199_254_740_992 { return shortest(value) }
        let digits = min(17, max(0, maxFractionDigits))
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `mantissa` × 10^`exponent` written positionally, e.g. `1.5`, `-7` → `0.00000015`.
    private static func positional(mantissa: Substring, exponent: Int) -> String {
        var text = mantissa
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        let integerDigits = text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? text.count
        let digits = Array(text.filter { $0 != "." })
        let point = integerDigits + exponent
        var out = negative ? "-" : ""
        if point <= 0 {
            out += "0." + String(repeating: "0", count: -point) + String(digits)
        } else if point >= digits.count {
            out += String(digits) + String(repeating: "0", count: point - digits.count)
        } else {
            out += String(digits[..<point]) + "." + String(digits[point...])
        }
        if out.contains(".") {
            while out.hasSuffix("0") { out.removeLast() }
            if out.hasSuffix(".") { out.removeLast() }
        }
        return out
    }
}
