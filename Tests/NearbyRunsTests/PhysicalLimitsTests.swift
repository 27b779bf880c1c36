import Foundation
import Testing

@testable import NearbyRuns

/// Values outside the physical ranges are dropped per field and counted; they never reject a file.
@Suite struct PhysicalLimitsTests {
    func read(_ text: String, file: String = "limits.gpx") throws -> TrackDocument {
        try TrackReader().read(Array(text.utf8), fileName: file)
    }

    /// One impossible heart rate in a TCX (it does not even fit 16 bits) costs that value only.
    @Test func oneBadHeartRateInTCXDropsThatValueOnly() throws {
        let document = try read(
            """
            <TrainingCenterDatabase><Activities><Activity Sport="Running"><Lap><Track>
            <Trackpoint><Time>2024-05-01T06:00:00Z</Time><Position><LatitudeDegrees>25</LatitudeDegrees>
            <LongitudeDegrees>121.5</LongitudeDegrees></Position><HeartRateBpm><Value>99999</Value></HeartRateBpm></Trackpoint>
            <Trackpoint><Time>2024-05-01T06:00:10Z</Time><Position><LatitudeDegrees>25.0001</LatitudeDegrees>
            <LongitudeDegrees>121.5</LongitudeDegrees></Position><HeartRateBpm><Value>142</Value></HeartRateBpm></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """, file: "hr.tcx")
        let points = try #require(document.tracks.first?.segments.first?.points)
        #expect(points.count == 2)
        #expect(points[0].heartRate == nil)
        #expect(points[0].time == 1_714_543_200)  // 2024-05-01T06:00:00Z, by hand: 19844 days × 86400 + 21600
        #expect(points[1].heartRate == 142)
        #expect(document.outOfRange.heartRate == 1)
        #expect(document.outOfRange.total == 1)
        #expect(document.outOfRange.sentence == "1 heart rate outside 20…250 bpm was dropped.")
    }

    /// Elevations up to ±DBL_MAX import without the elevation; the range ends are kept.
    @Test func absurdElevationsImportWithoutTheElevation() throws {
        let elevations = [
            "1e20", "1.7976931348623157e308", "-1.7976931348623157e308", "-500", "9000", "-500.01", "9000.5",
        ]
        let points = elevations.enumerated().map { k, e in
            "<trkpt lat=\"25.\(k)\" lon=\"121.5\"><ele>\(e)</ele></trkpt>"
        }
        let document = try read("<gpx><trk><trkseg>\(points.joined())</trkseg></trk></gpx>")
        let read = try #require(document.tracks.first?.segments.first?.points)
        #expect(read.map(\.elevation) == [nil, nil, nil, -500, 9000, nil, nil])
        #expect(read.count == 7)
        #expect(document.outOfRange.elevation == 5)
        #expect(document.outOfRange.sentence == "5 elevations outside −500…9,000 m were dropped.")
    }

    /// The ends of each range are kept, one step beyond is dropped; the fix stays.
    @Test func heartRateAndCadenceRangesAreInclusive() throws {
        let values = [(20, 0), (250, 300), (19, 301), (251, 65535), (-3, -1)]
        let points = values.enumerated().map { k, v in
            "<trkpt lat=\"25.\(k)\" lon=\"121.5\"><extensions><hr>\(v.0)</hr><cad>\(v.1)</cad></extensions></trkpt>"
        }
        let document = try read("<gpx><trk><trkseg>\(points.joined())</trkseg></trk></gpx>")
        let read = try #require(document.tracks.first?.segments.first?.points)
        #expect(read.map(\.heartRate) == [20, 250, nil, nil, nil])
        #expect(read.map(\.cadence) == [0, 300, nil, nil, nil])
        #expect(document.outOfRange.heartRate == 3)
        #expect(document.outOfRange.cadence == 3)
        #expect(
            document.outOfRange.sentence
                == "3 heart rates outside 20…250 bpm and 3 cadences outside 0…300 per minute were dropped.")
    }

    /// Power (from readers that give it) follows the same rule.
    @Test func powerAboveThreeKilowattsIsDropped() {
        var counts = OutOfRangeCounts()
        var ok = TrackPoint(latitude: 1, longitude: 2, power: 3000)
        var bad = TrackPoint(latitude: 1, longitude: 2, power: 3001)
        PhysicalLimits.check(&ok, counts: &counts)
        PhysicalLimits.check(&bad, counts: &counts)
        #expect(ok.power == 3000)
        #expect(bad.power == nil)
        #expect(counts.power == 1)
        #expect(counts.sentence == "1 power value outside 0…3,000 W was dropped.")
    }

    /// Runs stored before the rule still hold such values: the cleaner drops them too.
    @Test func theCleanerDropsWhatAStoredRunStillHolds() {
        let points = [
            TrackPoint(latitude: 25, longitude: 121.5, elevation: 1e20, heartRate: 65535),
            TrackPoint(latitude: 25.001, longitude: 121.5, elevation: -Double.greatestFiniteMagnitude),
            TrackPoint(latitude: 25.002, longitude: 121.5, elevation: 12, heartRate: 150),
        ]
        let run = TrackCleaner().clean(tracks: [Track(segments: [TrackSegment(points: points)])])
        #expect(run.points.map(\.elevation) == [nil, nil, 12])
        #expect(run.points.map(\.heartRate) == [nil, nil, 150])
        #expect(run.report.outOfRange.elevation == 2)
        #expect(run.report.outOfRange.heartRate == 1)
        let stats = RunStatistics(run)
        #expect(stats.elevationGain == nil && stats.maxElevation == 12)  // one elevation left: nothing to climb
    }
}
