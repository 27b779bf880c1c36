import NearbyGeo
import Testing

@testable import NearbyRuns

/// ``TrackPoint`` keeps its optional fields in a compact layout (issue 10: the parsed points of a
/// million-point file are held together with the file's bytes) and still reads and writes them
/// exactly as seven stored optionals would.
@Suite struct TrackPointStorageTests {
    /// Two doubles, two optional doubles and three optional 16-bit counts fit in 40 bytes (4 × 8 +
    /// 3 × 2 + one presence byte = 39, rounded to the 8-byte alignment); stored as optionals they
    /// took 56.
    @Test func aPointTakesFortyBytes() {
        #expect(MemoryLayout<TrackPoint>.stride == 40)
    }

    /// Every field round-trips, including values a sentinel scheme would swallow (0, 65535, NaN,
    /// −0), and setting nil forgets a value.
    @Test func everyFieldRoundTripsExactly() {
        var point = TrackPoint(
            latitude: 25.033, longitude: 121.5654, elevation: 0, time: -0.0, heartRate: 65535, cadence: 0, power: 1)
        #expect(point.elevation == 0)
        #expect(point.time?.sign == .minus)
        #expect(point.heartRate == 65535)
        #expect(point.cadence == 0)
        #expect(point.power == 1)
        point.elevation = .nan
        #expect(point.elevation?.isNaN == true)
        point.elevation = nil
        point.heartRate = nil
        #expect(point.elevation == nil)
        #expect(point.heartRate == nil)
        #expect(point.time != nil)
        point.heartRate = 142
        #expect(point.heartRate == 142)
        #expect(point.cadence == 0)
    }

    /// Equality and hashing see the optionals: an absent value differs from a present zero, and
    /// a value set then cleared equals one never set.
    @Test func equalityFollowsTheOptionals() {
        let plain = TrackPoint(latitude: 1, longitude: 2)
        var cleared = TrackPoint(latitude: 1, longitude: 2, elevation: 12.5, heartRate: 90)
        #expect(cleared != plain)
        cleared.elevation = nil
        cleared.heartRate = nil
        #expect(cleared == plain)
        #expect(cleared.hashValue == plain.hashValue)
        #expect(TrackPoint(latitude: 1, longitude: 2, cadence: 0) != plain)
        #expect(Set([plain, cleared, TrackPoint(latitude: 1, longitude: 2, time: 0)]).count == 2)
    }
}

/// ``CleanedRun/pointCount`` counts the kept points over all segments without building
/// ``CleanedRun/points`` (the import's route rule asks it for every run).
@Suite struct CleanedRunCountTests {
    @Test func pointCountSumsTheSegments() throws {
        let a = try #require(Coordinate(latitude: 25, longitude: 121))
        let point = CleanedPoint(coordinate: a, distance: 0)
        let run = CleanedRun(
            segments: [CleanedSegment(points: [point, point, point]), CleanedSegment(points: [point])],
            activity: .running)
        #expect(run.pointCount == 4)  // 3 + 1, by hand
        #expect(CleanedRun(segments: [], activity: .running).pointCount == 0)
    }
}
