/// RFC 4180 CSV text: fields that contain a comma, a double quote, CR or LF are quoted, with
/// quotes doubled; records end with CRLF.
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

    /// One field, quoted only when RFC 4180 requires it.
    public static func field(_ text: String) -> String {
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

    /// A number as a field: plain decimal text, empty for nil, NaN and infinities.
    public static func field(_ value: Double?, maxFractionDigits: Int? = nil) -> String {
        guard let value else { return "" }
        return NumberText.plain(value, maxFractionDigits: maxFractionDigits) ?? ""
    }
}
