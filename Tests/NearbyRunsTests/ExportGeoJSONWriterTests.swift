import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// The GeoJSON text is checked with Foundation's JSONSerialization as an independent parser.
@Suite struct ExportGeoJSONWriterTests {
    static func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func featureCollectionShape() throws {
        let a = try #require(Coordinate(latitude: 25.0330, longitude: 121.5654))
        let b = try #require(Coordinate(latitude: 25.0340, longitude: 121.5664))
        let text = GeoJSONWriter().write([
            (geometry: .lineString([a, b]), properties: [("colour", .string("#ff0000")), ("pace", .number(312.5))]),
            (
                geometry: .point(a),
                properties: [("name", .string("Start")), ("index", .integer(0)), ("ok", .bool(true)), ("none", .null)]
            ),
        ])
        let root = try Self.parse(text)
        #expect(root["type"] as? String == "FeatureCollection")
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let line = try #require(features[0]["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        let coordinates = try #require(line["coordinates"] as? [[Double]])
        #expect(coordinates == [[121.5654, 25.033], [121.5664, 25.034]])  // [lon, lat]
        let properties = try #require(features[0]["properties"] as? [String: Any])
        #expect(properties["colour"] as? String == "#ff0000")
        #expect(properties["pace"] as? Double == 312.5)
        let point = try #require(features[1]["geometry"] as? [String: Any])
        #expect(point["type"] as? String == "Point")
        #expect(point["coordinates"] as? [Double] == [121.5654, 25.033])
        let pointProperties = try #require(features[1]["properties"] as? [String: Any])
        #expect(pointProperties["none"] is NSNull)
        #expect(pointProperties["ok"] as? Bool == true)
        // Property order is kept.
        #expect(text.contains("\"properties\":{\"colour\":\"#ff0000\",\"pace\":312.5}"))
    }

    @Test func stringEscaping() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{00} é ☺ / </script>"
        var out = ""
        GeoJSONWriter.string(tricky, into: &out)
        #expect(out.contains("\\u0007") && out.contains("\\u0000") && out.contains("\\n") && out.contains("\\\""))
        let text = GeoJSONWriter().write([(geometry: .multiLineString([]), properties: [(tricky, .string(tricky))])])
        let root = try Self.parse(text)
        let features = try #require(root["features"] as? [[String: Any]])
        let properties = try #require(features.first?["properties"] as? [String: Any])
        #expect(properties[tricky] as? String == tricky)
    }

    @Test func numbersHaveNoExponent() throws {
        let c = try #require(Coordinate(latitude: 0.00001, longitude: -0.0000007))
        let text = GeoJSONWriter().write([
            (
                geometry: .point(c),
                properties: [
                    ("small", .number(1e-7)), ("big", .number(1e21)), ("nan", .number(.nan)),
                    ("negzero", .number(-0.0)),
                ]
            )
        ])
        #expect(text.contains("[-0.0000007,0.00001]"))
        #expect(text.contains("\"small\":0.0000001"))
        #expect(text.contains("\"big\":1000000000000000000000"))
        #expect(text.contains("\"nan\":null"))
        #expect(text.contains("\"negzero\":0"))
        #expect(!text.contains("e-") && !text.contains("e+") && !text.contains("1e"))
        _ = try Self.parse(text)
    }

    @Test func roundedCoordinates() throws {
        let c = try #require(Coordinate(latitude: 25.03876083320457, longitude: 121.55050612986088))
        let text = GeoJSONWriter(coordinateDecimals: 6).write([(geometry: .point(c), properties: [])])
        #expect(
            text
                == "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[121.550506,25.038761]},\"properties\":{}}]}"
        )
    }

    @Test(arguments: [
        (1.0, "1"), (-2.5, "-2.5"), (0.1, "0.1"), (1e-5, "0.00001"), (-1.25e-7, "-0.000000125"),
        (1.5e16, "15000000000000000"), (123456789.125, "123456789.125"), (45.20987707190215, "45.20987707190215"),
    ])
    func plainNumbers(value: Double, expected: String) {
        #expect(NumberText.plain(value) == expected)
        #expect(Double(expected) == value)  // the text reads back as the same Double
    }

    /// Terminal controls in JSON strings are written as \u escapes: the decoded string is the same
    /// (JSONSerialization as the independent reader), but no raw control reaches a terminal.
    @Test func controlsAreEscapedAndTheValueIsExact() throws {
        let hostile = "a\u{1B}]0;title\u{07}b\u{9B}2Jc\u{202E}d\u{2066}e\u{7F}f\u{2028}g\"\\h台北"
        let literal = TextEscaping.json(hostile)
        #expect(literal == "\"a\\u001b]0;title\\u0007b\\u009b2Jc\\u202ed\\u2066e\\u007ff\\u2028g\\\"\\\\h台北\"")
        let decoded =
            try JSONSerialization.jsonObject(
                with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [hostile])
    }
}
