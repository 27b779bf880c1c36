/// Decimal text for numbers in exported files: the shortest text that reads back as the same
/// `Double`, always in plain positional notation (never `1e-05`), without a trailing `.0`.
public enum NumberText {
    /// Plain decimal text for a finite value, or nil for NaN and infinities.
    ///
    /// With `maxFractionDigits`, the value is first rounded to that many decimals
    /// (`25.03300049` with 6 → `25.033`). Negative zero is written `0`.
    public static func plain(_ value: Double, maxFractionDigits: Int? = nil) -> String? {
        guard value.isFinite else { return nil }
        var x = value
        if let digits = maxFractionDigits, digits >= 0, digits <= 15 {
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            let scaled = (x * scale).rounded()
            // Very large values cannot carry more fraction digits; leave them as they are.
            if scaled.isFinite, abs(scaled) < 9e15 { x = scaled / scale }
        }
        if x == 0 { return "0" }
        let shortest = "\(x)"
        guard let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        return expand(mantissa: shortest[..<e], exponent: Int(shortest[shortest.index(after: e)...]) ?? 0)
    }

    /// `-1.25` × 10^`exponent` written positionally.
    private static func expand(mantissa: Substring, exponent: Int) -> String {
        var text = mantissa
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        let pointIndex = text.firstIndex(of: ".")
        let integerDigits = pointIndex.map { text.distance(from: text.startIndex, to: $0) } ?? text.count
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
