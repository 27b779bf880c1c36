import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// Decodes the real snapshots in `../shared/opendata` (when present) through the built-in
/// manifests. Record counts come from SOURCES.md; the nearest answers were computed with
/// GeographicLib, independently of this code:
///   python3 -c "from geographiclib.geodesic import Geodesic; import csv; ..."
///   (csv.DictReader over the file, Geodesic.WGS84.Inverse(25.0418,121.5152,緯度,經度)['s12'],
///   sorted by distance) → 捷運台大醫院站(淡水信義線) at 102.448 m for both toilet files;
///   the same over the landmarks JSON → 手之組曲 at 101.007 m; over parks → 二二八和平公園 at 183.031 m.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: FeedTestPaths.sharedOpenData.path)))
struct SnapshotIntegrationTests {
    @Test(arguments: [
        (
            "landmarks-2016", "landmarks/taipei_attractions_datataipei_rid-36847f3f_319.json", 319,
            "手之組曲", 101.007
        ),
        (
            "parks-2016", "parks/taipei_parks_datataipei_rid-8f6fcb24_2016-08.json", 778, "二二八和平公園",
            183.031
        ),
        (
            "toilets", "toilets/taipei_toilets_datataipei_2023-11.csv", 1398, "捷運台大醫院站(淡水信義線)",
            102.448
        ),
        (
            "toilets", "toilets/taipei_toilets_datataipei_2025-08.csv", 1545, "捷運台大醫院站(淡水信義線)",
            102.448
        ),
    ])
    func snapshotDecodesAndAnswersNearest(
        dataset: String, file: String, count: Int, nearestName: String, nearestMetres: Double
    ) throws {
        let data = try Data(contentsOf: FeedTestPaths.sharedOpenData.appendingPathComponent(file))
        let feed = try FeedDecoder().decode(
            pages: [data], manifest: try FeedTestPaths.manifest(dataset))
        #expect(feed.places.count == count)
        #expect(feed.recordCount == count)
        #expect(feed.unplaced == 0)
        if let total = feed.reportedTotal { #expect(total == count) }

        let query = try #require(Coordinate(latitude: 25.0418, longitude: 121.5152))
        let placed = feed.places.filter { $0.coordinate != nil }
        let points = placed.compactMap(\.coordinate)
        let answer = SpatialIndex(points).nearest(to: query, k: 5)
        let brute = points.enumerated()
            .map {
                Neighbor(index: $0.offset, distance: Geodesic.wgs84.distance(query, $0.element))
            }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .prefix(5)
        // The same places in the same order; distances within 2e-8 m (PlaceLocator's contract).
        #expect(answer.map(\.index) == brute.map(\.index))
        #expect(zip(answer, brute).allSatisfy { abs($0.distance - $1.distance) <= 2e-8 })
        let first = try #require(answer.first)
        #expect(placed[first.index].name == nearestName)
        // 1 m covers the spherical placeholder; Karney's inverse agrees to nanometres.
        #expect(abs(first.distance - nearestMetres) < 1.0)
    }

    @Test func toiletQuirksOfTheRealFiles() throws {
        let manifest = try FeedTestPaths.manifest("toilets")
        let old = try FeedDecoder().decode(
            pages: [
                try Data(
                    contentsOf: FeedTestPaths.sharedOpenData.appendingPathComponent(
                        "toilets/taipei_toilets_datataipei_2023-11.csv"))
            ],
            manifest: manifest)
        // SOURCES.md: the 2023 header is `改善級 ` with a trailing space; U+00A0 sits inside 27
        // 管理單位 values (counted with grep -c $'\xc2\xa0'); the 2025 file has `?` instead.
        #expect(old.places.allSatisfy { $0.field("改善級") != nil })
        #expect(
            old.places.allSatisfy {
                !$0.name.hasPrefix("\u{3000}") && !$0.name.hasSuffix("\u{3000}")
            })
        #expect(old.places.contains { $0.attribute("manager") == "臺北市政府警察局 天母派出所" })
        let new = try FeedDecoder().decode(
            pages: [
                try Data(
                    contentsOf: FeedTestPaths.sharedOpenData.appendingPathComponent(
                        "toilets/taipei_toilets_datataipei_2025-08.csv"))
            ],
            manifest: manifest)
        #expect(new.places.contains { $0.attribute("manager") == "臺北市政府警察局 天母派出所" })
        #expect(!new.places.contains { $0.attribute("manager")?.contains("?") == true })
    }
}
