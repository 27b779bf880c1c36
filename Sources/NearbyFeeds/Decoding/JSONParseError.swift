/// Why a byte buffer is not JSON, with the 1-based line and column (in characters) where the
/// parser stopped.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        case empty
        case unexpectedEnd
        case unexpectedCharacter(String, expected: String)
        case invalidEscape
        case invalidNumber
        case tooDeep(Int)
        case trailingContent
    }

    /// What went wrong.
    public let reason: Reason
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column (in Unicode scalars) of the problem.
    public let column: Int
    /// Byte offset of the problem from the start of the input (after any BOM).
    public let offset: Int

    public init(reason: Reason, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    public var description: String {
        "JSON is not valid at line \(line), column \(column): \(reasonText)"
    }

    /// What went wrong, as a sentence starting in lower case: `"values are nested deeper than
    /// 512 levels."`.
    public var reasonText: String {
        switch reason {
        case .empty: return "the input holds no value."
        case .unexpectedEnd: return "the input ends in the middle of a value."
        case .unexpectedCharacter(let found, let expected):
            return "found \(found) where \(expected) was expected."
        case .invalidEscape: return "a string holds an invalid escape sequence."
        case .invalidNumber: return "a number is malformed."
        case .tooDeep(let limit): return "values are nested deeper than \(limit) levels."
        case .trailingContent: return "there is more text after the top-level value."
        }
    }
}
