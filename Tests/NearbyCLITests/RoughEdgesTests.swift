import Foundation
import Testing

/// Rough edges real clients found (issue 23): one spelling of the datasets option, one rule for
/// `--format text`, a usage error that names the subcommand's own help, and a dataset without
/// data that says which of its family has data.
@Suite struct RoughEdgesTests {
    let home: URL
    let nearby: InProcessRunner
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-edges")
        nearby = InProcessRunner(home: home, extra: ["TZ": "UTC"])
    }

    /// `near` takes `--near` as every other command does, and still `--in`; its help lists one.
    @Test func nearTakesNearAndIn() throws {
        let at = "25.0418,121.5152"
        let near = nearby.run(["near", "--at", at, "--near", "toilets", "--from", mirror, "--format", "json"])
        #expect(near.status == 0, "\(near.stderr)")
        let old = nearby.run(["near", "--at", at, "--in", "toilets", "--from", mirror, "--format", "json"])
        #expect(old.status == 0 && old.stdout == near.stdout)
        let help = nearby.run(["near", "--help"]).stdout
        #expect(help.contains("--near DATASET[,DATASET…]") && !help.contains("--in "))
    }

    /// `--format text` is `table` wherever a table is offered: `runs list` refused it, `runs near`
    /// took it.
    @Test func formatTextIsOneRule() {
        for words in [["runs", "list"], ["runs", "near", "--at", "25,121", "--within", "1km"], ["badges"]] {
            let text = nearby.run(words + ["--format", "text"])
            let table = nearby.run(words + ["--format", "table"])
            #expect(text.status == 0, "\(words): \(text.stderr)")
            #expect(text.stdout == table.stdout && text.stderr == table.stderr, "\(words)")
        }
        #expect(nearby.run(["runs", "export", "1", "--format", "text"]).status == 2)
    }

    /// A usage error in a subcommand names that subcommand's help.
    @Test(arguments: [
        (["runs", "list", "--format", "xml"], "Try 'nearby runs list --help'.\n"),
        (["runs", "show"], "Try 'nearby runs show --help'.\n"),
        (["runs", "frobnicate"], "Try 'nearby runs --help'.\n"),
        (["near", "--at", "nope"], "Try 'nearby near --help'.\n"),
        (["checkpoints", "1"], "Try 'nearby checkpoints --help'.\n"),
        (["--frobnicate"], "Try 'nearby --help'.\n"),
    ])
    func aUsageErrorNamesItsCommandsHelp(words: [String], hint: String) {
        let result = nearby.run(words)
        #expect(result.status == 2, "\(words): \(result.stderr)")
        #expect(result.stderr.hasSuffix(hint), "\(words): \(result.stderr)")
    }

    /// With only `parks-2016` cached, `near --near parks` offline says that parks-2016 has data,
    /// and no sentence is joined to the next as `.;`.
    @Test func aDatasetWithoutDataNamesItsFamilyWithData() throws {
        let folder = home.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let feed = """
            {"result":{"count":1,"results":[{"_id":"1","ParkName":"Test park","Longitude":"121.5152",
            "Latitude":"25.0418","Location":"Zhongzheng","ParkType":"park"}]}}
            """
        try feed.write(to: folder.appendingPathComponent("parks-2016.json"), atomically: true, encoding: .utf8)
        let refreshed = nearby.run(["refresh", "parks-2016", "--from", folder.path])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let alone = nearby.run(["near", "--at", "25.04,121.51", "--near", "parks", "--offline"])
        #expect(alone.status == 3)
        #expect(alone.stderr.hasPrefix("nearby: parks has no data: there is no cached copy and fetching is off"))
        #expect(alone.stderr.contains("; parks-2016 has data."))
        let both = nearby.run(["near", "--at", "25.04,121.51", "--near", "parks,parks-2016", "--from", folder.path])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(!both.stderr.contains(".;"), "\(both.stderr)")
        #expect(both.stderr.contains("parks-2016 has data; answering from the other datasets"))
    }
}
