/// A JSON value whose object members keep the order they are given in, so the field order of
/// every JSON and GeoJSON output is stable and documented (a `Dictionary` would shuffle it).
///
/// Written by ``JSONWriter``; ``GeoJSONWriter`` builds on it.
public indirect enum JSONOutput: Sendable {
    /// Members in the order written. Keys are not deduplicated: callers give each key once.
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    /// Written by the writer's number rule; NaN and the infinities are written `null`.
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    /// `.string(text)`, or `.null` when absent.
    public static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }

    /// `.number(value)`, or `.null` when absent or not finite.
    public static func optional(_ value: Double?) -> JSONOutput {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// `.integer(value)`, or `.null` when absent.
    public static func optional(_ value: Int?) -> JSONOutput { value.map(JSONOutput.integer) ?? .null }
}
