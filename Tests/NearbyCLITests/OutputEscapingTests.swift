import Foundation
import Testing
import Synchronization
import NearbyOutput
@testable import NearbyCLI

/// The output boundary (issue 8): controls from outside are shown as escapes, Nearby's own styling
/// still works, machine formats are written exactly. Expected texts written by hand from the
/// escape rules in ``ControlText``.
@Suite struct OutputEscapingTests {
    @Test(arguments: [
        ("\u{1B}[2J", "\\e[2J"),
        ("a\tb\nc\rd", "a\\tb\\nc\\rd"),
        ("\u{00}\u{07}\u{1F}\u{7F}", "\\x00\\x07\\x1F\\x7F"),
        ("\u{80}\u{9B}\u{9F}", "\\x80\\x9B\\x9F"),
        ("\u{202A}\u{202E}\u{2066}\u{2069}", "\\u{202A}\\u{202E}\\u{2066}\\u{2069}"),
        ("台北 é\u{A0}\u{200B}\u{2028}~", "台北 é\u{A0}\u{200B}\u{2028}~"),
    ])
    func escapes(raw: String, shown: String) {
        #expect(ControlText.escaped(raw) == shown)
        #expect(ControlText.escaped(shown) == shown)  // escaping twice changes nothing
    }

    @Test func newlinesMayBeKept() {
        #expect(ControlText.escaped("a\nb\u{1B}", keepingNewlines: true) == "a\nb\\e")
        #expect(ControlText.escaped("a\nb", keepingNewlines: false) == "a\\nb")
    }

    @Test func widthIsThatOfTheEscape() {
        #expect(TextWidth.columns("a\u{1B}b") == 4)  // a \ e b
        #expect(TextWidth.columns("\u{202E}") == 8)  // \u{202E}
        #expect(TextWidth.columns("\u{0}") == 4)  // \x00
    }

    /// A control in a cell is escaped before the widths are measured, and a line break in a cell
    /// does not break the row.
    @Test func tableMeasuresEscapedCells() {
        var table = Table(headers: ["NAME", "N"])
        table.add(["a\u{1B}b", "1"])
        table.add(["abcdef", "2"])
        table.add(["x\ny", "3"])
        #expect(table.render(style: .plain) == "NAME    N\na\\eb    1\nabcdef  2\nx\\ny    3\n")
    }

    @Test func ownStylingBecomesCodesAndForgedStylingDoesNot() {
        let codes = TerminalCodes(key: "0123456789abcdef")
        let forged = TerminalCodes(key: "fedcba9876543210")
        let sink = Sink()
        let output = TerminalOutput(sink.output, codes: codes, stderrIsTerminal: true)
        let style = Style(enabled: true, codes: codes)
        output.out(style.bold("Name") + " " + forged.marker(.red) + "x\u{1B}[31m\n")
        #expect(sink.stdout == "\u{1B}[1mName\u{1B}[0m " + forged.marker(.red) + "x\\e[31m\n")
        // A marker cut short or with an unknown code is left as text.
        let cut = String(codes.marker(.bold).unicodeScalars.dropLast())
        output.out(cut)
        #expect(sink.stdout.hasSuffix(cut))
        #expect(Style(enabled: false, codes: codes).bold("x") == "x")
    }

    @Test func machineFormatsAreWrittenExactlyAndStderrStaysEscaped() {
        let sink = Sink()
        let output = TerminalOutput(sink.output, codes: .random(), stderrIsTerminal: false)
        output.out("a\u{1B}b\n")
        output.exactStandardOutput()
        output.out("c\u{1B}d\u{202E}\n")
        output.err("e\u{1B}f\n")
        #expect(sink.stdout == "a\\eb\nc\u{1B}d\u{202E}\n")
        #expect(sink.stderr == "e\\ef\n")
    }

    /// Standard error is one line per write: a line break from outside cannot fake a message.
    @Test func standardErrorIsOneLinePerWrite() {
        let sink = Sink()
        let output = TerminalOutput(sink.output, codes: .random(), stderrIsTerminal: false)
        output.err("nearby: a\nnearby: all good.gpx: fine\n")
        output.err("no newline\n\n")
        #expect(sink.stderr == "nearby: a\\nnearby: all good.gpx: fine\nno newline\\n\n")
    }

    /// The progress line's own "clear the line" prefix works on a terminal; anywhere else, or
    /// not at the start of a write, it is escaped.
    @Test func progressPrefix() {
        let sink = Sink()
        TerminalOutput(sink.output, codes: .random(), stderrIsTerminal: true).err(
            "\r\u{1B}[2Ktoilets: page 1\r\u{1B}[2K")
        #expect(sink.stderr == "\r\u{1B}[2Ktoilets: page 1\\r\\e[2K")
        let piped = Sink()
        TerminalOutput(piped.output, codes: .random(), stderrIsTerminal: false).err("\r\u{1B}[2Kx")
        #expect(piped.stderr == "\\r\\e[2Kx")
    }

    /// In process with both streams on a terminal: the header is bold, hostile names are inert.
    @Test func terminalListing() throws {
        let home = try TestPaths.temporaryDirectory("nearby-escape")
        let mirror = try HostileFixtures.mirror()
        let runner = InProcessRunner(home: home, terminal: true)
        let result = runner.run(["toilets", "--at", "25.0418,121.5152", "--limit", "2", "--from", mirror.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\u{1B}[1m#"))
        let own = result.stdout.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(
            of: "\u{1B}[0m", with: "")
        #expect(rawControls(in: own).isEmpty)
        #expect(own.contains("Evil\\e]0;pwned\\x07\\e[2J\\e[H"))
        #expect(own.contains("\\e]8;;https://evil.example/\\e\\click me\\e]8;;\\e\\"))
        #expect(own.contains("two\\nlines\\tand a tab"))
        #expect(own.split(separator: "\n").count == 3)
        // The error path on a terminal: the red prefix is Nearby's, the argument is inert.
        let error = runner.run(["toi\u{1B}]0;x\u{07}lets"])
        #expect(error.status == 2)
        // Nearby's own codes: the progress line is cleared, the prefix is red.
        #expect(error.stderr.hasPrefix("\r\u{1B}[2K\u{1B}[31mnearby: \u{1B}[0m"))
        #expect(error.stderr.contains("toi\\e]0;x\\x07lets"))
        let stripped = ["\r\u{1B}[2K", "\u{1B}[31m", "\u{1B}[0m"].reduce(error.stderr) {
            $0.replacingOccurrences(of: $1, with: "")
        }
        #expect(rawControls(in: stripped).isEmpty)
    }

    final class Sink: Sendable {
        private let state = Mutex(("", ""))
        var stdout: String { state.withLock { $0.0 } }
        var stderr: String { state.withLock { $0.1 } }
        var output: CommandOutput {
            CommandOutput(
                out: { text in self.state.withLock { $0.0 += text } },
                err: { text in self.state.withLock { $0.1 += text } })
        }
    }
}
