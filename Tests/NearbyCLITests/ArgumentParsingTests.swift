import Foundation
import Testing

@testable import NearbyCLI

/// The argument parser and the one parser of each numeric option (issue 8). Expected values by
/// hand: 1 mi = 1,609.344 m, 1 ft = 0.3048 m; half the equator π × 6,378,137 m ≈ 20,037.5 km.
@Suite struct ArgumentParsingTests {
    let spec = CommandSpec(
        name: "t", summary: "",
        options: [
            .at(), OptionDeclaration("in", value: "DATASET", help: ""), .limit(1...1000, ""),
            OptionDeclaration("force", help: ""),
        ]
    ).parser

    @Test func aValuedOptionNeverSwallowsTheNextOption() {
        for words in [
            ["--at", "--cache-dir", "X"], ["--at", "-n", "5"], ["--at", "--"], ["--limit"], ["--at", "--limit", "3"],
            ["--in", "--force"], ["--in", "-5"], ["--in", "-x"], ["--at", "-x"], ["--at", "-h"],
        ] {
            #expect(throws: CLIError.self, "\(words)") { try ParsedArguments.parse(words, spec: spec) }
            do {
                _ = try ParsedArguments.parse(words, spec: spec)
            } catch {
                #expect(error.message == "--\(words[0].dropFirst(2)) needs a value")
                #expect(error.exitCode == .usage)
            }
        }
    }

    /// A word starting with a minus is a value only where a number is wanted and it is one; any
    /// value goes after `=`.
    @Test func negativeNumbersAreValuesWhereANumberIsWanted() throws {
        let parsed = try ParsedArguments.parse(
            ["--at", "-33.9,151.2", "-5", "--limit", "-.5", "--in=-x", "-n", "-3"], spec: spec)
        #expect(parsed.value("at") == "-33.9,151.2")
        #expect(parsed.values["limit"] == ["-.5", "-3"])
        #expect(parsed.value("in") == "-x")
        #expect(parsed.positionals == ["-5"])
        #expect(try ParsedArguments.parse(["--in", "-"], spec: spec).value("in") == "-")
    }

    @Test func flagsTakeNoValueAndUnknownOptionsAreNamed() throws {
        #expect(try ParsedArguments.parse(["--force", "x"], spec: spec).positionals == ["x"])
        for (words, message) in [
            (["--force=yes"], "--force takes no value"), (["--nope"], "unknown option --nope"),
            (["-z"], "unknown option -z"), (["-nn"], "unknown option -nn"),
        ] {
            do {
                _ = try ParsedArguments.parse(words, spec: spec)
                Issue.record("\(words) was accepted")
            } catch {
                #expect(error.message == message)
            }
        }
        let ended = try ParsedArguments.parse(["--", "--force", "-n"], spec: spec)
        #expect(ended.positionals == ["--force", "-n"])
        #expect(!ended.has("force"))
    }

    /// The issue's example, as a user meets it: a usage error naming `--at`, exit code 2.
    @Test func theExampleInProcess() throws {
        let home = try TestPaths.temporaryDirectory("nearby-parse")
        let result = InProcessRunner(home: home).run(["toilets", "--at", "--limit", "3"])
        #expect(result.status == 2)
        #expect(result.stderr == "nearby: --at needs a value.\nTry 'nearby toilets --help'.\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func listsNameEachItemOnce() throws {
        let parsed = try ParsedArguments.parse(
            ["--in", "toilets,toilets", "--in", "parks, toilets,,hotels"], spec: spec)
        #expect(parsed.list("in") == ["toilets", "parks", "hotels"])
    }

    @Test(arguments: [
        ("300m", 300.0), ("1.5km", 1500), ("500", 500), ("0.5mi", 804.672), ("2000ft", 609.6), ("1 KM", 1000),
        ("20037.5km", 20_037_500), (".5km", 500), ("1e3m", 1000),
    ])
    func distances(text: String, metres: Double) throws {
        #expect(try NumericOptions.distance(text, option: "within") == metres)
    }

    @Test(arguments: [
        "0", "0m", "-5m", "20037.6km", "12451mi", "1e19km", "1e308km", "1e999km", "inf", "infkm", "nan", "-inf",
        "0x19", "0x19km", "", "km", "5 parsecs", "5m5", "1,000m",
    ])
    func refusedDistances(text: String) {
        do {
            _ = try NumericOptions.distance(text, option: "within")
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.message.hasPrefix("--within "))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test(arguments: ["1e19km", "1e308km", "0", "-1m"])
    func rangeIsNamedInTheMessage(text: String) {
        #expect(throws: CLIError.self) { try NumericOptions.distance(text, option: "within") }
        do { _ = try NumericOptions.distance(text, option: "within") } catch {
            #expect(
                error.message
                    == "--within must be greater than 0 and at most 20,037.5 km (half the equator), not \(text)")
        }
    }

    @Test func counts() throws {
        #expect(try NumericOptions.count("5", option: "limit", range: 1...1000) == 5)
        #expect(try NumericOptions.count("+1000", option: "limit", range: 1...1000) == 1000)
        for text in ["0", "-1", "1001", "0x19", "5.0", "1e2", "9223372036854775808", "", "５"] {
            #expect(throws: CLIError.self, "\(text)") {
                try NumericOptions.count(text, option: "limit", range: 1...1000)
            }
        }
        #expect(NumericOptions.grouped(1_000_000) == "1,000,000")
        #expect(NumericOptions.grouped(100) == "100")
    }

    @Test func points() throws {
        #expect(try NumericOptions.point("-33.9,151.2").latitude == -33.9)
        for text in ["0x19,121.5", "inf,0", "geo:25,121;u=0x1"] {
            #expect(throws: CLIError.self, "\(text)") { try NumericOptions.point(text) }
        }
    }

    /// Nothing traps printing an absurd distance or bearing (item 7 of the sweep).
    @Test func formattingNeverTraps() {
        #expect(Formatting.distance(1e22) == "10000000000000000000 km")
        #expect(Formatting.distance(.infinity) == "–")
        #expect(Formatting.distance(.nan) == "–")
        #expect(Formatting.distance(1e300, units: .imperial).hasSuffix(" mi"))
        #expect(Formatting.distance(-.infinity, units: .imperial) == "–")
        #expect(Formatting.distance(0.4) == "0 m")
        #expect(Formatting.distance(1234) == "1.2 km")
        #expect(Formatting.compass(.nan) == "")
        #expect(Formatting.compass(1e300).count <= 3)
        #expect(Formatting.compass(-11) == "N")  // 349°
        #expect(Formatting.compass(-22.4) == "NNW")  // 337.6°
    }

    /// Dates in `datasets` are proleptic Gregorian: 0000-01-01 is 719,528 days before 1970-01-01
    /// (hand-computed: 1970 years of 365 days + 478 leap days), -62,167,219,200 s.
    @Test func datesBeforeTheGregorianReformAreNotJulian() {
        #expect(Formatting.isoDate(-62_167_219_200) == "0000-01-01T00:00:00Z")
        #expect(Formatting.isoDate(0) == "1970-01-01T00:00:00Z")
        #expect(Formatting.isoDate(.nan) == "out of range")
    }
}
