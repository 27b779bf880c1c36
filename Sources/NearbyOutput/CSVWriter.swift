/// RFC 4180 CSV text: fields that contain a comma, a double quote or LF are quoted, with quotes
/// doubled; records end with CRLF.
///
/// Every field follows the one rule for control characters first (``ControlText``): ESC, BEL,
/// NUL, C1 controls, CR, TAB and the bidirectional controls from a run's or a place's name become
/// visible escapes (`\e`, `\x07`, `\u{202E}`…), so a CSV shown in a terminal cannot set its title,
/// open an OSC 8 hyperlink or hide text; a line feed inside a field stays (quoted, as RFC 4180
/// allows). Then it is neutralised against formula injection, as OWASP recommends: a field
/// beginning with `=`, `+`, `-`, `@`, TAB or CR is prefixed with `'`, so a spreadsheet shows it
/// as text instead of evaluating it (even quoted, `=HYPERLINK(…)` would run). A field that is a
/// decimal number (`-0.12`, `+3`, `-1.5e3`) stays as it is: numbers stay numbers.
public struct CSVWriter: Sendable {
    /// The column names written as the first record (none when empty).
    public var header: [String]

    public init(header: [String] = []) {
        self.header = header
    }

    /// The whole table: the header (if any) and then every row, each ending with CRLF.
    public func write(_ rows: [[String]]) -> String {
        var out = ""
        if !header.isEmpty { out += Self.record(header) }
        for row in rows { out += Self.record(row) }
        return out
    }

    /// One record, with its CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, neutralised (see the type) and quoted only when RFC 4180 requires it.
    public static func field(_ raw: String) -> String {
        let text = neutralised(ControlText.escaped(raw, keepingNewlines: true))
        let needsQuotes = text.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        guard needsQuotes else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        quoted.append("\"")
        return quoted
    }

    /// `text` with `'` in front when a spreadsheet would take it for a formula: it begins with
    /// `=`, `+`, `-`, `@`, TAB or CR and is not a decimal number.
    public static func neutralised(_ text: String) -> String {
        guard let first = text.utf8.first else { return text }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D:
            return isDecimalNumber(text.utf8) ? text : "'" + text
        default:
            return text
        }
    }

    /// A number as a field: ``NumberText`` decimals (shortest round-trip text, or at most
    /// `maxFractionDigits` decimals), empty for nil, NaN and infinities.
    public static func field(_ value: Double?, maxFractionDigits: Int? = nil) -> String {
        guard let value else { return "" }
        return NumberText.plain(value, maxFractionDigits: maxFractionDigits) ?? ""
    }

    /// Whether `bytes` spell a decimal number, `[+-]digits[.digits][(e|E)[+-]digits]` with a digit
    /// before or after the point (the spelling `DecimalText` accepts on the command line; no
    /// `inf`, `nan` or hexadecimal, which a spreadsheet would not take for numbers either).
    static func isDecimalNumber(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        func accept(_ wanted: (UInt8) -> Bool) -> Bool {
            guard index < bytes.endIndex, wanted(bytes[index]) else { return false }
            index = bytes.index(after: index)
            return true
        }
        func sign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") }
        func digit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func digits() -> Int {
            var count = 0
            while accept(digit) { count += 1 }
            return count
        }
        _ = accept(sign)
        var mantissa = digits()
        if accept({ $0 == UInt8(ascii: ".") }) { mantissa += digits() }
        guard mantissa > 0 else { return false }
        if accept({ $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            _ = accept(sign)
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
