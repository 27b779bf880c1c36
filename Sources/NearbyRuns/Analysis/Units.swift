import Foundation

/// Metric or imperial display units, and pure formatting helpers for the CLI.
///
/// Rules: a mile is 1609.344 m (international mile). Values are rounded to whole seconds before
/// they are split into minutes and seconds, so a pace never reads "5:60". Non-finite or
/// negative inputs, and durations of 10⁹ s or more, format as "–" (no value).
public enum Units: String, Sendable, Hashable, Codable, CaseIterable {
    /// Kilometres, pace per kilometre.
    case metric
    /// Miles, pace per mile.
    case imperial

    /// Metres in one display distance unit: 1000 or 1609.344.
    public var metresPerUnit: Double {
        switch self {
        case .metric: 1000
        case .imperial: 1609.344
        }
    }

    /// The distance unit's symbol: "km" or "mi".
    public var distanceSymbol: String {
        switch self {
        case .metric: "km"
        case .imperial: "mi"
        }
    }

    /// Pace from a speed in m/s: "5:32 /km" or "8:54 /mi". A speed of 0 or less has no pace
    /// ("–").
    public func pace(speed: Double) -> String {
        guard speed.isFinite, speed > 0 else { return "–" }
        return pace(secondsPerMetre: 1 / speed)
    }

    /// Pace from seconds per kilometre (as ``RunStatistics/averagePace`` gives it).
    public func pace(secondsPerKilometre: Double?) -> String {
        guard let secondsPerKilometre else { return "–" }
        return pace(secondsPerMetre: secondsPerKilometre / 1000)
    }

    private func pace(secondsPerMetre: Double) -> String {
        let perUnit = secondsPerMetre * metresPerUnit
        guard perUnit.isFinite, perUnit >= 0, perUnit < Units.longest else { return "–" }
        return "\(Units.minutesSeconds(perUnit)) /\(distanceSymbol)"
    }

    /// Distance in the display unit with `decimals` places: "5.00 km", "3.11 mi".
    public func distance(_ metres: Double, decimals: Int = 2) -> String {
        guard metres.isFinite, metres >= 0 else { return "–" }
        let number = String(format: "%.\(Swift.min(9, Swift.max(0, decimals)))f", metres / metresPerUnit)
        return "\(number) \(distanceSymbol)"
    }

    /// Speed in km/h or mph with one decimal: "11.2 km/h", "6.9 mph".
    public func speed(_ metresPerSecond: Double) -> String {
        guard metresPerSecond.isFinite, metresPerSecond >= 0 else { return "–" }
        let value = metresPerSecond * 3600 / metresPerUnit
        return String(format: "%.1f", value) + (self == .metric ? " km/h" : " mph")
    }

    /// Duration as "h:mm:ss" from one hour up ("1:02:03"), else "m:ss" ("2:03", "0:07").
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < Units.longest else { return "–" }
        let total = Int(seconds.rounded())
        let h = total / 3600
        let m = (total % 3600) / 60
        let s = total % 60
        if h > 0 { return String(format: "%d:%02d:%02d", h, m, s) }
        return String(format: "%d:%02d", m, s)
    }

    /// Longest duration formatted (about 31 years); beyond it the helpers give "–".
    static let longest: Double = 1e9

    /// "m:ss" with minutes unbounded ("75:00"), rounded to whole seconds; "–" outside
    /// 0 ..< ``longest`` (callers check that range first; this keeps the conversion from trapping).
    static func minutesSeconds(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < Units.longest else { return "–" }
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
