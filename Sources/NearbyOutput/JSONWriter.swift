/// Writes a ``JSONOutput`` as RFC 8259 text: members in the order given, strings escaped
/// (``JSONWriter/string(_:into:)``), numbers as ``NumberText`` decimals with at most
/// ``maxFractionDigits`` decimals (`null` for NaN and the infinities, the one rule for values that
/// are not numbers).
///
/// Two styles: ``Style/pretty`` (two spaces a level, `"key": value`; what `--format json` prints)
/// and ``Style/compact`` (no white space at all; GeoJSON). Both end with one newline, so the text
/// is a complete line for a pipe or a file.
public struct JSONWriter: Sendable {
    /// Layout of the text.
    public enum Style: Sendable, Hashable {
        /// One member or element a line, indented by two spaces per level.
        case pretty
        /// No white space between tokens.
        case compact
    }

    public var style: Style
    /// Most decimals of a `.number` (7: about 1 cm in a coordinate); nil writes the shortest
    /// round-trip text.
    public var maxFractionDigits: Int?

    public init(style: Style, maxFractionDigits: Int? = 7) {
        self.style = style
        self.maxFractionDigits = maxFractionDigits
    }

    /// Pretty JSON, at most 7 decimals: the style of `--format json`.
    public static let pretty = JSONWriter(style: .pretty)
    /// Compact JSON, at most 7 decimals: the style of GeoJSON.
    public static let compact = JSONWriter(style: .compact)

    /// The text of `value` with a final newline.
    public func write(_ value: JSONOutput) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private func write(_ value: JSONOutput, indent: Int, into out: inout String) {
        switch value {
        case .object(let members):
            open("{", close: "}", count: members.count, indent: indent, into: &out) { index, out in
                Self.string(members[index].0, into: &out)
                out += style == .pretty ? ": " : ":"
                write(members[index].1, indent: indent + 1, into: &out)
            }
        case .array(let items):
            open("[", close: "]", count: items.count, indent: indent, into: &out) { index, out in
                write(items[index], indent: indent + 1, into: &out)
            }
        case .string(let text): Self.string(text, into: &out)
        case .number(let value): out += number(value)
        case .integer(let integer): out += String(integer)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        }
    }

    private func open(
        _ opening: String, close closing: String, count: Int, indent: Int, into out: inout String,
        element: (Int, inout String) -> Void
    ) {
        out += opening
        guard count > 0 else {
            out += closing
            return
        }
        let pad = style == .pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        for index in 0..<count {
            if index > 0 { out += "," }
            out += pad
            element(index, &out)
        }
        if style == .pretty { out += "\n" + String(repeating: "  ", count: indent) }
        out += closing
    }

    /// A number by this writer's rule: `null` when not finite.
    public func number(_ value: Double) -> String {
        NumberText.plain(value, maxFractionDigits: maxFractionDigits) ?? "null"
    }

    /// Appends `text` as a JSON string literal (RFC 8259 §7): quote, backslash and the C0 controls
    /// escaped (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`). Beyond what RFC 8259 requires, DEL,
    /// the C1 controls, the line and paragraph separators and the bidi embeddings, overrides and
    /// isolates (U+2028–202E, U+2066–2069) are written as `\uXXXX` too: a reader decodes exactly
    /// the same string, and JSON shown in a terminal cannot drive it.
    ///
    /// Lone surrogates cannot occur: a Swift `String` holds Unicode scalars only, and text decoded
    /// from ill-formed UTF-8 or UTF-16 already carries U+FFFD in their place, so the output is
    /// always well-formed UTF-8.
    public static func string(_ text: String, into out: inout String) {
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
                if mustEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `text` as a JSON string literal.
    public static func string(_ text: String) -> String {
        var out = ""
        string(text, into: &out)
        return out
    }

    /// The scalars written as `\uXXXX` (all below U+10000, so one escape each).
    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
