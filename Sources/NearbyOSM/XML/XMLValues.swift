/// The numbers and times of OSM XML attributes, parsed exactly from their text.
enum XMLValues {
    /// A whole number such as `-123` (no sign on the plus side but an optional `+`), or nil.
    static func integer(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var i = 0
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < bytes.count, bytes.count - i <= 19 else { return nil }
        var value: Int64 = 0
        while i < bytes.count {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(digit))
            guard !o1, !o2 else { return nil }
            value = sum
            i += 1
        }
        return negative ? -value : value
    }

    /// A decimal number of degrees such as `60.1643249` in whole nanodegrees (digits past the
    /// ninth decimal rounded half up), or nil when it is not a plain decimal within ±1000°.
    static func nanodegrees(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var i = 0
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var whole: Int64 = 0
        var digits = 0
        while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
            whole = whole * 10 + Int64(bytes[i] &- UInt8(ascii: "0"))
            digits += 1
            i += 1
            if digits > 4 { return nil }
        }
        var fraction: Int64 = 0
        var places = 0
        var roundUp = false
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
                let digit = Int64(bytes[i] &- UInt8(ascii: "0"))
                if places < 9 {
                    fraction = fraction * 10 + digit
                    places += 1
                } else if places == 9 {
                    roundUp = digit >= 5
                    places += 1
                }
                digits += 1
                i += 1
            }
        }
        guard i == bytes.count, digits > 0 else { return nil }
        while places < 9 {
            fraction *= 10
            places += 1
        }
        var value = whole * 1_000_000_000 + fraction + (roundUp ? 1 : 0)
        if negative { value = -value }
        return value
    }

    /// An ISO 8601 UTC time `YYYY-MM-DDThh:mm:ssZ` in seconds since 1970, or nil.
    static func timestamp(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            integer(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        // Days from 1970-01-01 to the date (the civil-from-days inverse, Howard Hinnant's).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The `<bounds>` element's box, or nil when it is incomplete or out of range.
    static func bounds(_ markup: XMLMarkup) -> (southWest: OSMLocation, northEast: OSMLocation)? {
        guard let minLat = markup.value("minlat").flatMap(nanodegrees),
            let minLon = markup.value("minlon").flatMap(nanodegrees),
            let maxLat = markup.value("maxlat").flatMap(nanodegrees),
            let maxLon = markup.value("maxlon").flatMap(nanodegrees)
        else { return nil }
        let box = (
            southWest: OSMLocation(latitudeNano: minLat, longitudeNano: minLon),
            northEast: OSMLocation(latitudeNano: maxLat, longitudeNano: maxLon)
        )
        return box.southWest.isValid && box.northEast.isValid ? box : nil
    }
}
