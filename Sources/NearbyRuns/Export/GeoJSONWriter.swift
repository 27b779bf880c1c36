import NearbyGeo

/// A GeoJSON geometry (RFC 7946); positions are written `[longitude, latitude]`.
public enum GeoJSONGeometry: Sendable, Hashable {
    case point(Coordinate)
    case lineString([Coordinate])
    case multiLineString([[Coordinate]])
}

/// A property value of a GeoJSON feature.
public enum GeoJSONValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
}

/// Writes RFC 7946 GeoJSON text: a `FeatureCollection` of features, each a geometry and ordered
/// string/number properties. Strings are JSON-escaped, numbers are plain decimals (no exponent;
/// NaN and infinities become `null`), coordinates optionally rounded.
public struct GeoJSONWriter: Sendable {
    /// Decimals kept in coordinates (6 ≈ 0.1 m); nil keeps the shortest exact text.
    public var coordinateDecimals: Int?

    public init(coordinateDecimals: Int? = nil) {
        self.coordinateDecimals = coordinateDecimals
    }

    /// A `FeatureCollection` of the features in order; properties keep their given order.
    public func write(_ features: [(geometry: GeoJSONGeometry, properties: [(String, GeoJSONValue)])]) -> String {
        var out = "{\"type\":\"FeatureCollection\",\"features\":["
        for (index, feature) in features.enumerated() {
            if index > 0 { out += "," }
            out += "{\"type\":\"Feature\",\"geometry\":"
            geometry(feature.geometry, into: &out)
            out += ",\"properties\":{"
            for (number, property) in feature.properties.enumerated() {
                if number > 0 { out += "," }
                Self.string(property.0, into: &out)
                out += ":"
                Self.value(property.1, into: &out)
            }
            out += "}}"
        }
        out += "]}"
        return out
    }

    private func geometry(_ geometry: GeoJSONGeometry, into out: inout String) {
        switch geometry {
        case .point(let c):
            out += "{\"type\":\"Point\",\"coordinates\":"
            position(c, into: &out)
        case .lineString(let line):
            out += "{\"type\":\"LineString\",\"coordinates\":"
            positions(line, into: &out)
        case .multiLineString(let lines):
            out += "{\"type\":\"MultiLineString\",\"coordinates\":["
            for (index, line) in lines.enumerated() {
                if index > 0 { out += "," }
                positions(line, into: &out)
            }
            out += "]"
        }
        out += "}"
    }

    private func positions(_ line: [Coordinate], into out: inout String) {
        out += "["
        for (index, c) in line.enumerated() {
            if index > 0 { out += "," }
            position(c, into: &out)
        }
        out += "]"
    }

    private func position(_ c: Coordinate, into out: inout String) {
        out += "["
        out += NumberText.plain(c.longitude, maxFractionDigits: coordinateDecimals) ?? "0"
        out += ","
        out += NumberText.plain(c.latitude, maxFractionDigits: coordinateDecimals) ?? "0"
        out += "]"
    }

    static func value(_ value: GeoJSONValue, into out: inout String) {
        switch value {
        case .string(let s): string(s, into: &out)
        case .number(let x): out += NumberText.plain(x) ?? "null"
        case .integer(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// A JSON string literal (see ``TextEscaping/json(_:into:)``).
    static func string(_ text: String, into out: inout String) { TextEscaping.json(text, into: &out) }
}
