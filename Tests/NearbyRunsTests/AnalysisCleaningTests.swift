import NearbyGeo
import Testing

@testable import NearbyRuns

@Suite("Analysis: cleaning")
struct AnalysisCleaningTests {
    /// Same shape as gpsbabel's kalman_complex_zinger_in.gpx (hand-built here): P3, P4 and P7
    /// jump ~14 km / ~29 km away for one second each.
    static let zinger: Track = {
        let t0 = 1_262_304_000.0  // 2010-01-01T00:00:00Z
        let p: [(Double, Double)] = [
            (34.0, -118.0), (34.00001, -118.00001), (34.1, -118.1), (34.10001, -118.10001),
            (34.00002, -118.00002), (34.00003, -118.00003), (34.2, -118.2), (34.00004, -118.00004),
            (34.00005, -118.00005),
        ]
        let points = p.enumerated().map { TrackPoint(latitude: $1.0, longitude: $1.1, time: t0 + Double($0)) }
        return Track(activityType: "running", segments: [TrackSegment(points: points)])
    }()

    @Test func zingerSpikesAreDroppedAndTheGoodPointsKept() {
        let run = TrackCleaner().clean(TrackDocument(format: .gpx11, tracks: [Self.zinger]))
        #expect(run.activity == .running)
        #expect(run.report.inputPoints == 9)
        #expect(run.report.spikes == 3)
        #expect(run.report.keptPoints == 6)
        #expect(run.segments.count == 1)
        let kept = run.points.map(\.coordinate.latitude)
        #expect(kept == [34.0, 34.00001, 34.00002, 34.00003, 34.00004, 34.00005])
        // Sum of WGS84 geodesics P1→P2→P5→P6→P8→P9:
        // python3: sum(Geodesic.WGS84.Inverse(...)['s12'] over those legs) = 7.217811219142842
        #expect(abs(run.distance - 7.217811219142842) < 1e-6)
    }

    @Test func withoutSpikeCheckTheZingerMeasuresKilometres() {
        let run = TrackCleaner(options: CleaningOptions(activity: .running, maximumSpeed: 1e9)).clean(tracks: [
            Self.zinger
        ])
        #expect(run.report.spikes == 0)
        // P2→P3 alone is 14 430.78 m (Geodesic.WGS84.Inverse(34.00001,-118.00001,34.1,-118.1)).
        #expect(run.distance > 80_000)
    }

    @Test func cyclingLimitKeepsA25MetrePerSecondJumpThatRunningDrops() {
        // Two fixes 250 m apart along the meridian (GeodSolve direct: echo 25.0 121.5 0 250 | GeodSolve),
        // 10 s apart: 25 m/s. Running (12 m/s) drops it; cycling (30 m/s) keeps it.
        let lat = AnalysisFixtures.meridianLatitudes
        let track = Track(segments: [
            TrackSegment(points: [
                TrackPoint(latitude: lat[0], longitude: 121.5, time: 0),
                TrackPoint(latitude: lat[1], longitude: 121.5, time: 10),
            ])
        ])
        #expect(TrackCleaner(options: CleaningOptions(activity: .running)).clean(tracks: [track]).report.spikes == 1)
        #expect(TrackCleaner(options: CleaningOptions(activity: .cycling)).clean(tracks: [track]).report.spikes == 0)
        #expect(
            TrackCleaner(options: CleaningOptions(activity: .running, maximumSpeed: 30)).clean(tracks: [track]).report
                .spikes == 0)
    }

    @Test func pauseMarkersEndSegmentsAndNeverCountDistance() {
        // OpenTracks legacy shape: a lat=100 (pause) and lat=200 (resume) point between fixes.
        let lat = AnalysisFixtures.meridianLatitudes
        let track = Track(segments: [
            TrackSegment(points: [
                TrackPoint(latitude: lat[0], longitude: 121.5, time: 0),
                TrackPoint(latitude: lat[1], longitude: 121.5, time: 100),
                TrackPoint(latitude: 100, longitude: 0, time: 110),
                TrackPoint(latitude: 200, longitude: 0, time: 500),
                TrackPoint(latitude: lat[5], longitude: 121.5, time: 600),
                TrackPoint(latitude: lat[6], longitude: 121.5, time: 700),
            ])
        ])
        let run = AnalysisFixtures.clean(track)
        #expect(run.report.pauseMarkers == 2)
        #expect(run.segments.count == 2)
        #expect(run.segments.map { $0.points.count } == [2, 2])
        // 250 m + 250 m by construction (GeodSolve direct spacing); the 1000 m jump is not counted.
        #expect(abs(run.distance - 500) < 1e-6)
    }

    @Test func nullIslandIsDroppedWithoutSplitting() {
        let lat = AnalysisFixtures.meridianLatitudes
        let track = Track(segments: [
            TrackSegment(points: [
                TrackPoint(latitude: lat[0], longitude: 121.5, time: 0),
                TrackPoint(latitude: 0, longitude: 0, time: 50),
                TrackPoint(latitude: lat[1], longitude: 121.5, time: 100),
            ])
        ])
        let run = TrackCleaner().clean(tracks: [track])
        #expect(run.report.nullIsland == 1)
        #expect(run.segments.count == 1)
        #expect(abs(run.distance - 250) < 1e-6)
    }

    @Test func equalTimestampsUseOneSecondAndReversedTimesAreDropped() {
        let lat = AnalysisFixtures.meridianLatitudes
        // Fix 2 has the same time as fix 1 and is 250 m away: judged over 1 s → 250 m/s → spike.
        // Fix 3 goes back in time → dropped. Fix 4 is 250 m on after 100 s → kept.
        let track = Track(
            activityType: "running",
            segments: [
                TrackSegment(points: [
                    TrackPoint(latitude: lat[0], longitude: 121.5, time: 1000),
                    TrackPoint(latitude: lat[1], longitude: 121.5, time: 1000),
                    TrackPoint(latitude: lat[0], longitude: 121.5, time: 990),
                    TrackPoint(latitude: lat[1], longitude: 121.5, time: 1100),
                    TrackPoint(latitude: lat[1], longitude: 121.5, time: 1100),
                ])
            ])
        let run = TrackCleaner().clean(tracks: [track])
        #expect(run.report.spikes == 1)
        #expect(run.report.timeReversed == 1)
        #expect(run.report.keptPoints == 3)
        #expect(run.report.inputPoints == run.report.keptPoints + run.report.dropped)
        #expect(abs(run.distance - 250) < 1e-6)
    }

    @Test func untimedPointsAreKeptWithoutASpeedCheck() {
        let lat = AnalysisFixtures.meridianLatitudes
        let run = TrackCleaner().clean(tracks: [AnalysisFixtures.meridianTrack(times: Array(repeating: nil, count: 11))]
        )
        #expect(run.report.keptPoints == 11)
        #expect(abs(run.distance - 2500) < 1e-6)
        #expect(run.points.last?.coordinate.latitude == lat[10])
    }

    @Test(arguments: [
        ("Running", ActivityKind.running), ("9", .running), ("walking", .walking), ("Biking", .cycling),
        ("hiking", .hiking), ("driving", .driving), ("jkljkl", .unknown),
        // Issue 23: rides, swims and other named activities are told apart; what names no
        // activity (TCX's Other, FIT's generic) keeps the old rule.
        ("cycling", .cycling), ("Virtual Ride", .cycling), ("e_biking", .cycling), ("swimming", .swimming),
        ("Open Water Swim", .swimming), ("motorcycling", .driving), ("transition", .other),
        ("cross_country_skiing", .other), ("Indoor Rowing", .other), ("stand_up_paddleboarding", .other),
        ("fitness_equipment", .other), ("Trail Running", .running), ("Other", .unknown), ("generic", .unknown),
        ("mountaineering", .hiking),
    ])
    func activityTypeStrings(_ text: String, _ kind: ActivityKind) {
        #expect(ActivityKind(typeString: text) == kind)
    }

    /// Cold start: the first fix is ~33 km north (25.3° N), then good fixes every 250 m / 100 s
    /// (2.5 m/s) on the meridian. Every good fix looks like a 330 m/s spike from the bad anchor;
    /// after 5 believable ones the cleaner restarts there and drops the lone bad fix.
    @Test func aBadFirstFixIsRecoveredFrom() {
        let lat = AnalysisFixtures.meridianLatitudes
        var points = [TrackPoint(latitude: 25.3, longitude: 121.5, time: 0)]
        for k in 0...7 { points.append(TrackPoint(latitude: lat[k], longitude: 121.5, time: 100 + Double(k) * 100)) }
        let run = TrackCleaner(options: CleaningOptions(activity: .running)).clean(tracks: [
            Track(segments: [TrackSegment(points: points)])
        ])
        #expect(run.report.recoveries == 1)
        #expect(run.report.spikes == 1)
        #expect(run.report.keptPoints == 8)
        #expect(run.segments.count == 1)
        #expect(run.points.first?.coordinate.latitude == 25.0)
        #expect(abs(run.distance - 1750) < 1e-6)  // 7 legs of 250 m (GeodSolve spacing)
        // With recovery disabled only the bad fix survives.
        let strict = TrackCleaner(options: CleaningOptions(activity: .running, recoveryCount: .max))
            .clean(tracks: [Track(segments: [TrackSegment(points: points)])])
        #expect(strict.report.keptPoints == 1)
        #expect(strict.report.spikes == 8)
    }

    /// A real jump mid-run (a train ride without fixes): two good stretches ~33 km apart become
    /// two segments, with no distance across the jump.
    @Test func aSustainedJumpStartsANewSegment() {
        let lat = AnalysisFixtures.meridianLatitudes
        var points = (0...2).map { TrackPoint(latitude: lat[$0], longitude: 121.5, time: Double($0) * 100) }
        for k in 0...5 {
            points.append(TrackPoint(latitude: lat[k] + 0.3, longitude: 121.5, time: 300 + Double(k) * 100))
        }
        let run = TrackCleaner(options: CleaningOptions(activity: .running)).clean(tracks: [
            Track(segments: [TrackSegment(points: points)])
        ])
        #expect(run.report.recoveries == 1)
        #expect(run.report.spikes == 0)
        #expect(run.segments.map { $0.points.count } == [3, 6])
        #expect(abs(run.segments[0].distance - 500) < 1e-6)
        // The second stretch: 5 legs 0.3° further north. python3: sum(Geodesic.WGS84.Inverse(
        // lat[k]+0.3, 121.5, lat[k+1]+0.3, 121.5)['s12'] for k in range(5)) = 1250.050636730027
        #expect(abs(run.segments[1].distance - 1250.050636730027) < 1e-6)
    }

    @Test func emptySegmentsDisappear() {
        let run = TrackCleaner().clean(tracks: [Track(segments: [TrackSegment(), TrackSegment()])])
        #expect(run.segments.isEmpty)
        #expect(run.distance == 0)
    }

    /// Cumulative distances are GeographicLib's (Python 2.1) leg lengths summed in order, to within
    /// its own few nanometres, across the antimeridian, a recovery chain, a time-reversed fix, a
    /// pause and the south pole: each fix is prepared once and reused by both of its legs.
    @Test func cumulativeDistancesAgreeWithPythonGeographicLib() {
        let fixes: [(Double, Double, Double)] = [
            (60.0, 179.9999, 0), (60.00002, -179.99998, 1), (60.00004, -179.99996, 2),
            (60.00005, -179.99995, 1),  // time-reversed: dropped
            (61.0, 10.0, 3), (61.0, 10.00003, 4), (61.0, 10.00006, 5), (61.0, 10.00009, 6),
            (61.0, 10.00012, 7),  // five believable "spikes": a recovery, new segment
            (61.00001, 10.00015, 8),
            (100, 0, 9),  // pause marker
            (-89.99999, 45.0, 20), (-89.99998, -135.0, 21),
        ]
        let points = fixes.map { TrackPoint(latitude: $0.0, longitude: $0.1, time: $0.2) }
        let run = TrackCleaner(options: CleaningOptions(activity: .running)).clean(tracks: [
            Track(segments: [TrackSegment(points: points)])
        ])
        #expect(run.report.timeReversed == 1)
        #expect(run.report.recoveries == 1)
        #expect(run.report.pauseMarkers == 1)
        #expect(run.segments.map { $0.points.count } == [3, 6, 2])
        // python3: total = 0.0; total += Geodesic.WGS84.Inverse(*prev, *p)['s12'] over the kept
        // fixes of each segment (no leg across segments); repr(total) after each fix.
        let expected: [Double] = [
            0.0, 7.057015701084392, 9.549109795901275, 9.549109795901275, 11.17233414173718,
            12.795558487476969, 14.418782833312873, 16.042007179148776, 18.010890393956377,
            18.010890393956377, 21.361709781793795,
        ]
        // Legs under a kilometre come from the chord (Geodesic.legDistance), exact to a few units
        // in the last place, where GeographicLib's inverse is within a few nanometres.
        #expect(run.points.count == expected.count)
        for (point, value) in zip(run.points, expected) { #expect(abs(point.distance - value) < 3e-8) }
    }
}
