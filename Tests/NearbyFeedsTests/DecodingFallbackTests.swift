import Foundation
import NearbyGeo
import NearbyTestSupport
import Testing

@testable import NearbyFeeds

/// Field paths with fallbacks (issue 13), and the OpenStreetMap Overpass recipe of
/// Datasets/README.md run end to end through the decoder on an Overpass-shaped fixture.
/// Expected values are read off the fixture text (Fixtures/Decoding/overpass-toilets.json).
@Suite struct DecodingFallbackTests {
    /// The manifest printed in Datasets/README.md after `<!-- overpass-recipe -->`.
    static func recipe() throws -> DatasetManifest {
        let readme = try String(
            contentsOf: FeedTestPaths.datasets.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- overpass-recipe -->\n```json\n"))
        let rest = readme[marker.upperBound...]
        let end = try #require(rest.range(of: "\n```"))
        return try JSONDecoder().decode(DatasetManifest.self, from: Data(rest[..<end.lowerBound].utf8))
    }

    @Test func overpassRecipeFromTheReadmeDecodesNodesWaysAndRelations() throws {
        let manifest = try Self.recipe()
        try manifest.validate()
        #expect(manifest.fields.latitude.choices.map(\.text) == ["lat", "center.lat"])
        let feed = try FeedDecoder().decode(
            pages: [try FeedTestPaths.fixture("overpass-toilets.json")], manifest: manifest)
        #expect(feed.places.map(\.id) == ["1001", "2002", "3003", "2004", "1005"])
        #expect(feed.places[0].coordinate == Coordinate(latitude: 25.0418, longitude: 121.5152))
        #expect(feed.places[1].coordinate == Coordinate(latitude: 25.0330, longitude: 121.5654))
        #expect(feed.places[2].coordinate == Coordinate(latitude: 25.1000, longitude: 121.5480))
        #expect(feed.places[3].coordinate == nil)
        #expect(feed.places[4].coordinate == Coordinate(latitude: 25.0478, longitude: 121.5170))
        #expect(feed.places.map(\.name) == ["捷運台大醫院站公廁", "象山公園廁所", "士林官邸公廁", "沒有中心點的廁所", "1005"])
        #expect(feed.places[0].attributes.map(\.key) == ["wheelchair", "fee", "opening-hours"])
        #expect(feed.places[0].attribute("opening-hours") == "06:00-24:00")
        #expect(feed.places[1].attribute("wheelchair") == "limited")
        #expect(feed.places[1].attribute("fee") == nil)
        #expect(feed.places[2].attribute("fee") == "yes")
        #expect(feed.places[1].field("center.lat") == "25.033")
        #expect(feed.places[1].field("nodes") == "11, 12, 13, 14, 11")
        #expect(feed.places[2].field("members.1.role") == "inner")
        #expect(feed.places.allSatisfy { $0.category == "toilets" })
        #expect(feed.unplaced == 1)
        #expect(
            feed.warnings == [
                "1 record has no usable coordinates and is listed but never ranked by distance (1 missing).",
                "1 record has no name; the id is shown instead.",
            ])
    }

    @Test func firstPathWithAValueWinsAndNullOrEmptyFallsThrough() throws {
        var manifest = try FeedTestPaths.manifest("parks")
        manifest.fields.name = FieldPath("a", fallbacks: ["b", "c.d"])
        manifest.fields.latitude = FieldPath("lat", fallbacks: ["center.lat"])
        let body =
            #"[{"a":"first","b":"second","lat":25.5,"center":{"lat":24},"pm_Longitude":121},"#
            + #"{"a":null,"b":"  ","c":{"d":"third"},"lat":null,"center":{"lat":"24.25"},"pm_Longitude":121},"#
            + #"{"b":"second","center":{"lat":"0x19"},"pm_Longitude":121}]"#
        let feed = try FeedDecoder().decode(pages: [Data(body.utf8)], manifest: manifest)
        #expect(feed.places.map(\.name) == ["first", "third", "second"])
        #expect(feed.places[0].coordinate == Coordinate(latitude: 25.5, longitude: 121))
        #expect(feed.places[1].coordinate == Coordinate(latitude: 24.25, longitude: 121))
        #expect(feed.places[2].coordinate == nil)
    }

    @Test func csvColumnsFallBackToo() throws {
        var manifest = try FeedTestPaths.manifest("toilets")
        manifest.fields.latitude = FieldPath("lat", fallbacks: ["緯度"])
        let csv = "公廁名稱,lat,緯度,經度\nA,,25.25,121.5\nB,25.5,25.75,121.5\n"
        let feed = try FeedDecoder().decode(pages: [Data(csv.utf8)], manifest: manifest)
        #expect(feed.places.map { $0.coordinate?.latitude } == [25.25, 25.5])
    }

    @Test func aFieldMissingUnderEveryPathNamesTheList() throws {
        var manifest = try FeedTestPaths.manifest("parks")
        manifest.fields.latitude = FieldPath("lat", fallbacks: ["center.lat"])
        let body = #"[{"pm_name":"a","pm_Longitude":"121.5"}]"#
        #expect(
            throws: FeedDecodeError.fieldMissingEverywhere(
                dataset: "parks", role: "latitude", path: #"["lat", "center.lat"]"#)
        ) {
            try FeedDecoder().decode(pages: [Data(body.utf8)], manifest: manifest)
        }
    }

    private func manifestJSON(latitude: String) -> Data {
        Data(
            """
            {"id":"x","title":"X","source":{"urls":["https://example.org/x.json"],"format":"json"},
             "fields":{"name":"n","latitude":\(latitude),"longitude":"lon",
                       "attributes":[{"key":"k","field":["a","b.c"]}]},
             "licence":"l","attribution":"a"}
            """.utf8)
    }

    @Test func manifestListsDecodeValidateAndRoundTrip() throws {
        let manifest = try JSONDecoder().decode(
            DatasetManifest.self, from: manifestJSON(latitude: #"["lat","center.lat"]"#))
        try manifest.validate()
        #expect(manifest.fields.latitude == FieldPath("lat", fallbacks: ["center.lat"]))
        #expect(manifest.fields.attributes[0].field.fallbacks == [FieldPath("b.c")])
        #expect(manifest.fields.attributes[0].label == "a")
        let again = try JSONDecoder().decode(
            DatasetManifest.self, from: try JSONEncoder().encode(manifest))
        #expect(again == manifest)
        let single = try JSONDecoder().decode(
            DatasetManifest.self, from: manifestJSON(latitude: #""lat""#))
        #expect(single.fields.latitude.fallbacks.isEmpty)
        #expect(single.fingerprint != manifest.fingerprint)
    }

    @Test func badListsAreRefusedWithOneSentence() throws {
        for bad in ["[]", #"["a","b","c","d","e","f","g","h","i"]"#, "[1]", "{}"] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode(DatasetManifest.self, from: manifestJSON(latitude: bad))
            }
        }
        let empty = try JSONDecoder().decode(
            DatasetManifest.self, from: manifestJSON(latitude: #"["lat", " "]"#))
        #expect(throws: ManifestError.missingValue(dataset: "x", key: "fields.latitude")) {
            try empty.validate()
        }
    }

    @Test func catalogExplainsABadListInOneSentence() throws {
        let file = TestPaths.temporaryFile("nearby-fallback", suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        try manifestJSON(latitude: "[]").write(to: file)
        #expect(
            throws: CatalogError.malformedManifest(
                path: file.path, reason: "the value at \"fields.latitude\" is not allowed.")
        ) {
            try DatasetCatalog.loadManifest(at: file)
        }
    }
}
