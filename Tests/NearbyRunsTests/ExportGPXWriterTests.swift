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

/// What export writes for other programs (issue 23): numbers without binary noise, extensions in
/// Garmin's layout.
@Suite struct ExportLayoutTests {
    /// Heart rate and cadence one element a line, as Garmin Connect writes its GPX (GDAL's GPX
    /// driver warned 652 times on the one-line form and lost the cadence); a point's other
    /// children on their own lines. The text is written by hand from a Garmin Connect export's
    /// layout.
    @Test func extensionsAreOneElementALine() {
        let point = TrackPoint(
            latitude: 25.033, longitude: 121.5654, elevation: 10.5, time: 1_717_243_200, heartRate: 120, cadence: 80)
        let text = GPXWriter().write(
            TrackDocument(format: .gpx11, tracks: [Track(segments: [TrackSegment(points: [point])])]))
        #expect(
            text.contains(
                """
                      <trkpt lat="25.033" lon="121.5654">
                        <ele>10.5</ele>
                        <time>2024-06-01T12:00:00Z</time>
                        <extensions>
                          <gpxtpx:TrackPointExtension>
                            <gpxtpx:hr>120</gpxtpx:hr>
                            <gpxtpx:cad>80</gpxtpx:cad>
                          </gpxtpx:TrackPointExtension>
                        </extensions>
                      </trkpt>

                """))
    }

    /// 377.20000000000005 (877.2 − 500, how a FIT altitude of 377.2 m was once computed) is
    /// written 377.2; 1614.678 and -0.11438 keep their digits.
    @Test func elevationsAreWrittenWithoutBinaryNoise() {
        let points = [377.20000000000005, 1614.678, -0.11438].map {
            TrackPoint(latitude: 1, longitude: 2, elevation: $0)
        }
        let text = GPXWriter().write(
            TrackDocument(format: .gpx11, tracks: [Track(segments: [TrackSegment(points: points)])]))
        #expect(text.contains("<ele>377.2</ele>"))
        #expect(text.contains("<ele>1614.678</ele>"))
        #expect(text.contains("<ele>-0.11438</ele>"))
        #expect(!text.contains("00000"))
    }

    /// FIT altitude is (raw / 5) − 500 m: raw 4386 is 377.2 m, read as the Double nearest 377.2.
    @Test func aFITAltitudeIsTheDoubleNearestItsDecimal() {
        #expect(FITActivityBuilder.metresAboveSea(4386) == 377.2)
        #expect(FITActivityBuilder.metresAboveSea(2501) == 0.2)
        #expect(FITActivityBuilder.metresAboveSea(0) == -500)
    }
}
