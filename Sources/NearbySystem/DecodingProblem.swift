import Foundation

/// One clause about a `DecodingError`, naming the key path: the wording place manifests and badge
/// catalogues share ("the key "title" is missing.").
public enum DecodingProblem {
    /// The clause for `error`, ending with a full stop.
    public static func explain(_ error: DecodingError) -> String {
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

    /// The clause for `error` found decoding the JSON `data` whose whole-number fields are named
    /// `integerKeys`: as ``explain(_:)``, except that a number such a field cannot hold (`"days":
    /// 1.5`, a 30-digit integer) — which Foundation's decoder reports as "not valid JSON", at the
    /// top level — is found in `data` and named by its path.
    public static func explain(_ error: DecodingError, in data: Data, integerKeys: Set<String>) -> String {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
            let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let (found, value) = unfitting(in: tree, at: [], keys: integerKeys)
        else { return explain(error) }
        return "the value at \"\(found.joined(separator: "."))\" is \(value), not a whole number in the range it takes."
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return text.isEmpty ? "the top level" : "\"\(text)\""
    }

    /// The first number under one of `keys` that no `Int` holds, and its path (objects' keys in
    /// sorted order, so the answer does not depend on hashing).
    private static func unfitting(in tree: Any, at path: [String], keys: Set<String>) -> ([String], String)? {
        if let object = tree as? [String: Any] {
            for key in object.keys.sorted() {
                guard let child = object[key] else { continue }
                if keys.contains(key), let number = child as? NSNumber, !(child is Bool),
                    Int(exactly: number.doubleValue) == nil || number.doubleValue.magnitude >= 0x1p63
                {
                    return (path + [key], "\(number)")
                }
                if let found = unfitting(in: child, at: path + [key], keys: keys) { return found }
            }
        }
        if let array = tree as? [Any] {
            for (index, child) in array.enumerated() {
                if let found = unfitting(in: child, at: path + [String(index)], keys: keys) { return found }
            }
        }
        return nil
    }
}
