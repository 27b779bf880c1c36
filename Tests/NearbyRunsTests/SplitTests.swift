import Testing

@testable import NearbyRuns

/// Tracks along the meridian 121.5° E with points exactly 250 m apart (latitudes from
/// GeographicLib's direct problem, see ``AnalysisFixtures/meridianLatitudes``), so every
/// expected value below is hand-computed from 250 m legs and the chosen times.
@Suite("Split: splits and best efforts")
struct SplitTests {
    static func cumulative(_ durations: [Double]) -> [Double?] {
        var out: [Double?] = [0]
        var t = 0.0
        for d in durations {
            t += d
            out.append(t)
        }
        return out
    }

    /// Two segments: 0→1000 m over 0…400 s, a pause on the spot until 1000 s, then 1000→2000 m
    /// over 1000…1400 s.
    static let pausedRun: CleanedRun = {
        let lat = AnalysisFixtures.meridianLatitudes
        let a = (0...4).map { TrackPoint(latitude: lat[$0], longitude: 121.5, time: Double($0) * 100) }
        let b = (4...8).map { TrackPoint(latitude: lat[$0], longitude: 121.5, time: 600 + Double($0) * 100) }
        return AnalysisFixtures.clean(Track(segments: [TrackSegment(points: a), TrackSegment(points: b)]))
    }()

    @Test func constantSpeedKilometreSplits() throws {
        // 2.5 m/s: 1000 m → 400 s; last 500 m partial → 200 s.
        let run = AnalysisFixtures.clean(
            AnalysisFixtures.meridianTrack(times: Self.cumulative(Array(repeating: 100, count: 10))))
        let splits = Split.splits(of: run, every: Units.metric.metresPerUnit)
        try #require(splits.count == 3)
        #expect(splits.map(\.isPartial) == [false, false, true])
        for (split, expected) in zip(splits, [(1000.0, 400.0), (1000, 400), (500, 200)]) {
            #expect(abs(split.distance - expected.0) < 1e-6)
            #expect(abs((split.elapsedTime ?? -1) - expected.1) < 1e-6)
            #expect(abs((split.movingTime ?? -1) - expected.1) < 1e-6)
            #expect(abs((split.pace ?? -1) - 400) < 1e-6)
        }
    }

    @Test func constantSpeedMileSplitsCutInsideALeg() {
        // 1609.344 m at 2.5 m/s = 643.7376 s; the rest 890.656 m = 356.2624 s.
        let run = AnalysisFixtures.clean(
            AnalysisFixtures.meridianTrack(times: Self.cumulative(Array(repeating: 100, count: 10))))
        let splits = Split.splits(of: run, every: Units.imperial.metresPerUnit)
        #expect(splits.count == 2)
        #expect(abs((splits.first?.elapsedTime ?? 0) - 643.7376) < 1e-6)
        #expect(abs((splits.last?.distance ?? 0) - 890.656) < 1e-6)
        #expect(abs((splits.last?.elapsedTime ?? 0) - 356.2624) < 1e-6)
        #expect(splits.last?.isPartial == true)
    }

    @Test func mileBoundaryIsInterpolatedInTimeAlongItsLeg() {
        // Leg durations 100, 50, 100, 50…: T(1500 m) = 450 s; leg 1500→1750 takes 100 s, so
        // T(1609.344) = 450 + 109.344 / 250 × 100 = 493.7376 s; the partial rest: 750 − that.
        let durations = (1...10).map { $0 % 2 == 1 ? 100.0 : 50.0 }
        let run = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: Self.cumulative(durations)))
        let splits = Split.splits(of: run, every: 1609.344)
        #expect(abs((splits.first?.elapsedTime ?? 0) - 493.7376) < 1e-6)
        #expect(abs((splits.last?.elapsedTime ?? 0) - 256.2624) < 1e-6)
    }

    @Test func aPauseOnTheBoundaryFallsInTheNextSplit() {
        let splits = Split.splits(of: Self.pausedRun, every: 1000)
        #expect(splits.count == 2)
        #expect(splits.map(\.isPartial) == [false, false])
        #expect(abs((splits.first?.elapsedTime ?? 0) - 400) < 1e-6)
        #expect(abs((splits.last?.elapsedTime ?? 0) - 1000) < 1e-6)
        #expect(abs((splits.last?.movingTime ?? 0) - 400) < 1e-6)
    }

    @Test func untimedRunsHaveSplitsWithoutTimes() {
        let run = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: Array(repeating: nil, count: 11)))
        let splits = Split.splits(of: run, every: 1000)
        #expect(splits.count == 3)
        #expect(splits.allSatisfy { $0.elapsedTime == nil && $0.movingTime == nil })
        #expect(BestEffort.bestEfforts(in: run).isEmpty)
    }

    @Test func bestEffortsFindTheFastStretch() throws {
        // 250 m legs: 100 s each except legs 5 and 6 (1000→1500 m) at 50 s (5 m/s).
        // 400 m inside the fast stretch: 80 s. 1 km: 500 m fast (100 s) + 500 m slow (200 s) = 300 s.
        // 1 mile: 100 s + 1109.344 m / 2.5 = 543.7376 s. 5 km: longer than the run, absent.
        let durations: [Double] = [100, 100, 100, 100, 50, 50, 100, 100, 100, 100]
        let run = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: Self.cumulative(durations)))
        let efforts = BestEffort.bestEfforts(in: run)
        try #require(efforts.map(\.distance) == [400, 1000, 1609.344])
        #expect(abs(efforts[0].duration - 80) < 1e-6)
        #expect(efforts[0].startDistance >= 1000 - 1e-6 && efforts[0].startDistance <= 1100 + 1e-6)
        #expect(abs(efforts[1].duration - 300) < 1e-6)
        #expect(abs(efforts[2].duration - 543.7376) < 1e-6)
    }

    @Test func bestEffortStartingOnAFixWithTheEndInterpolated() throws {
        // Leg durations 50, 100, 150, 200 (slowing down). Best 400 m starts at 0:
        // 250 m in 50 s + 150 m at 2.5 m/s (60 s) = 110 s. (Ends on fixes only would give 130 s.)
        let run = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: Self.cumulative([50, 100, 150, 200])))
        let efforts = BestEffort.bestEfforts(in: run, distances: [400, 1000])
        try #require(efforts.count == 2)
        #expect(abs(efforts[0].duration - 110) < 1e-6)
        #expect(abs(efforts[0].startDistance) < 1e-6)
        #expect(abs(efforts[1].duration - 500) < 1e-6)
    }

    @Test func bestEffortsCountPausesInsideTheWindow() throws {
        // Any 1500 m window spans the 600 s pause: 1500 m / 2.5 m/s + 600 s = 1200 s.
        let efforts = BestEffort.bestEfforts(in: Self.pausedRun, distances: [1000, 1500])
        try #require(efforts.count == 2)
        #expect(abs(efforts[0].duration - 400) < 1e-6)
        #expect(abs(efforts[1].duration - 1200) < 1e-6)
    }
}
