import NearbyRuns
import Testing

@testable import NearbyCLI

/// `--units` and the locale rule: the first non-empty of LC_ALL, LC_MEASUREMENT, LANG; a United
/// States, Liberian or Myanmar region means imperial, anything else metric.
@Suite struct UnitsOptionTests {
    @Test func theOptionInAnyCase() throws {
        #expect(try UnitsOption.parse("metric") == .metric)
        #expect(try UnitsOption.parse("IMPERIAL") == .imperial)
        for text in ["si", "", "metric ", "imperial,metric"] {
            #expect(throws: CLIError.self, "\(text)") { try UnitsOption.parse(text) }
        }
        do { _ = try UnitsOption.parse("si") } catch {
            #expect(error.message == "--units must be metric or imperial, not si")
            #expect(error.exitCode == .usage)
        }
    }

    @Test(arguments: [
        ([:], Units.metric), (["LANG": "en_US.UTF-8"], .imperial), (["LANG": "zh_TW.UTF-8"], .metric),
        (["LANG": "C.UTF-8"], .metric), (["LC_ALL": "my_MM"], .imperial), (["LANG": "en_LR@latin"], .imperial),
        (["LC_ALL": "", "LC_MEASUREMENT": "en_GB.UTF-8", "LANG": "en_US.UTF-8"], .metric),
        (["LC_MEASUREMENT": "en_US", "LANG": "de_DE"], .imperial), (["LC_ALL": "de_DE", "LANG": "en_US"], .metric),
    ])
    func theLocale(variables: [String: String], units: Units) {
        #expect(UnitsOption.fromLocale(variables) == units)
    }

    /// `--units` is checked by its one parser for every command, even one that prints no
    /// distance (before, `refresh --units si` was taken and ignored).
    @Test func checkedForEveryCommand() throws {
        let home = try TestPaths.temporaryDirectory("nearby-units")
        for words in [["refresh", "--offline"], ["datasets"], ["runs", "list"]] {
            let result = InProcessRunner(home: home).run(words + ["--units", "si"])
            #expect(result.status == 2, "\(words)")
            #expect(result.stderr.hasPrefix("nearby: --units must be metric or imperial, not si."), "\(words)")
        }
    }
}
