import Foundation
import Testing

/// `nearby` (in process) refuses a copy that lost too many places, says so in `nearby datasets`, and
/// takes it with `--accept-drop`; `show` answers from a repaired archive (issue 8).
@Suite(.serialized) struct FeedsRefusalTests {
    let home: URL
    let mirror: URL
    let nearby: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-feeds-cli")
        mirror = home.appendingPathComponent("mirror")
        try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        // Our own fixture: 6 rows, 5 with coordinates.
        try FileManager.default.copyItem(
            at: TestPaths.fixture("mirror").appendingPathComponent("toilets.csv"),
            to: mirror.appendingPathComponent("toilets.csv"))
        nearby = InProcessRunner(home: home)
    }

    /// The fixture cut to its header and first row (1 place with coordinates).
    func shrinkMirror() throws {
        let file = mirror.appendingPathComponent("toilets.csv")
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.components(separatedBy: "\r\n")
        try (lines[0...1].joined(separator: "\r\n") + "\r\n").write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func aLargeDropIsRefusedShownAndAcceptedOnRequest() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let first = nearby.run(["refresh", "toilets", "--from", mirror.path])
        #expect(first.status == 0, "\(first.stderr)")
        try shrinkMirror()

        let refused = nearby.run(["refresh", "toilets", "--force", "--from", mirror.path])
        #expect(refused.status == 1)
        let sentence = "places with coordinates fell from 5 to 1, more than 20 %"
        #expect(refused.stderr.contains(sentence), "\(refused.stderr)")
        #expect(refused.stderr.contains("'nearby refresh --accept-drop toilets' takes it anyway"))

        // The old copy still answers, and `datasets` says why it was kept.
        let list = nearby.run(["toilets", "--format", "json", "--offline"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 6)
        let datasets = nearby.run(["datasets", "--offline"])
        #expect(datasets.stderr.contains("toilets: the last refresh"), "\(datasets.stderr)")
        #expect(datasets.stderr.contains(sentence))
        let json = nearby.run(["datasets", "--format", "json", "--offline"])
        let all = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let toilets = try #require(all.first { $0["id"] as? String == "toilets" })
        let refusal = try #require(toilets["last_refusal"] as? [String: Any])
        #expect((refusal["reason"] as? String)?.contains(sentence) == true)
        let parks = try #require(all.first { $0["id"] as? String == "parks" })
        #expect(parks["last_refusal"] is NSNull)

        let accepted = nearby.run(["refresh", "toilets", "--force", "--accept-drop", "--from", mirror.path])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("toilets: updated, 1 records"), "\(accepted.stdout)")
        let after = nearby.run(["datasets", "--format", "json", "--offline"])
        let again = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        #expect(again.first { $0["id"] as? String == "toilets" }?["last_refusal"] is NSNull)
    }

    @Test func showRepairsADamagedArchive() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let first = nearby.run(["refresh", "toilets", "--from", mirror.path])
        #expect(first.status == 0, "\(first.stderr)")
        let archive = home.appendingPathComponent("cache/toilets/current/places.nbyplace")
        var bytes = try Data(contentsOf: archive)
        // Past the header: a place record's bytes, so only a block checksum can notice.
        let middle = bytes.count / 2
        bytes[middle] ^= 0xFF
        try FileManager.default.removeItem(at: archive)
        try bytes.write(to: archive)
        let shown = nearby.run(["show", "toilets", "4", "--offline"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("大安森林公園"))
        #expect(shown.stderr.contains("rebuilt the index of toilets"), "\(shown.stderr)")
    }
}
