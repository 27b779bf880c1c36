/// Terminal styling that is off unless the stream is a terminal and `NO_COLOR` is unset.
///
/// The styled text carries ``TerminalCodes`` markers, not escape sequences: only the output
/// boundary (``TerminalOutput``) turns them into codes, and it escapes every control character
/// that came with the text.
struct Style: Sendable {
    /// The run's codes, or nil for no styling.
    var codes: TerminalCodes?

    var enabled: Bool { codes != nil }

    static let plain = Style(codes: nil)

    init(codes: TerminalCodes?) {
        self.codes = codes
    }

    /// Styling with `codes` when `enabled`, none otherwise.
    init(enabled: Bool, codes: TerminalCodes) {
        self.codes = enabled ? codes : nil
    }

    func bold(_ text: String) -> String { wrap(text, .bold) }
    func dim(_ text: String) -> String { wrap(text, .dim) }
    func yellow(_ text: String) -> String { wrap(text, .yellow) }
    func red(_ text: String) -> String { wrap(text, .red) }

    private func wrap(_ text: String, _ code: TerminalCodes.Code) -> String {
        guard let codes else { return text }
        return codes.marker(code) + text + codes.marker(.reset)
    }
}
