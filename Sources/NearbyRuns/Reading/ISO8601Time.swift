/// A hand-written ISO 8601 timestamp parser for track files.
///
/// Accepts `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh:mm|±hhmm|±hh]` (also `t` or a space as the
/// separator and `,` as the decimal mark). A missing zone means UTC. The fraction may have any
/// number of digits and is truncated to whole microseconds, as gpxpy does. Years 0000–9999
/// work, including those before 1970.
enum ISO8601Time {
    /// The date last converted, by its ten bytes (`YYYY-MM-DD`), and its day number: the fixes
    /// of a track are mostly of one day, so a reader converts and checks each date once.
    struct DayMemo {
        var date: (UInt64, UInt16)?
        var days = 0
    }

    /// Seconds since 1970-01-01T00:00:00Z, or nil when the text is not such a timestamp.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var memo = DayMemo()
        return parse(text, memo: &memo)
    }

    /// ``parse(_:)``, reusing the day number of the last date when the date bytes are the same.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, memo: inout DayMemo) -> Double? {
        guard let base = text.baseAddress else { return nil }
        var start = 0
        var end = text.count
        while start < end, XMLBytes.isSpace(base[start]) { start += 1 }
        while end > start, XMLBytes.isSpace(base[end - 1]) { end -= 1 }
        let p = base + start
        let n = end - start
        guard n >= 19 else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int {
            let d = Int(p[i]) &- 48
            return (d >= 0 && d <= 9) ? d : -1000
        }
        let date = (
            UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)),
            UInt16(littleEndian: UnsafeRawPointer(p + 8).loadUnaligned(as: UInt16.self))
        )
        let days: Int
        if let known = memo.date, known == date {
            days = memo.days  // the same ten bytes were checked and converted before
        } else {
            let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
            let month = digit(5) * 10 + digit(6)
            let day = digit(8) * 10 + digit(9)
            guard year >= 0, month >= 1, month <= 12, day >= 1, day <= daysInMonth(year: year, month: month),
                p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-")
            else { return nil }
            days = daysFromCivil(year: year, month: month, day: day)
            memo = DayMemo(date: date, days: days)
        }
        let hour = digit(11) * 10 + digit(12)
        let minute = digit(14) * 10 + digit(15)
        let second = digit(17) * 10 + digit(18)
        guard hour >= 0, hour <= 24, minute >= 0, minute <= 59, second >= 0, second <= 60,
            p[10] == UInt8(ascii: "T") || p[10] == UInt8(ascii: "t") || p[10] == UInt8(ascii: " "),
            p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":")
        else { return nil }
        if hour == 24, minute != 0 || second != 0 { return nil }
        var i = 19
        var micros = 0
        if i < n, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",") {
            i += 1
            let fractionStart = i
            var scale = 100_000
            while i < n, p[i] >= 48, p[i] <= 57 {
                if scale > 0 {
                    micros += Int(p[i] - 48) * scale
                    scale /= 10
                }
                i += 1
            }
            guard i > fractionStart else { return nil }
        }
        var offset = 0
        if i < n {
            let c = p[i]
            if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
                i += 1
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                let sign = c == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard n - i >= 2 else { return nil }
                let oh = digit(i) * 10 + digit(i + 1)
                i += 2
                var om = 0
                if i < n {
                    if p[i] == UInt8(ascii: ":") { i += 1 }
                    guard n - i >= 2 else { return nil }
                    om = digit(i) * 10 + digit(i + 1)
                    i += 2
                }
                guard oh >= 0, oh <= 23, om >= 0, om <= 59 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            } else {
                return nil
            }
        }
        guard i == n else { return nil }
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(whole) + Double(micros) / 1_000_000
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
