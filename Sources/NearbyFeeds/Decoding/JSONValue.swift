/// A parsed JSON value, compact and order-preserving.
///
/// Objects keep their members in source order (duplicate keys are kept; lookup returns the
/// first). Numbers are `Double`; integers up to 2^53 are exact.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member named `key` when this is an object, else nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// Follows a dotted path such as `"result.results"` or `"category.0.name"`: each segment
    /// names an object member, or (on an array) a zero-based index. The empty path is `self`.
    public func value(at path: FieldPath) -> JSONValue? {
        var current = self
        for (position, segment) in path.segments.enumerated() {
            switch current {
            case .object(let object):
                guard let next = object[segment] else { return nil }
                current = next
            case .array(let elements):
                if let index = Int(segment) {
                    guard elements.indices.contains(index) else { return nil }
                    current = elements[index]
                } else {
                    // A name on an array reaches into every element: `images.src`.
                    let rest = FieldPath(segments: Array(path.segments[(position)...]))
                    let found = elements.compactMap { $0.value(at: rest) }
                    return found.isEmpty ? nil : .array(found)
                }
            default:
                return nil
            }
        }
        return current
    }

    /// The scalar as text: strings as they are, numbers without a needless `.0`, booleans as
    /// `true`/`false`; nil for null, arrays and objects.
    public var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .number(let number): return JSONValue.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }

    /// Formats a number: integral values within ±2^53 print without a fraction.
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return String(number)
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object that keeps its members in source order.
public struct JSONObject: Sendable, Hashable {
    /// The members in source order.
    public var members: [JSONMember]

    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The value of the first member named `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }
}
