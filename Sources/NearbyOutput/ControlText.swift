/// The one rule for control characters in what Nearby writes as text — terminal output
/// (``TerminalOutput`` in the CLI, tables, messages) and every CSV field (``CSVWriter``): control
/// characters from outside (feeds, manifests, track files, run names, arguments) are shown as
/// visible escapes instead of being obeyed by a terminal or a spreadsheet. (JSON escapes the same
/// characters as `\uXXXX`; XML drops them.)
///
/// Escaped: the C0 controls U+0000–U+001F, DEL U+007F, the C1 controls U+0080–U+009F and the
/// bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069. TAB, LF, CR
/// and ESC become `\t`, `\n`, `\r` and `\e`; other controls below U+0100 `\xHH`; the bidi
/// controls `\u{HHHH}`. The escapes are plain ASCII, so escaping twice changes nothing, and a
/// literal backslash is left as it is (the escapes are for reading, not for parsing back).
public enum ControlText {
    /// Whether a terminal might obey `scalar` rather than show it.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The visible escape of a control scalar (see the type's documentation).
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\u{1B}": return "\\e"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            if scalar.value < 0x100 { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
            return "\\u{" + hex + "}"
        }
    }

    /// `text` with every control escaped; with `keepingNewlines`, LF passes unchanged (multi-line
    /// output such as `show` and `runs show`).
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingNewlines && scalar == "\n") {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
