import Testing

@testable import NearbyRuns

/// Medals compare runs with a speed only; a run without one earns distance badges only.
@Suite struct BadgeTimingTests {
    let catalogue = BadgeTests.small

    /// r1 (untimed) earns B first; r2 (2.0 m/s) is the reference; r3 (80 m/s claimed by a
    /// partly timed run, so no speed) takes nothing; r4 (2.2 m/s > 2.1) takes silver and best.
    @Test func untimedRunsEarnButNeverMedal() throws {
        let c = try #require(catalogue)
        let runs = [
            BadgeRun(id: "r1", startTime: 1, distance: 1500, speed: nil),
            BadgeRun(id: "r2", startTime: 2, distance: 1500, speed: 2.0),
            BadgeRun(id: "r3", startTime: 3, distance: 1500, speed: nil),
            BadgeRun(id: "r4", startTime: 4, distance: 1500, speed: 2.2),
        ]
        let b = try #require(BadgeRules.awards(c, runs: runs).first { $0.badge.id == "b" })
        #expect(b.earnedBy?.id == "r1")
        #expect(b.reference?.id == "r2")
        #expect(b.silverBy?.id == "r4")
        #expect(b.goldBy == nil)  // 2.2 is exactly +10 %: not more
        #expect(b.bestRun?.id == "r4")
        #expect(b.silverSpeedNeeded == 2.1)
    }

    @Test func withoutAnyTimedRunThereIsNoBestAndNoTarget() throws {
        let c = try #require(catalogue)
        let runs = [BadgeRun(id: "u", startTime: 1, distance: 2500, speed: nil)]
        let awards = BadgeRules.awards(c, runs: runs)
        #expect(awards.filter(\.isEarned).map(\.badge.id) == ["a", "b", "c"])
        #expect(awards.allSatisfy { $0.bestRun == nil && $0.silverBy == nil && $0.goldBy == nil })
        #expect(awards.allSatisfy { $0.silverPaceNeeded == nil })
    }

    /// A speed that is not finite and positive is no speed.
    @Test func nonsenseSpeedsCountAsNone() {
        #expect(BadgeRun(id: "x", startTime: 0, distance: 1, speed: .nan).speed == nil)
        #expect(BadgeRun(id: "x", startTime: 0, distance: 1, speed: .infinity).speed == nil)
        #expect(BadgeRun(id: "x", startTime: 0, distance: 1, speed: 0).speed == nil)
        #expect(BadgeRun(id: "x", startTime: 0, distance: 1, duration: -5).speed == nil)
    }
}
