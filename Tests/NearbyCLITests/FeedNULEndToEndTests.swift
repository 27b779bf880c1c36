import Foundation
import NearbyTestSupport
import Testing

/// Issue 22: one NUL in a feed record made `publish` of the whole dataset fail with "parameter
/// 17". It is decided when the feed is decoded: `nearby refresh` says so once, naming the dataset,
/// the record and the field, and no NUL reaches the cache (so none reaches PostgreSQL either).
@Suite struct FeedNULEndToEndTests {
    @Test func aNULIsReplacedAtRefreshAndTold() throws {
        let home = try TestPaths.temporaryDirectory("nearby-nul")
        let mirror = home.appendingPathComponent("mirror")
        try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        let original = try String(
            contentsOf: TestPaths.fixture("mirror").appendingPathComponent("toilets.csv"), encoding: .utf8)
        let poisoned = original.replacingOccurrences(of: "捷運台大醫院站", with: "捷運台大\u{0}醫院站")
        try Data(poisoned.utf8).write(to: mirror.appendingPathComponent("toilets.csv"))
        let runner = InProcessRunner(home: home)
        let result = runner.run(["refresh", "toilets", "--from", mirror.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: toilets: 1 record holds a NUL character, which cannot be shown or stored, so it became U+FFFD (the first: record \"3\", field \"公廁名稱\")."
            ), "\(result.stderr)")
        let shown = runner.run(["show", "toilets", "3", "--format", "json", "--offline"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("捷運台大\u{FFFD}醫院站"))
        #expect(!shown.stdout.contains("\\u0000"))
    }
}
