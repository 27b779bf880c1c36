/// Proleptic Gregorian calendar text for instants, without Foundation's calendar (which switches
/// to the Julian calendar before October 1582 and would print year 0000 as `0001-01-03`).
///
/// Works for years 0000–9999, the years a track file can write (see ``ISO8601Time``); anything
/// else, and NaN or infinities, has no text.
public enum CivilTime {
    /// First instant of 0000-01-01 and of 10000-01-01, seconds since 1970.
    static let earliest = -62_167_219_200.0
    static let end = 253_402_300_800.0

    /// `YYYY-MM-DDThh:mm:ssZ` (seconds rounded down), nil outside years 0000–9999.
    public static func iso(_ seconds: Double) -> String? {
        guard let (y, mo, d, h, mi, s) = fields(seconds, offset: 0) else { return nil }
        return "\(four(y))-\(two(mo))-\(two(d))T\(two(h)):\(two(mi)):\(two(s))Z"
    }

    /// `YYYY-MM-DD hh:mm` at `offset` seconds east of UTC, nil outside years 0000–9999.
    public static func dateTime(_ seconds: Double, offset: Int = 0) -> String? {
        guard let (y, mo, d, h, mi, _) = fields(seconds, offset: offset) else { return nil }
        return "\(four(y))-\(two(mo))-\(two(d)) \(two(h)):\(two(mi))"
    }

    /// `YYYY-MM-DD` at `offset` seconds east of UTC, nil outside years 0000–9999.
    public static func date(_ seconds: Double, offset: Int = 0) -> String? {
        guard let (y, mo, d, _, _, _) = fields(seconds, offset: offset) else { return nil }
        return "\(four(y))-\(two(mo))-\(two(d))"
    }

    /// Calendar fields of the local time `seconds + offset`.
    static func fields(_ seconds: Double, offset: Int) -> (Int, Int, Int, Int, Int, Int)? {
        guard abs(offset) <= 86_400 else { return nil }
        let local = seconds.rounded(.down) + Double(offset)
        guard local.isFinite, local >= earliest, local < end, let whole = Int(exactly: local) else { return nil }
        var days = whole / 86_400
        var second = whole % 86_400
        if second < 0 {
            days -= 1
            second += 86_400
        }
        let (year, month, day) = civil(fromDays: days)
        return (year, month, day, second / 3600, second / 60 % 60, second % 60)
    }

    /// Proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days,
    /// the inverse of ``ISO8601Time/daysFromCivil(year:month:day:)``).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private static func four(_ n: Int) -> String {
        String(repeating: "0", count: Swift.max(0, 4 - String(n).count)) + String(n)
    }
}
