/// How a command-line value is echoed in a usage error: the value as typed (control characters are
/// escaped by ``TerminalOutput``), cut after 64 characters — a 100,000-character `--at` is one
/// line, not a screenful — and how long a word may be at all.
enum ArgumentText {
    /// The longest command-line word taken (a path is at most 4,096 bytes on Linux).
    static let maximumLength = 4096

    /// `text` as a usage error shows it.
    static func shown(_ text: String) -> String {
        text.count > 64 ? String(text.prefix(64)) + "… (\(text.count) characters)" : text
    }
}
