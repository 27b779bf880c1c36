import NearbyGeo
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Consecutive legs solved on two threads before cleaning: the same bits as one thread and as
/// each pair solved on its own, and a cleaner using them gives the same figures as one solving
/// every leg itself.
@Suite struct GPXSpeedLegsTests {
    /// A run of `count` fixes near Taipei in segments of uneven length, with a pause marker
    /// (NaN), a null-island fix and a few spikes among them.
    static func tracks(_ count: Int, seed: UInt64) -> [Track] {
        var random = SplitMix64(state: seed)
        var lat = 25.03
        var lon = 121.56
        var segments: [TrackSegment] = []
        var points: [TrackPoint] = []
        for i in 0..<count {
            lat += random.uniform(-2e-5, 4e-5)
            lon += random.uniform(-2e-5, 4e-5)
            var point = TrackPoint(latitude: lat, longitude: lon, time: 1_700_000_000 + Double(i))
            switch random.int(500) {
            case 0: point = TrackPoint(latitude: .nan, longitude: .nan)
            case 1: point = TrackPoint(latitude: 0, longitude: 0, time: point.time)
            case 2: point.latitude += 0.01  // a spike of about a kilometre in a second
            default: break
            }
            points.append(point)
            if random.int(4000) == 0 {
                segments.append(TrackSegment(points: points))
                points = []
            }
        }
        segments.append(TrackSegment(points: points))
        let half = segments.count / 2
        return [Track(segments: Array(segments[..<half])), Track(segments: Array(segments[half...]))]
    }

    @Test func parallelLegsAreTheSerialLegsBitForBit() {
        let tracks = Self.tracks(60_000, seed: 7)
        let parallel = ConsecutiveLegs(tracks, threads: 2, threshold: 0)
        let serial = ConsecutiveLegs(tracks, threads: 1)
        let geodesic = Geodesic.wgs84
        var compared = 0
        var segmentNumber = 0
        for track in tracks {
            for segment in track.segments {
                for (i, point) in segment.points.enumerated() {
                    let a = parallel.leg(segment: segmentNumber, index: i)
                    #expect(a.bitPattern == serial.leg(segment: segmentNumber, index: i).bitPattern)
                    guard i > 0, let from = segment.points[i - 1].coordinate, let to = point.coordinate else {
                        #expect(a.isNaN)
                        continue
                    }
                    // Each pair solved on its own, from the coordinates.
                    #expect(a.bitPattern == geodesic.legDistance(LegPoint(from), LegPoint(to)).bitPattern)
                    compared += 1
                }
                segmentNumber += 1
            }
        }
        #expect(compared > 59_000)
    }

    /// The cleaner with looked-up legs against a cleaner solving each leg from the last kept fix
    /// (written out here): the same kept fixes and the same cumulative distances, bit for bit.
    @Test func cleanerFiguresAreUnchanged() {
        let tracks = Self.tracks(30_000, seed: 11)
        let cleaned = TrackCleaner().clean(tracks: tracks)
        #expect(cleaned.report.spikes > 0)
        let geodesic = Geodesic.wgs84
        var total = 0.0  // run-wide: a segment's first fix adds nothing
        for segment in cleaned.segments {
            #expect(segment.points.first?.distance.bitPattern == total.bitPattern)
            for (i, point) in segment.points.enumerated() where i > 0 {
                total += geodesic.legDistance(segment.points[i - 1].coordinate, point.coordinate)
                #expect(point.distance.bitPattern == total.bitPattern)
            }
        }
    }
}
