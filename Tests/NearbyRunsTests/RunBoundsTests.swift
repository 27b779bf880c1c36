import Foundation
import NearbyGeo
import Testing

@testable import NearbyRuns

/// What a run may be (issue 22, "runs that cannot be"): a leg of more than 100 km between fixes is
/// a fault, not distance, and a run stops at its activity's longest distance, so no report of it
/// grows without bound.
@Suite struct RunBoundsTests {
    /// 41 untimed fixes alternating between 10° N 20° E and its antipode 10° S 160° W (a 7 KB file
    /// that imported as a 3,980,598 km run): each jump is 20,000 km, so every fix on the far side
    /// is a spike and the run stays where it began, 0 m long.
    @Test func jumpsToTheAntipodesAreNoDistance() {
        let points = (0...40).map { k in
            k % 2 == 0
                ? TrackPoint(latitude: 10, longitude: 20) : TrackPoint(latitude: -10, longitude: -160)
        }
        let run = TrackCleaner().clean(tracks: [Track(segments: [TrackSegment(points: points)])])
        #expect(run.distance == 0)
        #expect(run.report.keptPoints == 21)
        #expect(run.report.spikes == 20)
        #expect(run.report.inputPoints == run.report.keptPoints + run.report.dropped)
    }

    /// A leg is judged by its length whatever the times: 200 km in an hour (56 m/s) passes the
    /// generic 70 m/s limit but not the 100 km one; 99 km (on the equator, 0.89° of longitude is
    /// 99.07 km) is kept.
    @Test func aLegOverOneHundredKilometresIsASpikeWhateverTheTimes() {
        let far = [
            TrackPoint(latitude: 0, longitude: 0.5, time: 0), TrackPoint(latitude: 0, longitude: 2.3, time: 3600),
        ]
        #expect(TrackCleaner().clean(tracks: [Track(segments: [TrackSegment(points: far)])]).report.spikes == 1)
        let near = [
            TrackPoint(latitude: 0, longitude: 0.5, time: 0), TrackPoint(latitude: 0, longitude: 1.39, time: 3600),
        ]
        let kept = TrackCleaner().clean(tracks: [Track(segments: [TrackSegment(points: near)])])
        #expect(kept.report.spikes == 0)
        #expect(abs(kept.distance - 99_073) < 10)
    }

    /// 30,001 untimed fixes zig-zagging 0.89° of latitude along the meridian 20° E (98.4 km a leg
    /// at the equator: 110.57 km per degree) would be 2.95 million km. A track that names no
    /// activity is held to a runner's 1,000 km: 10 legs (984 km) are kept, the 11th would pass
    /// 1,000 km, and the 29,990 fixes from there on are left out.
    @Test func aRunStopsAtItsActivitysLongestDistance() {
        let points = (0...30_000).map { k in TrackPoint(latitude: k % 2 == 0 ? 0 : 0.89, longitude: 20) }
        let run = TrackCleaner().clean(tracks: [Track(segments: [TrackSegment(points: points)])])
        #expect(run.report.keptPoints == 11)
        #expect(run.report.beyondLimit == 29_990)
        #expect(run.report.cutAt == 1_000_000)
        #expect(run.distance > 980_000 && run.distance <= 1_000_000)
        #expect(run.report.inputPoints == run.report.keptPoints + run.report.dropped)
        #expect(Split.splits(of: run, every: 1000).count == 985)
        // A ride goes on to 5,000 km: 50 legs.
        let ride = TrackCleaner().clean(tracks: [
            Track(activityType: "cycling", segments: [TrackSegment(points: points)])
        ])
        #expect(ride.report.keptPoints == 51)
    }

    /// Badges, their checkpoints and running best efforts are for runs on foot: the same track
    /// named a ride has its figures and splits and none of them; unnamed, it keeps them.
    @Test func aRideEarnsNoRunningBadges() throws {
        let times = (0...10).map { Double($0) * 100 as Double? }
        let catalogue = try BadgeCatalogue(badges: [
            Badge(id: "a", name: "A", distance: 0, description: "", image: ""),
            Badge(id: "b", name: "B", distance: 1000, description: "", image: ""),
        ])
        func analysis(_ type: String?) -> RunAnalysis {
            RunAnalysis(
                tracks: [AnalysisFixtures.meridianTrack(times: times, activity: type)], units: .metric,
                catalogue: catalogue)
        }
        let ride = analysis("cycling")
        #expect(!ride.earnsRunningBadges)
        #expect(ride.bestBadge == nil && ride.checkpoints.isEmpty && ride.bestEfforts.isEmpty)
        #expect(ride.rankingSpeed == nil)
        #expect(ride.splits.count == 3)
        #expect(abs((ride.statistics.averageSpeed ?? 0) - 2.5) < 1e-9)
        for type in ["running", nil] {
            let run = analysis(type)
            #expect(run.earnsRunningBadges)
            #expect(run.bestBadge?.name == "B" && run.checkpoints.count == 2 && !run.bestEfforts.isEmpty)
            #expect(run.rankingSpeed != nil)
        }
    }

    /// No elevation is no figure: gain and loss are nil, not 0.
    @Test func aTrackWithoutElevationHasNoGain() {
        let flat = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: Array(repeating: nil, count: 11)))
        let stats = RunStatistics(flat)
        #expect(stats.elevationGain == nil && stats.elevationLoss == nil)
        let points = [
            TrackPoint(latitude: 25, longitude: 121, elevation: 10),
            TrackPoint(latitude: 25.001, longitude: 121, elevation: 10),
        ]
        let level = RunStatistics(AnalysisFixtures.clean(Track(segments: [TrackSegment(points: points)])))
        #expect(level.elevationGain == 0 && level.elevationLoss == 0)
    }
}
