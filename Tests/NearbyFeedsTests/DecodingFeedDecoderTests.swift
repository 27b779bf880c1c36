import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// Each built-in manifest decodes a hand-written fixture in its feed's real shape. Expected
/// values are read off the fixture text (Fixtures/Decoding), not from decoder output.
@Suite struct DecodingFeedDecoderTests {
    private let decoder = FeedDecoder()

    private func decode(_ id: String, _ files: [String]) throws -> DecodedFeed {
        let pages = try files.map { try FeedTestPaths.fixture($0) }
        return try decoder.decode(pages: pages, manifest: try FeedTestPaths.manifest(id))
    }

    @Test func toiletsCSVWithBOMCRLFTrailingSpaceHeaderAndLonFirst() throws {
        let feed = try decode("toilets", ["toilets-2023.csv"])
        #expect(feed.places.count == 6)
        #expect(feed.places.map(\.id) == ["1", "2", "3", "4", "5", "6"])
        let first = feed.places[0]
        #expect(first.coordinate == Coordinate(latitude: 25.109725, longitude: 121.529402))
        #expect(first.category == "交通")
        #expect(first.attribute("grade-improve") == "0")
        #expect(first.attribute("accessible-seats") == "1")
        #expect(first.attribute("family-seats") == "0")
        #expect(first.field("改善級") == "0")
        #expect(first.fields.count == 14)
        let hospital = feed.places[1]
        #expect(hospital.name == "臺北榮民總醫院")
        #expect(hospital.address == "臺北市士林區, 天母東路")
        #expect(hospital.attribute("manager") == "臺北市政府警察局 天母派出所")
        #expect(feed.places[2].attribute("manager") == "公園處 \"大安\"分隊")
        #expect(feed.places[2].coordinate == feed.places[3].coordinate)
        #expect(feed.places[4].coordinate == nil)
        let short = feed.places[5]
        #expect(short.coordinate == Coordinate(latitude: 25.0418, longitude: 121.5152))
        #expect(short.attribute("seats") == nil)
        #expect(short.attributes.map(\.key) == ["district", "type", "manager"])
        #expect(feed.unplaced == 1)
        #expect(
            feed.warnings == [
                "1 record has no usable coordinates and is listed but never ranked by distance (1 missing)."
            ])
    }

    @Test func toiletsCSVWithQuestionMarkNewlineInQuotesExtraColumnAndZeroZero() throws {
        let feed = try decode("toilets", ["toilets-2025.csv"])
        #expect(feed.places.count == 3)
        #expect(feed.places[0].attribute("manager") == "臺北市政府警察局 天母派出所")
        #expect(feed.places[1].name == "百齡橋下\n(河濱)")
        #expect(feed.places[1].field("column 15") == "多出欄位")
        #expect(feed.places[2].coordinate == nil)
        #expect(feed.warnings.first?.contains("(1 at 0,0)") == true)
    }

    @Test func toiletsJSONAPIAcrossTwoPages() throws {
        let feed = try decode("toilets-api", ["toilets-api-page1.json", "toilets-api-page2.json"])
        #expect(feed.places.map(\.id) == ["1", "2", "3"])
        #expect(feed.reportedTotal == 3)
        #expect(feed.warnings.isEmpty)
        #expect(feed.places[2].name == "臺北車站")
        #expect(feed.places[2].coordinate == Coordinate(latitude: 25.0478, longitude: 121.517))
        #expect(feed.places[0].field("_importdate.timezone") == "Asia/Taipei")
        let page = try FeedTestPaths.fixture("toilets-api-page1.json")
        let manifest = try FeedTestPaths.manifest("toilets-api")
        #expect(try decoder.recordCount(inPage: page, manifest: manifest) == 2)
        #expect(try decoder.reportedTotal(inPage: page, manifest: manifest) == 3)
    }

    @Test func landmarks2016WithNullsEscapesSurrogatesAndRunTogetherImages() throws {
        let feed = try decode("landmarks-2016", ["landmarks-2016.json"])
        #expect(feed.places.count == 3)
        #expect(feed.reportedTotal == 3)
        let spa = feed.places[0]
        #expect(spa.id == "1")
        #expect(spa.name == "新北投溫泉區")
        #expect(spa.coordinate == Coordinate(latitude: 25.137077, longitude: 121.508447))
        #expect(spa.address == "臺北市  北投區中山路")
        #expect(spa.attribute("images") == "http://a.example/1.jpg http://a.example/2.JPG")
        #expect(spa.attribute("description") == "溫泉 \u{1F6C1} 北投\n第二行")
        #expect(spa.attribute("transport") == nil)
        let other = feed.places[1]
        #expect(other.category == "其\u{3000}\u{3000}他")
        #expect(other.attribute("mrt") == nil)
        #expect(other.field("info") == nil)
        #expect(other.field("MEMO_TIME") == nil)
        #expect(feed.places[2].coordinate == nil)
        #expect(feed.unplaced == 1)
    }

    @Test func parks2016WithPaddedValuesAndSpacedCoordinates() throws {
        let feed = try decode("parks-2016", ["parks-2016.json"])
        #expect(feed.places.count == 2)
        #expect(feed.places[0].attribute("area") == "76,180")
        #expect(feed.places[0].attribute("introduction") == "二二八和平公園\r\n\u{3000}\u{3000}第二段")
        #expect(feed.places[0].attribute("open-time") == nil)
        #expect(feed.places[1].coordinate == Coordinate(latitude: 25.03, longitude: 121.54))
        #expect(feed.places[1].attribute("area") == nil)
    }

    @Test func parksBareArrayWithNoBreakSpaceAndSwappedCoordinates() throws {
        let feed = try decode("parks", ["parks.json"])
        #expect(feed.places.map(\.id) == ["1", "2"])
        #expect(feed.places[0].name == "大安森林公園")
        #expect(feed.places[0].attribute("phone") == "02 27001234")
        #expect(feed.places[0].coordinate == Coordinate(latitude: 25.03, longitude: 121.5354))
        #expect(feed.places[0].field("pm_playtype") == nil)
        #expect(feed.places[1].coordinate == nil)
        #expect(
            feed.warnings.first?.hasSuffix(
                "(1 out of range, of which 1 looks like latitude and longitude swapped).") == true)
    }

    @Test func travelTaipeiPagesWithNumberCoordinatesAndCategoryArrays() throws {
        let feed = try decode("landmarks", ["landmarks-page1.json", "landmarks-page2.json"])
        #expect(feed.places.map(\.name) == ["臺北101", "零點景點", "龍山寺"])
        #expect(feed.reportedTotal == 3)
        let tower = feed.places[0]
        #expect(tower.coordinate == Coordinate(latitude: 25.03361, longitude: 121.56482))
        #expect(tower.category == "地標")
        #expect(tower.attribute("categories") == "地標, 購物")
        #expect(tower.attribute("images") == "https://ex/1.jpg, https://ex/2.jpg")
        #expect(tower.attribute("district") == "信義區")
        #expect(tower.field("category.1.name") == "購物")
        #expect(tower.field("name_zh") == nil)
        #expect(feed.places[1].coordinate == nil)
        #expect(feed.places[1].category == nil)
        #expect(feed.places[2].coordinate == Coordinate(latitude: 25.03717, longitude: 121.49993))
    }

    @Test func hotelsFilteredToTaipeiWithBOMAndMixedCoordinateTypes() throws {
        let feed = try decode("hotels", ["hotels.json"])
        #expect(feed.places.map(\.id) == ["C4_315080000H_000001", "C4_315080000H_000003"])
        #expect(feed.filteredOut == 1)
        #expect(feed.recordCount == 3)
        #expect(feed.places[0].coordinate == Coordinate(latitude: 25.046, longitude: 121.517))
        #expect(feed.places[1].coordinate == Coordinate(latitude: 25.033, longitude: 121.5436))
        #expect(feed.places[0].attribute("lowest-price") == "3000")
        #expect(feed.warnings == ["1 record was filtered out (kept only Region equals 臺北市)."])
    }

    @Test func geoJSONFeaturesUseGeometryAndProperties() throws {
        let manifest = DatasetManifest(
            id: "hotels-geo", title: "t",
            source: .init(urls: ["file:///x.geojson"], format: .geojson),
            fields: .init(
                name: "name", latitude: "geometry.coordinates.1",
                longitude: "geometry.coordinates.0", address: "address",
                attributes: [.init(key: "tel", field: "tel")]),
            licence: "l", attribution: "a")
        let feed = try decoder.decode(
            pages: [try FeedTestPaths.fixture("hotels.geojson")], manifest: manifest)
        #expect(feed.places.map(\.name) == ["站前旅館", "大安旅館"])
        #expect(feed.places[0].coordinate == Coordinate(latitude: 25.046, longitude: 121.517))
        #expect(feed.places[1].address == nil)
        #expect(feed.places[1].fields.map(\.name) == ["name", "tel"])
        #expect(feed.places[1].attribute("tel") == "02-2")
    }

    @Test func repeatedIDsGetSuffixesAndMissingNamesFallBackToTheID() throws {
        let manifest = try FeedTestPaths.manifest("parks")
        let body =
            #"[{"SeqNo":"7","pm_name":"A","pm_Latitude":"25","pm_Longitude":"121.5"},"#
            + #"{"SeqNo":"7","pm_name":null,"pm_Latitude":"25","pm_Longitude":"121.5"}]"#
        let feed = try decoder.decode(pages: [Data(body.utf8)], manifest: manifest)
        #expect(feed.places.map(\.id) == ["7", "7-2"])
        #expect(feed.places[1].name == "7-2")
        #expect(feed.warnings.count == 2)
    }
}
