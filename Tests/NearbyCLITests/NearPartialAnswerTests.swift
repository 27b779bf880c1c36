import Foundation
import Testing

/// `nearby near` over several datasets (issue 13 and 8): a dataset with no data is warned about
/// once and the others answer (exit 0); when none has data, exit 3; a dataset named twice is
/// listed once. The mirror holds toilets only (Fixtures/mirror): hotels and parks cannot be fetched.
/// Expected order from GeographicLib, as in PlacesEndToEndTests: ids 3, 2, 5, 1, 4.
@Suite(.serialized) struct NearPartialAnswerTests {
    let home: URL
    let nearby: InProcessRunner
    let mirror = TestPaths.fixture("mirror").path
    let at = "25.0418,121.5152"

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-partial")
        nearby = InProcessRunner(home: home)
    }

    @Test func answersFromTheDatasetsThatHaveData() throws {
        let result = nearby.run([
            "near", "--at", at, "--in", "toilets,hotels", "--format", "json", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["3", "2", "5", "1", "4"])
        #expect(items.allSatisfy { $0["dataset"] as? String == "toilets" })
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("hotels") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: hotels has no data") == true)
    }

    @Test func offlineToo() throws {
        _ = nearby.run(["refresh", "toilets", "--from", mirror])
        let result = nearby.run(["near", "--at", at, "--in", "hotels,toilets,parks", "--offline", "--limit", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("捷運台大醫院站"))
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.count == 2)
    }

    @Test func noneHasDataIsExitCodeThree() throws {
        let result = nearby.run(["near", "--at", at, "--in", "hotels,parks", "--offline"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("hotels has no data") && result.stderr.contains("parks has no data"))
    }

    @Test func aDatasetNamedTwiceIsListedOnce() throws {
        let result = nearby.run([
            "near", "--at", at, "--in", "toilets,toilets", "toilets", "--format", "json", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["3", "2", "5", "1", "4"])
    }

    @Test func unknownDatasetIsStillAUsageError() throws {
        let result = nearby.run(["near", "--at", at, "--in", "toilets,no-such", "--from", mirror])
        #expect(result.status == 2)
    }
}
