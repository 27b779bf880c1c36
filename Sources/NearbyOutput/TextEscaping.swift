/// Escaping for the markup Nearby writes (GPX, SVG/HTML): one place, so every writer agrees on
/// what is escaped and what is dropped. JSON strings are ``JSONWriter/string(_:into:)``.
public enum TextEscaping {
    /// XML element text and quoted attribute values: `& < > " '` escaped (`'` as `apostrophe`:
    /// `&apos;` for XML, `&#39;` for HTML); characters XML 1.0 forbids or discourages (C0 controls
    /// other than tab, newline and carriage return, C1 controls, U+FFFE, U+FFFF) dropped.
    public static func xml(_ text: String, apostrophe: String = "&apos;") -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += apostrophe
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
