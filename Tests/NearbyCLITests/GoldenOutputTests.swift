import Foundation
import Testing

/// The exact text of every output format, for a small fixed fixture of our own
/// (`Fixtures/golden`): a hand-made places dataset `spots` (home/Datasets/spots.json, the feed in
/// mirror/spots.csv: five places near Taipei Main Station, one with a quoted comma, one that a
/// spreadsheet would take for a formula, one without coordinates), a three-badge catalogue, and a
/// hand-made GPX run (run.gpx: 1,200 m due north from 25.034,121.5152, a fix every 200 m and 60 s,
/// made with GeographicLib's `Direct`). Each command runs in process with a pinned clock and
/// `NO_COLOR`; its standard output must equal `expected/<case>.txt` byte for byte, after the
/// temporary home folder is replaced by `<home>`.
///
/// The expected texts were reviewed by hand (see `Fixtures/golden/README.md`: distances and
/// bearings against GeographicLib). `NEARBY_UPDATE_GOLDEN=1 swift test --filter GoldenOutputTests`
/// rewrites them from the current output; review the diff before committing it.
@Suite struct GoldenOutputTests {
    static let golden = TestPaths.fixture("golden")
    /// 2026-12-01T02:00:00Z (10:00 in Taipei), four hours after the run.
    static let pinned = Date(timeIntervalSince1970: 1_796_090_400)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var testDescription: String { name }
    }

    static let at = ["--at", "25.0418,121.5152"]
    static let cases: [Case] = [
        Case(name: "places-text", arguments: ["spots"] + at),
        Case(name: "places-json", arguments: ["spots"] + at + ["--format", "json"]),
        Case(name: "places-geojson", arguments: ["spots"] + at + ["--format", "geojson"]),
        Case(name: "places-csv", arguments: ["spots"] + at + ["--format", "csv"]),
        Case(name: "places-unranked-text", arguments: ["spots"]),
        Case(name: "show-text", arguments: ["show", "spots", "2"]),
        Case(name: "show-json", arguments: ["show", "spots", "2", "--format", "json"]),
        Case(name: "datasets-json", arguments: ["datasets", "--format", "json"]),
        Case(name: "runs-list-json", arguments: ["runs", "list", "--format", "json"]),
        Case(name: "runs-show-json", arguments: ["runs", "show", "1", "--format", "json"]),
        Case(name: "checkpoints-text", arguments: ["checkpoints", "1", "--near", "spots", "--within", "600m"]),
        Case(
            name: "checkpoints-json",
            arguments: ["checkpoints", "1", "--near", "spots", "--within", "600m", "--format", "json"]),
        Case(
            name: "checkpoints-geojson",
            arguments: ["checkpoints", "1", "--near", "spots", "--within", "600m", "--format", "geojson"]),
        Case(name: "along-text", arguments: ["along", "1", "--near", "spots", "--within", "300m"]),
        Case(name: "along-json", arguments: ["along", "1", "--near", "spots", "--within", "300m", "--format", "json"]),
        Case(name: "export-gpx", arguments: ["runs", "export", "1", "--format", "gpx"]),
        Case(name: "export-geojson", arguments: ["runs", "export", "1", "--format", "geojson"]),
        Case(name: "export-csv", arguments: ["runs", "export", "1", "--format", "csv"]),
    ]

    /// A fresh home with the spots feed cached and the run imported, both at the pinned instant.
    static func prepared() throws -> (runner: InProcessRunner, home: URL) {
        let home = try TestPaths.temporaryDirectory("nearby-golden")
        var runner = InProcessRunner(home: home)
        runner.extra = [
            "NEARBY_HOME": golden.appendingPathComponent("home").path,
            "NEARBY_MIRROR": golden.appendingPathComponent("mirror").path, "NO_COLOR": "1", "TZ": "Asia/Taipei",
        ]
        runner.now = pinned
        let refresh = runner.run(["refresh", "spots"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let run = home.appendingPathComponent("run.gpx")
        try FileManager.default.copyItem(at: golden.appendingPathComponent("run.gpx"), to: run)
        let imported = runner.run(["runs", "import", run.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        return (runner, home)
    }

    @Test(arguments: cases) func outputMatchesGoldenFile(_ golden: Case) throws {
        let (runner, home) = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = runner.run(golden.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout.replacingOccurrences(of: home.path, with: "<home>")
            .replacingOccurrences(of: Self.golden.path, with: "<golden>")
        let file = Self.golden.appendingPathComponent("expected").appendingPathComponent(golden.name + ".txt")
        if ProcessInfo.processInfo.environment["NEARBY_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "nearby \(golden.arguments.joined(separator: " ")) differs from \(file.path)")
    }
}
