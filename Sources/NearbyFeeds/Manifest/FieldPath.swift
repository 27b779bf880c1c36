/// A dotted path into a record, such as `"result.results"`, `"PostalAddress.City"` or
/// `"category.0.name"`, optionally followed by fallback paths.
///
/// In JSON each segment names an object member or, on an array, a zero-based index. In CSV the
/// whole path is one column name (so a header that contains a dot still works). The empty path
/// means the value itself (for `records`: the top-level array).
///
/// A field of the manifest's `fields` may name a list of paths, `["lat", "center.lat"]`: the
/// first path that gives a value (present, not null, not empty) wins. ``fallbacks`` holds the
/// paths after the first; ``choices`` all of them in order.
public struct FieldPath: Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// Most paths a field may list (the first and its fallbacks).
    public static let maximumChoices = 8

    /// The first path as written in the manifest.
    public let text: String
    /// The segments of the first path between the dots (empty for the empty path).
    public let segments: [String]
    /// The paths tried, in order, when the first gives no value (usually none).
    public let fallbacks: [FieldPath]

    /// Builds a path from its dotted text; white space around the text is ignored.
    public init(_ text: String) {
        let trimmed = text.trimmingFeedSpaces()
        self.text = trimmed
        self.segments =
            trimmed.isEmpty
            ? [] : trimmed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.fallbacks = []
    }

    /// Builds a path that tries `first`, then each of `fallbacks` in order.
    public init(_ first: String, fallbacks: [String]) {
        let primary = FieldPath(first)
        self.text = primary.text
        self.segments = primary.segments
        self.fallbacks = fallbacks.map { FieldPath($0) }
    }

    /// Builds a path from segments.
    init(segments: [String]) {
        self.segments = segments
        self.text = segments.joined(separator: ".")
        self.fallbacks = []
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode(String.self))
    }

    /// Reads a field that is either one path (`"lat"`) or a list of paths (`["lat",
    /// "center.lat"]`, one to ``maximumChoices``).
    static func decodeChoices(from decoder: any Decoder) throws -> FieldPath {
        let container = try decoder.singleValueContainer()
        if let single = try? container.decode(String.self) { return FieldPath(single) }
        let list = try container.decode([String].self)
        guard let first = list.first, list.count <= maximumChoices else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a list of field paths holds 1 to \(maximumChoices) paths, not \(list.count)"))
        }
        return FieldPath(first, fallbacks: Array(list.dropFirst()))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if fallbacks.isEmpty {
            try container.encode(text)
        } else {
            try container.encode(choices.map(\.text))
        }
    }

    /// The first path and its fallbacks, in the order they are tried.
    public var choices: [FieldPath] {
        fallbacks.isEmpty ? [self] : [FieldPath(segments: segments)] + fallbacks
    }

    /// True for the empty path, or when any of the fallbacks is empty.
    public var isEmpty: Bool { segments.isEmpty || fallbacks.contains { $0.isEmpty } }

    /// The path as a manifest names it: `lat`, or `["lat", "center.lat"]` with fallbacks.
    public var manifestText: String {
        guard !fallbacks.isEmpty else { return text }
        return "[" + choices.map { "\"\($0.text)\"" }.joined(separator: ", ") + "]"
    }

    public var description: String { manifestText }
}
