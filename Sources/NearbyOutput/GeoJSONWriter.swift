/// A GeoJSON position (RFC 7946 §3.1.1), WGS84 degrees; written `[longitude, latitude]`.
public struct GeoJSONPosition: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A GeoJSON geometry (RFC 7946 §3.1).
public enum GeoJSONGeometry: Sendable, Hashable {
    case point(GeoJSONPosition)
    case lineString([GeoJSONPosition])
    case multiLineString([[GeoJSONPosition]])
}

/// One feature: a geometry and its properties in the order given.
public struct GeoJSONFeature: Sendable {
    public var geometry: GeoJSONGeometry
    public var properties: [(String, JSONOutput)]

    public init(geometry: GeoJSONGeometry, properties: [(String, JSONOutput)]) {
        self.geometry = geometry
        self.properties = properties
    }
}

/// Writes RFC 7946 GeoJSON: a `FeatureCollection` whose members are written `type`, `features`,
/// and each feature `type`, `geometry`, `properties`, on top of ``JSONWriter``.
///
/// Every command writes GeoJSON in this one style: compact JSON with a final newline (machine
/// output, often thousands of coordinates, read by programs rather than people; `jq .` shows it
/// indented), numbers with at most 7 decimals (about 1 cm in a coordinate).
public struct GeoJSONWriter: Sendable {
    /// The JSON writer underneath (compact, at most 7 decimals).
    public var json: JSONWriter

    public init(json: JSONWriter = .compact) {
        self.json = json
    }

    /// The FeatureCollection text with a final newline.
    public func write(_ features: [GeoJSONFeature]) -> String {
        json.write(Self.collection(features))
    }

    /// The FeatureCollection as a JSON value.
    public static func collection(_ features: [GeoJSONFeature]) -> JSONOutput {
        .object([("type", .string("FeatureCollection")), ("features", .array(features.map(feature)))])
    }

    /// One feature as a JSON value.
    public static func feature(_ feature: GeoJSONFeature) -> JSONOutput {
        .object([
            ("type", .string("Feature")), ("geometry", geometry(feature.geometry)),
            ("properties", .object(feature.properties)),
        ])
    }

    /// A geometry as a JSON value.
    public static func geometry(_ geometry: GeoJSONGeometry) -> JSONOutput {
        switch geometry {
        case .point(let position):
            return .object([("type", .string("Point")), ("coordinates", self.position(position))])
        case .lineString(let line):
            return .object([("type", .string("LineString")), ("coordinates", .array(line.map(position)))])
        case .multiLineString(let lines):
            return .object([
                ("type", .string("MultiLineString")),
                ("coordinates", .array(lines.map { .array($0.map(position)) })),
            ])
        }
    }

    /// `[longitude, latitude]`.
    public static func position(_ position: GeoJSONPosition) -> JSONOutput {
        .array([.number(position.longitude), .number(position.latitude)])
    }
}
