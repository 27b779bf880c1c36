import Foundation
import Testing

@testable import NearbyRuns

/// The rule for "enough timing" (RunTiming), on meridian tracks whose legs are 250 m each
/// (GeographicLib Direct, see AnalysisFixtures): a run is ranked only with a trustworthy clock,
/// at least 90 % of its distance timed and a speed within the activity's spike limit.
@Suite struct TimingTests {
    let track = AnalysisFixtures.meridianTrack

    func summary(_ track: Track, fileTime: Double? = nil, maximumSpeed: Double? = nil) -> RunSummary {
        RunSummary(tracks: [track], maximumSpeed: maximumSpeed, fileTime: fileTime)
    }

    /// 10 legs × 250 m at 100 s each: 2.5 m/s, ranked.
    @Test func aWellTimedRunIsRanked() throws {
        let s = summary(track((0...10).map { Double($0) * 100 }, "running", 1_700_000_000))
        #expect(s.timingProblem == nil)
        #expect(abs(try #require(s.rankingSpeed) - 2.5) < 1e-9)
        #expect(s.rankingSpeed == s.statistics.averageSpeed)
    }

    /// Every fix at 1901-12-13T20:45:52Z, fractions apart (gpxpy's Mojstrovka): untimed, the
    /// whole 2,500 m kept.
    @Test func equalTimesMakeTheRunUntimed() throws {
        let times: [Double?] = (0...10).map { $0 == 1 ? 0.207 : 0.2073437 }
        let s = summary(track(times, "running", -2_147_483_648))
        #expect(s.timingProblem == .allTimesEqual(time: -2_147_483_648 + 0.207))
        #expect(s.rankingSpeed == nil)
        #expect(abs(s.statistics.distance - 2500) < 1e-6)
        #expect(s.statistics.startTime == nil && s.statistics.movingTime == 0)
        #expect(s.timingProblem?.reason.hasPrefix("every fix has the same time, 1901-12-13T20:45:52Z") == true)
    }

    /// Times running backwards would otherwise drop every fix but the first as out of order.
    @Test func aRunBackwardsIsUntimedButKeepsItsDistance() {
        let s = summary(track((0...10).map { Double(10 - $0) * 100 }, "running", 1_700_000_000))
        #expect(s.timingProblem == .backwards(seconds: 1000))
        #expect(abs(s.statistics.distance - 2500) < 1e-6)
        #expect(s.cleaned.report.timeReversed == 0)
    }

    /// Fixes decades from the file's own time are untimed; a few years are not.
    @Test func fixesFarFromTheFileTimeAreUntimed() {
        let t0 = 1_000_000_000.0
        let run = track((0...10).map { Double($0) * 100 }, "running", t0)
        let year = 365.2425 * 86_400
        #expect(summary(run, fileTime: t0 + 9.9 * year).timingProblem == nil)
        #expect(summary(run, fileTime: t0 - 9.9 * year).timingProblem == nil)
        #expect(
            summary(run, fileTime: t0 + 10.1 * year).timingProblem
                == .farFromFileTime(fixTime: t0, fileTime: t0 + 10.1 * year))
        #expect(summary(run, fileTime: t0 + 109 * year).timingProblem?.reason.contains("109 years") == true)
    }

    /// A file time before GPS time began (1980-01-06) is a placeholder, not evidence: GPSBabel's
    /// 1970-01-01T00:00:00Z (0) and any other pre-1980 time leave fixes from 2013 timed; a real
    /// file time 10.1 years away still makes them untimed.
    @Test func aPlaceholderFileTimeIsNoEvidenceAgainstTheFixes() {
        let t0 = 1_371_117_600.0  // 2013-06-13T10:00:00Z
        let run = track((0...10).map { Double($0) * 100 }, "running", t0)
        #expect(summary(run, fileTime: 0).timingProblem == nil)
        #expect(summary(run, fileTime: 315_964_799).timingProblem == nil)  // 1980-01-05T23:59:59Z
        #expect(summary(run, fileTime: -86_400).timingProblem == nil)
        let gpsEpoch = 315_964_800.0  // 1980-01-06T00:00:00Z: a real time, 33 years away
        #expect(summary(run, fileTime: gpsEpoch).timingProblem == .farFromFileTime(fixTime: t0, fileTime: gpsEpoch))
        let s = summary(run, fileTime: 0)
        #expect(s.statistics.startTime == t0)
        #expect(s.statistics.movingTime == 1000)
        #expect(abs((s.rankingSpeed ?? 0) - 2.5) < 1e-9)
    }

    /// Times on the first three fixes only (like gpxpy's cerknicko-without-times): 500 of
    /// 2,500 m timed, 20 %; the speed over the timed part is shown but not ranked.
    @Test func aPartlyTimedRunIsNotRanked() throws {
        let times: [Double?] = (0...10).map { $0 <= 2 ? Double($0) * 100 : nil }
        let s = summary(track(times, "running", 1_700_000_000))
        let problem = try #require(s.timingProblem)
        guard case .partlyTimed(let fraction) = problem else {
            Issue.record("expected partlyTimed, got \(problem)")
            return
        }
        #expect(abs(fraction - 0.2) < 1e-9)
        #expect(abs(try #require(s.statistics.averageSpeed) - 2.5) < 1e-9)
        #expect(s.rankingSpeed == nil)
        #expect(problem.reason == "only 20 % of its distance is timed (90 % is needed)")
        // 9 of 10 legs timed (2,250 of 2,500 m): exactly 90 % is enough.
        let most: [Double?] = (0...10).map { $0 <= 9 ? Double($0) * 100 : nil }
        #expect(summary(track(most, "running", 1_700_000_000)).timingProblem == nil)
        let less: [Double?] = (0...10).map { $0 <= 8 ? Double($0) * 100 : nil }
        guard case .partlyTimed(let eighty)? = summary(track(less, "running", 1_700_000_000)).timingProblem else {
            Issue.record("expected partlyTimed for 80 %")
            return
        }
        #expect(abs(eighty - 0.8) < 1e-9)
    }

    @Test func noTimesOrNoMovementIsNotRanked() {
        #expect(summary(track(Array(repeating: nil, count: 11), "running", 0)).timingProblem == .noTimes)
        let one: [Double?] = (0...10).map { $0 == 4 ? 50 : nil }
        #expect(summary(track(one, "running", 0)).timingProblem == .noTimes)
        // 250 m legs of 1,000 s: 0.25 m/s, below running's 0.5 m/s moving speed everywhere.
        #expect(summary(track((0...10).map { Double($0) * 1000 }, "running", 0)).timingProblem == .noMovement)
    }

    /// Fixes 10 m and 0.5 s apart pass the spike test (Δt is floored at 1 s there: 10 m/s) but
    /// average 20 m/s, above running's 12 m/s limit.
    @Test func aSpeedAboveTheSpikeLimitIsNotRanked() throws {
        // 0.000902744291° of latitude is 100 m at 25.03° N (the CLI fixture's GeographicLib step).
        let points = (0...10).map { k in
            TrackPoint(latitude: 25.03 + Double(k) * 0.0000902744291, longitude: 121.52, time: Double(k) * 0.5)
        }
        let s = summary(Track(activityType: "running", segments: [TrackSegment(points: points)]))
        #expect(s.cleaned.report.spikes == 0)
        guard case .implausibleSpeed(let speed, let limit)? = s.timingProblem else {
            Issue.record("expected implausibleSpeed, got \(String(describing: s.timingProblem))")
            return
        }
        #expect(abs(speed - 20) < 0.01)
        #expect(limit == 12)
        #expect(s.rankingSpeed == nil)
        let fast = RunTiming.rankingProblem(
            summary(track((0...10).map { Double($0) * 100 }, "running", 0)).statistics, maximumSpeed: 2)
        guard case .implausibleSpeed(let slow, 2)? = fast else {
            Issue.record("expected implausibleSpeed, got \(String(describing: fast))")
            return
        }
        #expect(abs(slow - 2.5) < 1e-9)
        #expect(fast?.reason == "its average speed, 2.5 m/s, is above the 2.0 m/s limit for the activity")
    }

    /// Leg times for the 10 × 250 m meridian legs: nine at 100 s (2.5 m/s) and the fifth at
    /// `fastLeg` seconds.
    func times(fastLeg: Double) -> [Double?] {
        var t = 0.0
        return [0.0]
            + (1...10).map { k in
                t += k == 5 ? fastLeg : 100
                return t
            }
    }

    /// An untyped track with one 250 m leg in 10 s (25 m/s): 10 % of its 2,500 m above a runner's
    /// 12 m/s, over the 5 % allowed — a vehicle, not ranked.
    @Test func anUntypedTrackThatMovesLikeAVehicleIsNotRanked() throws {
        let s = summary(track(times(fastLeg: 10), nil, 1_700_000_000))
        #expect(s.cleaned.activity == .unknown)
        guard case .vehicle(let fraction, let fastest, let limit)? = s.timingProblem else {
            Issue.record("expected vehicle, got \(String(describing: s.timingProblem))")
            return
        }
        #expect(abs(fraction - 0.1) < 1e-9)
        #expect(abs(fastest - 25) < 1e-9)
        #expect(limit == 12)
        #expect(s.rankingSpeed == nil)
        #expect(
            s.timingProblem?.reason
                == "10 % of its distance went faster than a runner can (12.0 m/s, up to 25.0 m/s), as in a vehicle, "
                + "and it names no activity")
    }

    /// The same leg at 20 s (12.5 m/s) is still 10 %; at 25 s (10 m/s) nothing is faster than a
    /// runner, and the untyped track is ranked.
    @Test func anUntypedTrackAtARunnersPaceIsRanked() {
        guard case .vehicle(let fraction, _, _)? = summary(track(times(fastLeg: 20), nil, 1_700_000_000)).timingProblem
        else {
            Issue.record("a 12.5 m/s leg over 10 % of the distance is a vehicle")
            return
        }
        #expect(abs(fraction - 0.1) < 1e-9)
        let s = summary(track(times(fastLeg: 25), nil, 1_700_000_000))
        #expect(s.timingProblem == nil)
        #expect(s.rankingSpeed != nil)
    }

    /// A named activity is judged by its own spike limit only: the running cleaner drops the fix
    /// after the 25 m/s leg, and no vehicle rule applies to a ride at 25 m/s.
    @Test func namedActivitiesAreNotHeldToTheVehicleRule() {
        let run = summary(track(times(fastLeg: 10), "running", 1_700_000_000))
        #expect(run.cleaned.report.spikes == 1)
        #expect(RunTiming.vehicleProblem(run.cleaned) == nil)
        let ride = summary(track(times(fastLeg: 10), "cycling", 1_700_000_000))
        #expect(ride.timingProblem == nil)
    }
}
