import Foundation
import NearbyRuns

/// JSON written by the commands: keys keep the order they are given in, so field order is stable.
indirect enum JSONOutput: Sendable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    /// `.string(text)` or `.null` when absent.
    static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }
    /// `.number(value)` or `.null` when absent or not finite.
    static func optional(_ value: Double?) -> JSONOutput {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// The JSON text, indented by two spaces per level, with a final newline at the top level.
    func rendered() -> String {
        var text = ""
        write(into: &text, indent: 0)
        return text + "\n"
    }

    private func write(into text: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            if members.isEmpty {
                text += "{}"
                return
            }
            text += "{\n"
            for (offset, (key, value)) in members.enumerated() {
                text += pad + Self.quoted(key) + ": "
                value.write(into: &text, indent: indent + 1)
                text += offset == members.count - 1 ? "\n" : ",\n"
            }
            text += closing + "}"
        case .array(let items):
            if items.isEmpty {
                text += "[]"
                return
            }
            text += "[\n"
            for (offset, item) in items.enumerated() {
                text += pad
                item.write(into: &text, indent: indent + 1)
                text += offset == items.count - 1 ? "\n" : ",\n"
            }
            text += closing + "]"
        case .string(let value): text += Self.quoted(value)
        case .number(let value): text += Formatting.number(value, digits: 7)
        case .integer(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        }
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    static func quoted(_ value: String) -> String { TextEscaping.json(value) }
}
