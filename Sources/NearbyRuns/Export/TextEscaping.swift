/// Escaping for the text formats Nearby writes (GPX, SVG/HTML, JSON, GeoJSON): one place, so
/// every writer agrees on what is escaped and what is dropped.
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

    /// Appends `text` as an RFC 8259 JSON string literal: quote, backslash and control
    /// characters escaped. Beyond what RFC 8259 requires, DEL, the C1 controls, the bidi
    /// embeddings, overrides and isolates (U+202A–202E, U+2066–2069) and the line and paragraph
    /// separators are written as `\uXXXX` too: the string a reader decodes is exactly the same,
    /// and JSON shown in a terminal cannot drive it.
    public static func json(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if mustEscapeInJSON(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// The scalars written as `\uXXXX` in JSON (all below U+10000, so one escape each).
    static func mustEscapeInJSON(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` as a JSON string literal.
    public static func json(_ text: String) -> String {
        var out = ""
        json(text, into: &out)
        return out
    }
}
