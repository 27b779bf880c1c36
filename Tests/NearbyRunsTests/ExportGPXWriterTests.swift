import Foundation
import Testing

@testable import NearbyRuns

@Suite struct ExportGPXWriterTests {
    // Expected text: `date -u -d @<seconds> +%Y-%m-%dT%H:%M:%SZ` (GNU date), milliseconds by hand.
    @Test(arguments: [
        (-2_147_483_648.0, "1901-12-13T20:45:52Z"),
        (0.0, "1970-01-01T00:00:00Z"),
        (1_331_988_379.0, "2012-03-17T12:46:19Z"),
        (951_868_799.0, "2000-02-29T23:59:59Z"),
        (-1.0, "1969-12-31T23:59:59Z"),
        (253_402_300_799.0, "9999-12-31T23:59:59Z"),
        (1_331_988_379.25, "2012-03-17T12:46:19.250Z"),
        (1_331_988_379.0415, "2012-03-17T12:46:19.042Z"),
        (1_331_988_379.9996, "2012-03-17T12:46:20Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
    ])
    func timestamps(seconds: Double, expected: String) {
        #expect(GPXWriter.timestamp(seconds) == expected)
    }

    @Test func outOfRangeTimesAreOmitted() {
        #expect(GPXWriter.timestamp(.nan) == nil)
        #expect(GPXWriter.timestamp(1e13) == nil)
    }

    @Test func roundTripsThroughTheReader() throws {
        let points = [
            TrackPoint(
                latitude: 25.033, longitude: 121.5654, elevation: 10.5, time: 1_717_243_200, heartRate: 120, cadence: 80
            ),
            TrackPoint(latitude: 45.20987707190215, longitude: -1.59416333, elevation: -5, time: 1_717_243_200.125),
            TrackPoint(latitude: 0.00001, longitude: -0.0000007, time: -2_147_483_648),
            TrackPoint(latitude: 100, longitude: 0, cadence: 90),
        ]
        let document = TrackDocument(
            format: .gpx11, creator: "Tests & \"Co\"", name: "Doc <1>",
            tracks: [
                Track(
                    name: "Run & <fun> 'é' ☺", activityType: "running",
                    segments: [TrackSegment(points: points), TrackSegment()]),
                Track(),
            ],
            waypoints: [TrackPoint(latitude: 1, longitude: 2, elevation: 3)])
        let text = GPXWriter().write(document)
        #expect(!text.contains("e-"))  // no exponent notation for 0.00001 or -7e-07
        let back = try TrackReader().read(Array(text.utf8), fileName: "roundtrip.gpx")
        #expect(back == document)
    }

    @Test func escapesAndDropsForbiddenCharacters() {
        #expect(GPXWriter.escape("a&b<c>\"d\"'e'\u{01}\tf") == "a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;\tf")
    }

    @Test func defaultCreator() throws {
        let text = GPXWriter(creator: "nearby 1.0").write(TrackDocument(format: .tcx))
        let back = try TrackReader().read(Array(text.utf8), fileName: "empty.gpx")
        #expect(back.creator == "nearby 1.0")
        #expect(back.format == .gpx11)
        #expect(back.tracks.isEmpty && back.waypoints.isEmpty)
    }
}
