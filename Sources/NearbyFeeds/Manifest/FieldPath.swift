/// A dotted path into a record, such as `"result.results"`, `"PostalAddress.City"` or
/// `"category.0.name"`.
///
/// In JSON each segment names an object member or, on an array, a zero-based index. In CSV the
/// whole path is one column name (so a header that contains a dot still works). The empty path
/// means the value itself (for `records`: the top-level array).
public struct FieldPath: Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The path as written in the manifest.
    public let text: String
    /// The segments between the dots (empty for the empty path).
    public let segments: [String]

    /// Builds a path from its dotted text; white space around the text is ignored.
    public init(_ text: String) {
        let trimmed = text.trimmingFeedSpaces()
        self.text = trimmed
        self.segments =
            trimmed.isEmpty
            ? [] : trimmed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Builds a path from segments.
    init(segments: [String]) {
        self.segments = segments
        self.text = segments.joined(separator: ".")
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// True for the empty path.
    public var isEmpty: Bool { segments.isEmpty }

    public var description: String { text }
}
