import NearbyGeo

/// The one parser of each kind of numeric option: `--at` points, distances (`--within`) and
/// counts (`--limit`). Every number must be a decimal as ``DecimalText`` reads it (no `0x19`,
/// `inf` or `nan`); anything else, or a value out of range, is a usage error in one sentence.
enum NumericOptions {
    /// The greatest distance an option takes: half the equator, 20,037.5 km (π × 6,378,137 m is
    /// 20,037,508 m). No two points on Earth are farther apart along the surface.
    static let maximumDistance = 20_037_500.0

    /// The units a distance may be written in, longest suffix first, with metres per unit.
    static let distanceUnits: [(suffix: String, metres: Double)] = [
        ("km", 1000), ("mi", 1609.344), ("ft", 0.3048), ("m", 1),
    ]

    /// `300m`, `1.5km`, `500` (metres), `0.5mi`, `2000ft` in metres: greater than 0 and at most
    /// ``maximumDistance``.
    static func distance(_ text: String, option: String) throws(CLIError) -> Double {
        guard let metres = parseDistance(text) else {
            throw .usage(
                "--\(option) needs a distance such as 300m, 1.5km, 0.5mi or 2000ft, not \(ArgumentText.shown(text))")
        }
        guard metres > 0, metres <= maximumDistance else {
            throw .usage(
                "--\(option) must be greater than 0 and at most 20,037.5 km (half the equator), not \(ArgumentText.shown(text))"
            )
        }
        return metres
    }

    /// The distance option `option` if given, else `fallback`.
    static func distance(_ arguments: ParsedArguments, _ option: String, default fallback: Double) throws(CLIError)
        -> Double
    {
        if case .distance(let metres) = arguments.parsed[option] { return metres }
        guard let text = arguments.value(option) else { return fallback }
        return try distance(text, option: option)
    }

    /// Metres of a decimal number with an optional unit (white space allowed between them), or nil
    /// when the text is not one. The value is not range-checked here (`1e308km` is infinite).
    static func parseDistance(_ text: String) -> Double? {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        var number = Substring(lowered)
        var factor = 1.0
        if let unit = distanceUnits.first(where: { lowered.hasSuffix($0.suffix) }) {
            number = number.dropLast(unit.suffix.count)
            factor = unit.metres
        }
        guard let value = DecimalText.parse(number.trimmingCharacters(in: .whitespaces)) else { return nil }
        return value * factor
    }

    /// The point option `option` if given (as the spec parsed it), else nil.
    static func point(_ arguments: ParsedArguments, _ option: String) throws(CLIError) -> Coordinate? {
        if case .point(let point) = arguments.parsed[option] { return point }
        return try arguments.value(option).map { text throws(CLIError) in try point(text, option: option) }
    }

    /// A point: `LAT,LON` or a `geo:` URI (``Coordinate/init(parsing:)``).
    static func point(_ text: String, option: String = "at") throws(CLIError) -> Coordinate {
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw .usage("--\(option): \(error.description)")
        }
    }

    /// A whole number in `range`, written in decimal digits.
    static func count(_ text: String, option: String, range: ClosedRange<Int>) throws(CLIError) -> Int {
        guard let value = DecimalText.parseInteger(text), range.contains(value) else {
            throw .usage(
                "--\(option) needs a whole number from \(grouped(range.lowerBound)) to \(grouped(range.upperBound)), not \(ArgumentText.shown(text))"
            )
        }
        return value
    }

    /// The count option `option` if given, else `fallback`.
    static func count(_ arguments: ParsedArguments, _ option: String, range: ClosedRange<Int>, default fallback: Int?)
        throws(CLIError) -> Int?
    {
        if case .count(let value) = arguments.parsed[option], range.contains(value) { return value }
        guard let text = arguments.value(option) else { return fallback }
        return try count(text, option: option, range: range)
    }

    /// A decimal number for any other numeric option (`--max-speed`), or nil: ``DecimalText``.
    static func decimal(_ text: String) -> Double? { DecimalText.parse(text) }

    /// `1000000` as `1,000,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
