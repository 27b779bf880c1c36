/// A point on the WGS84 ellipsoid in decimal degrees.
///
/// A `Coordinate` always holds a finite latitude in −90…90 and a finite longitude in −180…180:
/// every way to build one checks its input, so code that holds one never has to check again.
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Latitude in degrees, −90…90, positive north.
    public let latitude: Double
    /// Longitude in degrees, −180…180, positive east.
    public let longitude: Double

    /// Builds a coordinate, or returns nil when either value is not finite or out of range.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite,
            (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Builds a coordinate or throws a ``CoordinateError`` that says what is wrong.
    public init(validatingLatitude latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw .latitudeOutOfRange(latitude)
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .longitudeOutOfRange(longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `"25.0418,121.5152"` (white space allowed around the comma) or an RFC 5870
    /// `geo:` URI such as `"geo:25.0418,121.5152;u=10"` (an altitude and parameters are ignored;
    /// a `crs` other than wgs84 is refused).
    ///
    /// Every number must be written as ``DecimalText`` accepts it: `0x19`, `inf` and `nan` are
    /// refused, also in a `geo:` URI's altitude and `u=` uncertainty.
    public init(parsing text: String) throws(CoordinateError) {
        var body = Substring(text.trimmingSpaces())
        if body.count >= 4, body.prefix(4).lowercased() == "geo:" {
            body = body.dropFirst(4)
            let parts = body.split(separator: ";", omittingEmptySubsequences: false)
            body = parts.first ?? ""
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].lowercased() == "crs", pair[1].lowercased() != "wgs84" {
                    throw .unsupportedReferenceSystem(String(pair[1]))
                }
                if pair.count == 2, pair[0].lowercased() == "u", DecimalText.parse(pair[1]) == nil {
                    throw .unreadable(text)
                }
            }
            let numbers = body.split(separator: ",", omittingEmptySubsequences: false)
            guard numbers.count == 2 || numbers.count == 3 else { throw .unreadable(text) }
            if numbers.count == 3, DecimalText.parse(numbers[2]) == nil { throw .unreadable(text) }
            body = numbers[0] + "," + numbers[1]
        }
        let numbers = body.split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count == 2,
            let latitude = DecimalText.parse(String(numbers[0]).trimmingSpaces()),
            let longitude = DecimalText.parse(String(numbers[1]).trimmingSpaces())
        else { throw .unreadable(text) }
        try self.init(validatingLatitude: latitude, longitude: longitude)
    }

    /// `"25.041800,121.515200"`: latitude first, six decimals (about 0.1 m).
    public var description: String {
        "\(Self.fixed(latitude, 6)),\(Self.fixed(longitude, 6))"
    }

    /// An RFC 5870 `geo:` URI for this point.
    public var geoURI: String { "geo:\(description)" }

    /// Formats `value` with exactly `digits` decimals without Foundation. Only for a validated
    /// latitude or longitude (|value| ≤ 180, so the conversions below cannot overflow); anything
    /// else prints as its plain description.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite, abs(value) <= 180, (0...9).contains(digits) else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        let fraction = Int(rounded - Double(whole) * scale)
        var fractionText = String(fraction)
        while fractionText.count < digits { fractionText = "0" + fractionText }
        let sign = value < 0 && rounded != 0 ? "-" : ""
        return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fractionText)"
    }
}

/// Why a latitude/longitude pair or its text was refused.
public enum CoordinateError: Error, Sendable, Equatable, CustomStringConvertible {
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case unreadable(String)
    case unsupportedReferenceSystem(String)

    public var description: String {
        switch self {
        case .latitudeOutOfRange(let value):
            return "latitude \(value) is outside −90…90"
        case .longitudeOutOfRange(let value):
            return "longitude \(value) is outside −180…180"
        case .unreadable(let text):
            // A value from outside is echoed, but not a screenful of it.
            let shown = text.count > 64 ? String(text.prefix(64)) + "… (\(text.count) characters)" : text
            return "\"\(shown)\" is not a coordinate; write LAT,LON such as 25.0418,121.5152"
        case .unsupportedReferenceSystem(let crs):
            return "the geo: URI uses crs=\(crs); only wgs84 is supported"
        }
    }
}

extension String {
    /// Trims ASCII white space, U+00A0 and U+3000 from both ends.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{00A0}" || $0 == "\u{3000}" }
        guard let start = firstIndex(where: { !isSpace($0) }),
            let end = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
