/// Integer conversions of `Double`s that cannot trap, for every figure shown or used as a count.
///
/// `Int(someDouble)` traps on NaN, infinities and values beyond ±2^63; a figure computed from a
/// file (or from a run stored long ago) can be any of those. Beyond ±2^53 a `Double` has no
/// fraction left, so that is the bound used.
public enum WholeNumber {
    /// The largest magnitude converted: 2^53.
    public static let limit = 9_007_199_254_740_992.0

    /// `value` rounded by `rule`, or nil when it is not finite or beyond ±2^53.
    public static func of(_ value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero)
        -> Int?
    {
        let rounded = value.rounded(rule)
        guard rounded.isFinite, abs(rounded) <= limit else { return nil }
        return Int(exactly: rounded)
    }

    /// Decimal text of the rounded value, or `fallback` when it has none.
    public static func text(
        _ value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero, fallback: String = "–"
    ) -> String {
        of(value, rounding: rule).map(String.init) ?? fallback
    }

    /// The rounded value clamped into `range`; NaN gives the lower bound.
    public static func clamped(
        _ value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero, to range: ClosedRange<Int>
    ) -> Int {
        guard !value.isNaN else { return range.lowerBound }
        if let whole = of(value, rounding: rule) {
            return Swift.min(range.upperBound, Swift.max(range.lowerBound, whole))
        }
        return value < 0 ? range.lowerBound : range.upperBound
    }
}
