/// One clause about a `DecodingError`, naming the key path: the wording place manifests and badge
/// catalogues share ("the key "title" is missing.").
public enum DecodingProblem {
    /// The clause for `error`, ending with a full stop.
    public static func explain(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                .joined(separator: ".")
            return text.isEmpty ? "the top level" : "\"\(text)\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "the key \"\(key.stringValue)\" is missing\(parent)."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the value at \(path(context.codingPath)) has the wrong type."
        case .dataCorrupted(let context):
            return "the value at \(path(context.codingPath)) is not allowed."
        @unknown default:
            return "\(error)"
        }
    }
}
