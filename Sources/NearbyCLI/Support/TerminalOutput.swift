import Synchronization
import NearbyOutput
/// The output boundary of every command: what reaches standard output and standard error.
///
/// Human-readable text (tables, `show`, `runs list/show`, notes, warnings, errors) is written
/// with every control character from outside escaped (``ControlText``) except line feeds, while
/// Nearby's own styling, carried as ``TerminalCodes`` markers, becomes real SGR codes. Commands
/// need no escaping of their own: they compose text and hand it here.
///
/// Standard error is messages, one line per write: a line feed is kept only as the last
/// character of a write (a file name with a line break cannot fake a second message). The one raw
/// sequence allowed there is the progress line's own prefix, CR ESC `[2K` (clear the line), at
/// the start of a write while standard error is a terminal.
///
/// Exact output: once a command has chosen a machine format (`--format json|csv|geojson|gpx`,
/// see ``exactStandardOutput()``), standard output is written byte for byte — each format handles
/// controls itself: JSON and GeoJSON escape them, every CSV field follows ``ControlText`` (the rule
/// used here), and GPX drops what XML cannot hold. Standard error stays human.
struct TerminalOutput: Sendable {
    let base: CommandOutput
    let codes: TerminalCodes
    let stderrIsTerminal: Bool
    private let exact = ExactFlag()

    init(_ base: CommandOutput, codes: TerminalCodes, stderrIsTerminal: Bool) {
        self.base = base
        self.codes = codes
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// Writes to standard output.
    func out(_ text: String) {
        base.out(exact.value.withLock { $0 } ? text : render(text))
    }

    /// Writes to standard error: one line.
    func err(_ text: String) {
        let clearLine = "\r\u{1B}[2K"
        var body = Substring(text)
        var out = ""
        if stderrIsTerminal, body.hasPrefix(clearLine) {
            out = clearLine
            body = body.dropFirst(clearLine.count)
        }
        let newline = body.hasSuffix("\n")
        if newline { body = body.dropLast() }
        base.err(out + render(String(body), keepingNewlines: false) + (newline ? "\n" : ""))
    }

    /// From now on, standard output is machine output and is written exactly.
    func exactStandardOutput() {
        exact.value.withLock { $0 = true }
    }

    /// `text` for a terminal: markers of this run become codes, controls become escapes; LF stays
    /// when `keepingNewlines`.
    func render(_ text: String, keepingNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { ControlText.isControl($0) || $0 == TerminalCodes.open }) else {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == TerminalCodes.open, let (code, length) = codes.code(in: scalars, at: index) {
                out.append(contentsOf: code.sequence.unicodeScalars)
                index += length
                continue
            }
            if ControlText.isControl(scalar), !(keepingNewlines && scalar == "\n") {
                out.append(contentsOf: ControlText.escape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }
}

/// Whether standard output has become exact (a machine format); shared by the copies of one
/// command's ``TerminalOutput``.
private final class ExactFlag: Sendable {
    let value = Mutex(false)
}
