import Foundation
import NearbyOutput
import NearbyRuns

/// Human formats for distances, bearings and ages.
enum Formatting {
    /// The one way a distance near the user is written, in `units`: metric `85 m`, `950 m`,
    /// `1.2 km`, `12 km`; imperial `280 ft`, `0.3 mi`, `12 mi`; `–` for a value that is not a finite
    /// distance. (A run's total is written with fixed decimals by `Units.distance(_:decimals:)`.)
    static func distance(_ metres: Double, units: Units = .metric) -> String {
        guard units == .metric else { return imperial(metres) }
        guard metres.isFinite else { return "–" }
        if abs(metres) < 999.5 { return "\(whole(metres)) m" }
        let km = metres / 1000
        if abs(km) < 9.95 { return "\(oneDecimal(km)) km" }
        return "\(whole(km)) km"
    }

    /// `0.3 mi`, `12 mi`, or feet below a tenth of a mile; `–` for a value that is not finite.
    private static func imperial(_ metres: Double) -> String {
        guard metres.isFinite else { return "–" }
        let miles = metres / 1609.344
        if abs(miles) < 0.1 { return "\(whole(metres / 0.3048)) ft" }
        if abs(miles) < 9.95 { return "\(oneDecimal(miles)) mi" }
        return "\(whole(miles)) mi"
    }

    /// A finite value rounded to a whole number, as text, without converting to `Int` (which
    /// traps beyond ±9.2e18): `1e19` is `10000000000000000000`.
    static func whole(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        return NumberText.decimal(value.rounded(), maxFractionDigits: 0) ?? "–"
    }

    /// Exactly one decimal (`1.0`, `9.9`), as the distance texts show it.
    private static func oneDecimal(_ value: Double) -> String {
        let text = NumberText.decimal(value, maxFractionDigits: 1) ?? "–"
        return text.contains(".") ? text : text + ".0"
    }

    /// The 16-point compass name of a bearing in degrees (N, NNE, NE, …); empty when the bearing
    /// is not finite.
    static func compass(_ bearing: Double) -> String {
        guard bearing.isFinite else { return "" }
        let names = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        // normalized is in [0, 360), so the sector is 0…16 before the remainder: no trap.
        let sector = Int((normalized / 22.5).rounded()) % 16
        return names[sector]
    }

    /// Parses `300m`, `1.5km`, `500`, `0.5mi`, `2000ft` into metres: nil unless it is a decimal
    /// distance greater than 0 and at most 20,037.5 km (see ``NumericOptions``, whose messages
    /// are better; this is for callers with their own).
    static func parseDistance(_ text: String) -> Double? {
        guard let metres = NumericOptions.parseDistance(text), metres > 0, metres <= NumericOptions.maximumDistance
        else { return nil }
        return metres
    }

    /// `today`, `1 day`, `12 days`.
    static func age(days: Int) -> String {
        switch days {
        case ..<1: return "today"
        case 1: return "1 day"
        default: return "\(days) days"
        }
    }

    /// ISO 8601 UTC text of seconds since 1970, to the second, in the proleptic Gregorian calendar
    /// (Foundation's formatters switch to the Julian calendar before 1582).
    static func isoDate(_ seconds: Double) -> String {
        CivilTime.iso(seconds) ?? "out of range"
    }

    /// A number for CSV and other text: ``NumberText`` with at most `digits` decimals (`"null"`
    /// for a value that is not finite, as JSON writes it).
    static func number(_ value: Double, digits: Int = 6) -> String {
        NumberText.decimal(value, maxFractionDigits: digits) ?? "null"
    }
}
