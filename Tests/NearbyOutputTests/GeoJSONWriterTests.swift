import Foundation
import Testing

@testable import NearbyOutput
/// GeoJSON (RFC 7946) text written by hand; JSONSerialization as the independent reader.
@Suite struct FormatsGeoJSONWriterTests {
    static func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func pointFeatureExactText() {
        let text = GeoJSONWriter().write([
            GeoJSONFeature(
                geometry: .point(GeoJSONPosition(latitude: 25.0418, longitude: 121.5152)),
                properties: [("name", .string("A \"b\"")), ("distance_m", .number(102.04213456789)), ("n", .null)])
        ])
        #expect(
            text
                == #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[121.5152,25.0418]},"properties":{"name":"A \"b\"","distance_m":102.0421346,"n":null}}]}"#
                + "\n")
    }

    @Test func linesAndEmptyCollection() throws {
        let a = GeoJSONPosition(latitude: 25.033, longitude: 121.5654)
        let b = GeoJSONPosition(latitude: 25.03876083320457, longitude: 121.55050612986088)
        let text = GeoJSONWriter().write([
            GeoJSONFeature(geometry: .lineString([a, b]), properties: []),
            GeoJSONFeature(geometry: .multiLineString([[a, b], []]), properties: [("kind", .string("route"))]),
        ])
        #expect(
            text
                == #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[121.5654,25.033],[121.5505061,25.0387608]]},"properties":{}},{"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[121.5654,25.033],[121.5505061,25.0387608]],[]]},"properties":{"kind":"route"}}]}"#
                + "\n")
        #expect(GeoJSONWriter().write([]) == "{\"type\":\"FeatureCollection\",\"features\":[]}\n")
        let root = try Self.parse(text)
        let features = try #require(root["features"] as? [[String: Any]])
        let line = try #require(features[0]["geometry"] as? [String: Any])
        #expect(line["coordinates"] as? [[Double]] == [[121.5654, 25.033], [121.5505061, 25.0387608]])  // [lon, lat]
    }

    @Test func tinyAndHugeNumbersHaveNoExponent() throws {
        let text = GeoJSONWriter().write([
            GeoJSONFeature(
                geometry: .point(GeoJSONPosition(latitude: 0.00001, longitude: -0.0000007)),
                properties: [
                    ("small", .number(1e-7)), ("big", .number(1e21)), ("nan", .number(.nan)),
                    ("negzero", .number(-0.0)),
                ])
        ])
        #expect(text.contains("[-0.0000007,0.00001]"))
        #expect(text.contains(#""small":0.0000001,"big":1000000000000000000000,"nan":null,"negzero":0"#))
        #expect(!text.contains("e-") && !text.contains("e+") && !text.contains("1e"))
        _ = try Self.parse(text)
    }

    @Test func trickyKeysAndValuesReadBack() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{00} é ☺ / </script>"
        let text = GeoJSONWriter().write([
            GeoJSONFeature(geometry: .multiLineString([]), properties: [(tricky, .string(tricky))])
        ])
        let features = try #require(try Self.parse(text)["features"] as? [[String: Any]])
        let properties = try #require(features.first?["properties"] as? [String: Any])
        #expect(properties[tricky] as? String == tricky)
    }
}
