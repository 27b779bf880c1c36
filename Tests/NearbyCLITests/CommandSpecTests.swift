import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyCLI

/// Each command's declaration (``CommandSpec``) is the one source of both what its parser accepts
/// and what its help says (issue 9, "The CLI reads like its help"). In process, pinned clock.
@Suite struct CommandSpecTests {
    /// Every command's spec, with the list command under a dataset's name.
    static var specs: [CommandSpec] { CommandRouter.commands.map { $0.spec } }

    /// The `--option` words of a text.
    static func optionWords(_ text: String) -> Set<String> {
        var words = Set<String>()
        var scanner = Substring(text)
        while let range = scanner.range(of: "--") {
            let name = scanner[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if !name.isEmpty { words.insert(String(name)) }
            scanner = scanner[range.upperBound...]
        }
        return words
    }

    /// The help names every option the command declares, and only options some command takes
    /// (its own, the global ones, or another command's in a cross-reference).
    @Test(arguments: specs.map(\.name))
    func helpNamesEveryDeclaredOption(name: String) throws {
        let spec = try #require(Self.specs.first { $0.name == name })
        let help = Help.render(spec)
        for option in spec.options {
            // An older spelling (near's --in) is accepted and deliberately not listed.
            #expect(help.contains(option.synopsis) != option.isHidden, "\(name): \(option.synopsis)")
        }
        let known = Set((Self.specs.flatMap(\.options) + CommandSpec.globalOptions).map(\.name) + ["version"])
        #expect(Self.optionWords(help).subtracting(known).isEmpty, "\(name): \(Self.optionWords(help))")
        #expect(help.split(separator: "\n").allSatisfy { TextWidth.columns(String($0)) <= Help.width }, "\(help)")
    }

    /// The parser accepts exactly the declared options: each declared one, and no other.
    @Test(arguments: specs.map(\.name))
    func parserAcceptsExactlyTheDeclaredOptions(name: String) throws {
        let spec = try #require(Self.specs.first { $0.name == name })
        for option in spec.options + CommandSpec.globalOptions {
            let words = option.value == nil ? ["--\(option.name)"] : ["--\(option.name)=x"]
            let parsed = try ParsedArguments.parse(words, spec: spec.parser)
            #expect(parsed.has(option.name) || parsed.value(option.name) == "x", "\(name) --\(option.name)")
        }
        #expect(throws: CLIError.self) { try ParsedArguments.parse(["--no-such-option"], spec: spec.parser) }
    }

    /// `checkpoints` reads `--limit`; before, its help never said so.
    @Test func checkpointsHelpNamesItsLimit() {
        let help = Help.text(for: ["checkpoints"]) ?? ""
        #expect(help.contains("-n, --limit N"))
        #expect(help.contains("1 to 1,000"))
        #expect(help.contains("[--limit N]"))
    }

    /// `along` reads `--format`; before, its help never said so.
    @Test func alongHelpNamesItsFormats() {
        #expect(Help.text(for: ["along"])?.contains("[--format table|json|csv]") == true)
    }

    @Test func helpStillAnswersEveryWay() throws {
        let runner = InProcessRunner(home: try TestPaths.temporaryDirectory("help-home"))
        let overview = runner.run(["--help"])
        #expect(overview.status == 0)
        for name in Self.specs.map(\.name) where name != "<dataset>" {
            #expect(overview.stdout.contains("nearby \(name)"), "\(name)")
        }
        for words in [["help", "checkpoints"], ["checkpoints", "--help"], ["checkpoints", "RUN", "-h"]] {
            let result = runner.run(words)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("usage: nearby checkpoints <run|FILE> --near"), "\(words)")
        }
        #expect(runner.run(["runs", "show", "1", "--help"]).stdout.hasPrefix("usage: nearby runs show <run|FILE>"))
        #expect(runner.run(["help", "runs", "export"]).stdout.hasPrefix("usage: nearby runs export <run> --format"))
        #expect(runner.run(["runs", "--help"]).stdout.contains("nearby runs import FILE|FOLDER…"))
        #expect(runner.run(["toilets", "--help"]).stdout.hasPrefix("usage: nearby toilets [--at LAT,LON]"))
    }

    /// Words that reach each command's `--format` check (and nothing that needs data before it).
    static let formatCases: [[String]] = [
        ["datasets"], ["toilets"], ["near", "--at", "25,121", "--in", "toilets"], ["show", "toilets", "1"],
        ["runs", "list"], ["runs", "show", "1"], ["runs", "export", "1"], ["badges"],
        ["checkpoints", "1", "--near", "toilets"], ["along", "1", "--near", "toilets"],
    ]

    /// The formats a command's help lists are exactly those its body accepts.
    @Test(arguments: formatCases)
    func declaredFormatsAreTheAcceptedOnes(words: [String]) throws {
        let home = try TestPaths.temporaryDirectory("nearby-spec")
        let result = InProcessRunner(home: home).run(words + ["--format", "bogus"])
        let name = words[0] == "runs" ? "runs \(words[1])" : words[0]
        let spec = try #require(Self.specs.first { $0.name == name } ?? (name == "toilets" ? ListCommand.spec : nil))
        let declared = try #require(spec.declaration("format")?.value)
        let listed = declared.split(separator: "|").joined(separator: ", ")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("nearby: --format must be one of \(listed), not bogus."), "\(result.stderr)")
    }

    /// A command that prints no formats refuses `--format` (before, `refresh` and `map` took it
    /// and ignored it).
    @Test func commandsWithoutFormatsRefuseIt() throws {
        let home = try TestPaths.temporaryDirectory("nearby-spec")
        let runner = InProcessRunner(home: home)
        for words in [
            ["refresh", "--offline"], ["runs", "delete", "1"], ["runs", "import", "x.gpx"],
            ["map", "--at", "25,121", "--near", "toilets", "--html", "m.html"],
        ] {
            let result = runner.run(words + ["--format", "json"])
            #expect(result.status == 2, "\(words)")
            #expect(result.stderr.hasPrefix("nearby: unknown option --format."), "\(words): \(result.stderr)")
        }
    }

    /// Options that only shape the picture need `--html` (before, `runs show 1 --near toilets`
    /// silently ignored `--near`); a required option is named before anything is read.
    @Test func requiredAndDependentOptions() throws {
        let home = try TestPaths.temporaryDirectory("nearby-spec")
        let runner = InProcessRunner(home: home)
        let cases: [([String], String)] = [
            (["runs", "show", "1", "--near", "toilets"], "--near needs --html"),
            (["runs", "show", "1", "--within", "300m"], "--within needs --html"),
            (["runs", "show", "1", "--tiles", "https://t.example/{z}/{x}/{y}.png"], "--tiles needs --html"),
            (["toilets", "--within", "300m"], "--within needs --at"),
            (["checkpoints", "1"], "nearby checkpoints needs --near DATASET[,DATASET…]"),
            (["along", "1"], "nearby along needs --near DATASET[,DATASET…]"),
            (["runs", "export", "1"], "nearby runs export needs --format geojson|gpx|csv"),
            (["near", "--in", "toilets"], "nearby near needs --at LAT,LON"),
        ]
        for (words, message) in cases {
            let result = runner.run(words)
            #expect(result.status == 2, "\(words)")
            #expect(result.stderr.hasPrefix("nearby: \(message)."), "\(words): \(result.stderr)")
        }
    }

    /// `map` builds its query with `--where` but did not declare it, so it was refused; now
    /// declared, it filters the map: of the fixture's five located toilets, 捷運台大醫院站 and
    /// 總統府參觀區 have no family seats (PlacesEndToEndTests), three remain.
    @Test func mapTakesWhere() throws {
        let home = try TestPaths.temporaryDirectory("nearby-spec")
        let result = InProcessRunner(home: home).run([
            "map", "--at", "25.0418,121.5152", "--near", "toilets", "--where", "family-seats", "--html", "m.html",
            "--from", TestPaths.fixture("mirror").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("(3 places)"))
        let html = try String(contentsOf: home.appendingPathComponent("m.html"), encoding: .utf8)
        #expect(!html.contains("捷運台大醫院站") && html.contains("二二八和平公園(署)"))
    }
}
