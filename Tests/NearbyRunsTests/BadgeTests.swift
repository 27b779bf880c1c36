import Foundation
import Testing

@testable import NearbyRuns

@Suite("Badge: catalogue and rules")
struct BadgeTests {
    static func loadCatalogue() throws -> BadgeCatalogue {
        let url = AnalysisFixtures.packageRoot.appendingPathComponent("Datasets/badges.json")
        return try BadgeCatalogue(data: try Data(contentsOf: url))
    }

    /// MoonRunner's distances (moonrunner/NOTES.md): 0, then every half mile (804.672 m) up to
    /// 6 mi, then every mile up to 25 mi, then 42 195 m.
    @Test func catalogueHasMoonRunnersDistancesAndNames() throws {
        let catalogue = try Self.loadCatalogue()
        let halfMiles: [Double] = (0...12).map { Double($0) * 804.672 }
        let miles: [Double] = (7...25).map { Double($0) * 1609.344 }
        let expected: [Double] = halfMiles + miles + [42_195]
        #expect(catalogue.badges.count == 33)
        for (badge, d) in zip(catalogue.badges, expected) {
            #expect(abs(badge.distance - d) < 1e-9, Comment(rawValue: badge.name))
            #expect(!badge.description.isEmpty)
        }
        #expect(catalogue.badges.first?.name == "Earth")
        #expect(catalogue.badges[2].name == "The Moon")
        #expect(catalogue.badges[12].name == "Ganymede")
        #expect(catalogue.badges[31].name == "Pluto")
        #expect(catalogue.badges.last?.name == "Interstellar Space")
        #expect(
            catalogue.badges.filter { $0.image.hasSuffix(".png") }.map(\.image)
                == ["magnetotail.png", "asteroid_belt.png", "kuiper_belt.png"])
    }

    /// NOTES.md: best = last badge with distance < d (strict), else Earth; next = first badge
    /// with d < distance, else the last.
    @Test func bestAndNextAreStrict() throws {
        let c = try Self.loadCatalogue()
        #expect(c.best(for: 0).name == "Earth")
        #expect(c.best(for: 804.672).name == "Earth")
        #expect(c.best(for: 804.673).name == "Earth's Atmosphere")
        #expect(c.best(for: 100_000).name == "Interstellar Space")
        #expect(c.next(for: 0).name == "Earth's Atmosphere")
        #expect(c.next(for: 804.672).name == "The Moon")
        #expect(c.next(for: 42_195).name == "Interstellar Space")
        #expect(abs(c.distanceLeft(from: 1000) - 609.344) < 1e-9)
        #expect(c.distanceLeft(from: 50_000) == 0)
    }

    static let small: BadgeCatalogue? = try? BadgeCatalogue(badges: [
        Badge(id: "a", name: "A", distance: 0, description: "a", image: "a.jpg"),
        Badge(id: "b", name: "B", distance: 1000, description: "b", image: "b.jpg"),
        Badge(id: "c", name: "C", distance: 2000, description: "c", image: "c.jpg"),
        Badge(id: "d", name: "D", distance: 5000, description: "d", image: "d.jpg"),
    ])

    /// Hand-made history (speeds in m/s are exact binary fractions or exact products:
    /// 2 × 1.05 == 2.1 and 2 × 1.1 == 2.2 in IEEE doubles, checked with python3).
    static let history: [BadgeRun] = [
        BadgeRun(id: "r1", startTime: 1, distance: 1000, duration: 500),  // 2.0, exactly B: earns A only
        BadgeRun(id: "r2", startTime: 2, distance: 1500, duration: 750),  // 2.0, earns B
        BadgeRun(id: "r3", startTime: 3, distance: 2100, duration: 1000),  // 2.1 = exactly +5 %: earns C
        BadgeRun(id: "r4", startTime: 4, distance: 1050, duration: 500),  // 2.1
        BadgeRun(id: "r5", startTime: 5, distance: 1100, duration: 500),  // 2.2: silver A/B; = +10 % exactly
        BadgeRun(id: "r6", startTime: 6, distance: 1500, duration: 600),  // 2.5: gold A/B
        BadgeRun(id: "r7", startTime: 7, distance: 1500, duration: 600),  // 2.5 again: not best (later)
    ]

    @Test func awardsFollowMoonRunnersRules() throws {
        let c = try #require(Self.small)
        // Shuffled input: the rules sort by start time.
        let awards = BadgeRules.awards(c, runs: Self.history.reversed())
        let byID = Dictionary(uniqueKeysWithValues: awards.map { ($0.badge.id, $0) })
        let a = try #require(byID["a"])
        let b = try #require(byID["b"])
        let cc = try #require(byID["c"])
        let d = try #require(byID["d"])
        #expect(a.earnedBy?.id == "r1")
        #expect(a.silverBy?.id == "r5")  // r3/r4 at exactly 1.05 × 2.0 are not enough
        #expect(a.goldBy?.id == "r6")  // r5 at exactly 1.10 × 2.0 is not enough
        #expect(a.bestRun?.id == "r6")  // r7 ties r6 and is later
        #expect(b.earnedBy?.id == "r2")  // r1 ran exactly 1000 m: not earned
        #expect(b.silverBy?.id == "r5")
        #expect(b.goldBy?.id == "r6")
        #expect(cc.earnedBy?.id == "r3")
        #expect(cc.silverBy == nil && cc.goldBy == nil)
        #expect(cc.bestRun?.id == "r3")
        #expect(d.earnedBy == nil && d.bestRun == nil)
        #expect(d.distanceLeft == 2900)
        #expect(a.distanceLeft == nil)
        // Needed for silver/gold on B: strictly faster than 2.1 / 2.2 m/s, i.e. 1000/2.1 and
        // 1000/2.2 s per km.
        #expect(b.silverSpeedNeeded == 2.1)
        #expect(b.goldSpeedNeeded == 2.2)
        #expect(abs((b.silverPaceNeeded ?? 0) - 1000 / 2.1) < 1e-9)
        #expect(abs((b.goldPaceNeeded ?? 0) - 1000 / 2.2) < 1e-9)
        #expect(BadgeRules.bestBadge(c, runs: Self.history)?.id == "c")
    }

    @Test func equalStartTimesKeepTheGivenOrder() throws {
        let c = try #require(Self.small)
        let runs = [
            BadgeRun(id: "x", startTime: 10, distance: 1200, duration: 600),
            BadgeRun(id: "y", startTime: 10, distance: 1200, duration: 400),
        ]
        let b = try #require(BadgeRules.awards(c, runs: runs).first { $0.badge.id == "b" })
        #expect(b.earnedBy?.id == "x")
        #expect(b.goldBy?.id == "y")
        let swapped = try #require(BadgeRules.awards(c, runs: runs.reversed()).first { $0.badge.id == "b" })
        #expect(swapped.earnedBy?.id == "y")
        #expect(swapped.silverBy == nil)
    }

    @Test func aRunOfExactlyTheBadgeDistanceLeavesNothingToRunButDoesNotEarn() throws {
        let c = try #require(Self.small)
        let awards = BadgeRules.awards(c, runs: [BadgeRun(id: "r", startTime: 0, distance: 1000, duration: 0)])
        #expect(awards[0].earnedBy?.id == "r")
        #expect(awards[0].earnedBy?.speed == nil)  // zero duration: no speed, no division
        #expect(awards[0].silverPaceNeeded == nil)
        #expect(awards[1].earnedBy == nil)
        #expect(awards[1].distanceLeft == 0)
        #expect(BadgeRules.awards(c, runs: []).allSatisfy { !$0.isEarned })
        #expect(BadgeRules.bestBadge(c, runs: []) == nil)
    }

    /// A catalogue file around `badges` (a JSON array text).
    static func file(_ badges: String) -> String {
        #"{"kind":"badges","id":"t","title":"T","licence":"l","attribution":"a","badges":"# + badges + "}"
    }

    @Test(arguments: [
        ("{}", "malformed"),
        (file("[{\"id\":\"a\",\"name\":\"A\",\"distance\":\"0\",\"description\":\"\",\"image\":\"a\"}]"), "malformed"),
        (file("[{\"id\":\"a\",\"name\":\"A\",\"description\":\"\",\"image\":\"a\"}]"), "malformed"),
        (file("[]"), "empty"),
        (
            file("[{\"id\":\"a\",\"name\":\"A\",\"distance\":-1,\"description\":\"\",\"image\":\"a\"}]"),
            "invalidDistance"
        ),
        (
            file(
                "[{\"id\":\"a\",\"name\":\"A\",\"distance\":5,\"description\":\"\",\"image\":\"a\"},"
                    + "{\"id\":\"b\",\"name\":\"B\",\"distance\":5,\"description\":\"\",\"image\":\"b\"}]"),
            "notAscending"
        ),
        (
            file(
                "[{\"id\":\"a\",\"name\":\"A\",\"distance\":5,\"description\":\"\",\"image\":\"a\"},"
                    + "{\"id\":\"a\",\"name\":\"B\",\"distance\":6,\"description\":\"\",\"image\":\"b\"}]"),
            "duplicateID"
        ),
    ])
    func catalogueErrors(_ json: String, _ kind: String) {
        #expect {
            _ = try BadgeCatalogue(data: Data(json.utf8))
        } throws: { error in
            guard let error = error as? BadgeCatalogueError else { return false }
            let matches: Bool
            switch error {
            case .malformed: matches = kind == "malformed"
            case .empty: matches = kind == "empty"
            case .invalidDistance: matches = kind == "invalidDistance"
            case .notAscending: matches = kind == "notAscending"
            case .duplicateID: matches = kind == "duplicateID"
            default: matches = false
            }
            return matches && error.description.hasSuffix(".")
        }
    }
}
