import Foundation

/// Human formats for distances, bearings and ages.
enum Formatting {
    /// `85 m`, `950 m`, `1.2 km`, `12 km`.
    static func distance(_ metres: Double) -> String {
        if metres < 999.5 { return "\(Int(metres.rounded())) m" }
        let km = metres / 1000
        if km < 9.95 { return String(format: "%.1f km", km) }
        return "\(Int(km.rounded())) km"
    }

    /// `0.3 mi`, `12 mi`, or feet below a tenth of a mile.
    static func distanceImperial(_ metres: Double) -> String {
        let miles = metres / 1609.344
        if miles < 0.1 { return "\(Int((metres / 0.3048).rounded())) ft" }
        if miles < 9.95 { return String(format: "%.1f mi", miles) }
        return "\(Int(miles.rounded())) mi"
    }

    /// The 16-point compass name of a bearing in degrees (N, NNE, NE, …).
    static func compass(_ bearing: Double) -> String {
        let names = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let sector = Int((normalized / 22.5).rounded()) % 16
        return names[sector]
    }

    /// The longest distance an option takes: half the equator, π × 6,378,137 m (WGS84) ≈ 20,037.5 km,
    /// the farthest apart two places can be.
    static let maximumDistance = Double.pi * 6_378_137

    /// Parses `300m`, `1.5km`, `500`, `0.5mi`, `2000ft` into metres; nil beyond ``maximumDistance``
    /// (which would only overflow what prints it).
    static func parseDistance(_ text: String) -> Double? {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("km", 1000), ("mi", 1609.344), ("ft", 0.3048), ("m", 1)]
        for (suffix, factor) in units where lowered.hasSuffix(suffix) {
            guard let number = Double(lowered.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)),
                number.isFinite, number >= 0, number * factor <= maximumDistance
            else { return nil }
            return number * factor
        }
        guard let number = Double(lowered), number.isFinite, number >= 0, number <= maximumDistance else { return nil }
        return number
    }

    /// `today`, `1 day`, `12 days`.
    static func age(days: Int) -> String {
        switch days {
        case ..<1: return "today"
        case 1: return "1 day"
        default: return "\(days) days"
        }
    }

    /// ISO 8601 UTC text of seconds since 1970, to the second.
    static func isoDate(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// A number for JSON/CSV: integers without a fraction, others with up to `digits` decimals.
    static func number(_ value: Double, digits: Int = 6) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.\(digits)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
