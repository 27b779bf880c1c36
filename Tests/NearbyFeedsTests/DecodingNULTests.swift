import Foundation
import Testing

@testable import NearbyFeeds

/// Issue 22: one NUL in a feed record reached the place archive and then made `publish` of the
/// whole dataset fail with "parameter 17" (PostgreSQL's text cannot hold a NUL). It is decided at
/// decode time: the NUL becomes U+FFFD, and a warning names the record and the field.
@Suite struct DecodingNULTests {
    @Test func aNULInACSVValueBecomesAReplacementCharacterAndIsNamed() throws {
        let manifest = try FeedTestPaths.manifest("toilets")
        let csv = "公廁名稱,緯度,經度,公廁地址,公廁類別,行政區\n站前\u{0}公廁,25.04,121.51,臺北市,交通,中正區\n好公廁,25.05,121.52,臺北市,交通,中正區\n"
        let decoded = try FeedDecoder().decode(pages: [Data(csv.utf8)], manifest: manifest)
        #expect(decoded.places.map(\.name) == ["站前\u{FFFD}公廁", "好公廁"])
        #expect(!decoded.places.contains { place in place.fields.contains { $0.value.utf8.contains(0) } })
        #expect(
            decoded.warnings.contains(
                "1 record holds a NUL character, which cannot be shown or stored, so it became U+FFFD (the first: record \"1\", field \"公廁名稱\")."
            ), "\(decoded.warnings)")
    }

    @Test func aJSONEscapedNULIsDecidedTheSameWay() throws {
        let manifest = try FeedTestPaths.manifest("toilets-api")
        let page = """
            {"result": {"count": 1, "results": [{"_id": 7, "公廁名稱": "A\\u0000B", "緯度": "25.04", "經度": "121.51"}]}}
            """
        let decoded = try FeedDecoder().decode(pages: [Data(page.utf8)], manifest: manifest)
        #expect(decoded.places.map(\.name) == ["A\u{FFFD}B"])
        #expect(
            decoded.warnings.contains { $0.hasPrefix("1 record holds a NUL character") && $0.contains("record \"7\"") },
            "\(decoded.warnings) \(decoded.places.map(\.id))")
    }
}
