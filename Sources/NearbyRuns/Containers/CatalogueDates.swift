/// The date texts of export catalogues, turned into seconds since 1970-01-01T00:00:00 of the
/// same clock (UTC for Strava, the runner's wall clock for Runkeeper).
enum CatalogueDates {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Strava's English `Activity Date`: `May 29, 2022, 3:53:35 PM` (also full month names).
    static func strava(_ text: String) -> Double? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard parts.count == 5 else { return nil }
        let monthText = parts[0].lowercased()
        guard monthText.count >= 3, let monthIndex = months.firstIndex(of: String(monthText.prefix(3))),
            let day = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        let clock = parts[3].split(separator: ":")
        guard clock.count == 3, let hour12 = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (1...12).contains(hour12)
        else { return nil }
        let meridiem = parts[4].uppercased()
        guard meridiem == "AM" || meridiem == "PM" else { return nil }
        let hour = hour12 % 12 + (meridiem == "PM" ? 12 : 0)
        return seconds(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second)
    }

    /// Runkeeper's `Date`: `2020-05-02 15:16:17`, local wall time without a zone.
    static func runkeeper(_ text: String) -> Double? {
        let halves = text.split(separator: " ")
        guard halves.count == 2 else { return nil }
        let date = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        guard date.count == 3, clock.count == 3, let year = Int(date[0]), let month = Int(date[1]),
            let day = Int(date[2]), let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2])
        else { return nil }
        return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Runkeeper's `Duration`: `mm:ss` or `h:mm:ss`, in seconds.
    static func duration(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.map { (0..<1_000_000).contains($0) } ?? false })
        else { return nil }
        return Double(parts.reduce(0) { $0 * 60 + ($1 ?? 0) })
    }

    /// Seconds since 1970 for a proleptic Gregorian date and time, or nil when a field is out of range.
    static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Double? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
