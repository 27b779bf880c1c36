import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// Coordinates are read in decimal degrees only (issue 8): other spellings that Swift's
/// `Double(_:)` accepts leave the place unranked and are counted; numbers from a feed never
/// trap an integer conversion.
@Suite struct DecodingNumberTests {
    @Test(arguments: ["25", "-25.5", "+25.", ".5", "2.5e1", "2.5E+1", "250e-1", "0"])
    func decimalSpellingsAreRead(_ text: String) {
        #expect(DecimalDegrees.isDecimal(text.utf8))
        #expect(DecimalDegrees.read(text) == .value(Double(text) ?? .nan))
    }

    @Test(arguments: [
        "0x19", "0X19", "0x1.9p4", "inf", "-inf", "infinity", "nan", "NaN", "+nan", "25,04",
        "1e", "e5", ".", "-", "", "25.0.1", "1_000", "２５", "N/A", "25°",
    ])
    func otherSpellingsAreNotDecimal(_ text: String) {
        #expect(!DecimalDegrees.isDecimal(text.utf8))
        #expect(DecimalDegrees.read(text) == .notDecimal)
    }

    @Test func decimalTooLargeForADoubleIsInfinite() {
        #expect(DecimalDegrees.read("1e999") == .infinite)
        #expect(DecimalDegrees.read("-1e400") == .infinite)
        #expect(DecimalDegrees.read("121. 5152") == .value(121.5152))
    }

    @Test func hexInfAndNaNCoordinatesLeavePlacesUnrankedAndCounted() throws {
        let manifest = try FeedTestPaths.manifest("parks")
        let rows = [
            #"{"pm_name":"hex","pm_Latitude":"0x19","pm_Longitude":"121.5"}"#,
            #"{"pm_name":"inf","pm_Latitude":"25","pm_Longitude":"inf"}"#,
            #"{"pm_name":"nan","pm_Latitude":"nan","pm_Longitude":"nan"}"#,
            #"{"pm_name":"huge text","pm_Latitude":"1e999","pm_Longitude":"121"}"#,
            #"{"pm_name":"huge number","pm_Latitude":1e999,"pm_Longitude":121}"#,
            #"{"pm_name":"missing","pm_Longitude":"121"}"#,
            #"{"pm_name":"good","pm_Latitude":"2.5e1","pm_Longitude":121.5}"#,
        ]
        let feed = try FeedDecoder().decode(
            pages: [Data(("[" + rows.joined(separator: ",") + "]").utf8)], manifest: manifest)
        #expect(feed.places.map { $0.coordinate == nil } == [true, true, true, true, true, true, false])
        #expect(feed.places[6].coordinate == Coordinate(latitude: 25, longitude: 121.5))
        #expect(feed.unplaced == 6)
        #expect(
            feed.warnings == [
                "6 records have no usable coordinates and are listed but never ranked by distance "
                    + "(1 missing, 3 not in decimal degrees, 2 out of range)."
            ])
    }

    @Test func hexCoordinatesInCSVAreNotRead() throws {
        let manifest = try FeedTestPaths.manifest("toilets")
        let csv = "公廁名稱,緯度,經度\nA,0x19,0x79\nB,25.04,121.51\n"
        let feed = try FeedDecoder().decode(pages: [Data(csv.utf8)], manifest: manifest)
        #expect(feed.places[0].coordinate == nil)
        #expect(feed.places[1].coordinate == Coordinate(latitude: 25.04, longitude: 121.51))
        #expect(feed.warnings.first?.contains("(1 not in decimal degrees)") == true)
    }

    @Test(
        arguments: [
            ("1e300", nil), ("-5", nil), ("3.5", nil), ("1e15", nil), ("999999999999999", 999_999_999_999_999),
            (#""99999999999999999999999""#, nil), (#""-3""#, nil), (#"" 42 ""#, 42), ("true", nil), ("12", 12),
        ] as [(String, Int?)])
    func reportedTotalsNeverTrap(_ total: String, _ expected: Int?) throws {
        let manifest = try FeedTestPaths.manifest("landmarks")
        let page = Data(#"{"total":\#(total),"data":[{"name":"a","nlat":25,"elong":121.5}]}"#.utf8)
        #expect(try FeedDecoder().reportedTotal(inPage: page, manifest: manifest) == expected)
        #expect(try FeedDecoder().decode(pages: [page], manifest: manifest).reportedTotal == expected)
    }
}
