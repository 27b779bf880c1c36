/// Nearby's own terminal codes (bold, dim, colours) as markers inside composed text.
///
/// A marker is U+10FFFC, a key of 16 hexadecimal digits made at random for each run, a code
/// letter and U+10FFFD (plane 16 private-use characters, which feeds practically never hold). Commands build their text from pieces of their own and pieces from outside; only
/// ``TerminalOutput`` reads markers (turning them into SGR sequences) and it escapes every control
/// character around them. Text from outside cannot know the key, so it cannot forge a marker.
struct TerminalCodes: Sendable, Equatable {
    /// The codes Nearby uses.
    enum Code: Character, CaseIterable, Sendable {
        case reset = "0"
        case bold = "b"
        case dim = "d"
        case red = "r"
        case yellow = "y"

        /// The SGR sequence a terminal obeys.
        var sequence: String {
            switch self {
            case .reset: return "\u{1B}[0m"
            case .bold: return "\u{1B}[1m"
            case .dim: return "\u{1B}[2m"
            case .red: return "\u{1B}[31m"
            case .yellow: return "\u{1B}[33m"
            }
        }
    }

    static let open: Unicode.Scalar = "\u{10FFFC}"
    static let close: Unicode.Scalar = "\u{10FFFD}"

    /// U+10FFFC followed by the run's hexadecimal key.
    let key: [Unicode.Scalar]

    /// Codes with `key` (16 hexadecimal digits in normal use; tests pass a fixed one).
    init(key: String) {
        self.key = [Self.open] + Array(key.unicodeScalars)
    }

    /// Codes with a fresh random key.
    static func random() -> TerminalCodes {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return TerminalCodes(key: String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// The marker text for `code`.
    func marker(_ code: Code) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: key)
        text.append(contentsOf: String(code.rawValue).unicodeScalars)
        text.append(Self.close)
        return String(text)
    }

    /// The code of the marker starting at `index` in `scalars` and the marker's length, if one
    /// starts there.
    func code(in scalars: [Unicode.Scalar], at index: Int) -> (code: Code, length: Int)? {
        let length = key.count + 2
        guard scalars.count - index >= length, scalars[index] == Self.open,
            scalars[(index + key.count + 1)] == Self.close,
            scalars[index..<(index + key.count)].elementsEqual(key),
            let code = Code(rawValue: Character(scalars[index + key.count]))
        else { return nil }
        return (code, length)
    }
}
