/// The clean-up every field value of a feed gets.
extension String {
    /// True for the white space feeds pad values with: ASCII/Unicode white space, U+00A0
    /// (no-break space) and U+3000 (ideographic space).
    static func isFeedSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{00A0}" || scalar == "\u{3000}" || scalar.properties.isWhitespace
    }

    /// Trims feed white space (including U+00A0 and U+3000) from both ends.
    func trimmingFeedSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !String.isFeedSpace($0) }),
            let last = scalars.lastIndex(where: { !String.isFeedSpace($0) })
        else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex {
            return self
        }
        return String(scalars[first...last])
    }

    /// The value as a feed shows it: trimmed of white space at both ends (U+00A0 and U+3000
    /// included), each inner U+00A0 turned into a plain space, and each `?` that stands between
    /// two CJK ideographs (where a re-saved file lost its U+00A0, as in
    /// `臺北市政府警察局?天母派出所`) turned into a plain space too. Nil when nothing is left.
    func normalizedFeedValue() -> String? {
        let trimmed = trimmingFeedSpaces()
        guard !trimmed.isEmpty else { return nil }
        var needsWork = false
        for scalar in trimmed.unicodeScalars where scalar == "\u{00A0}" || scalar == "?" {
            needsWork = true
            break
        }
        guard needsWork else { return trimmed }
        let scalars = Array(trimmed.unicodeScalars)
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\u{00A0}" {
                output.append(" ")
            } else if scalar == "?", index > 0, index + 1 < scalars.count,
                scalars[index - 1].isIdeograph, scalars[index + 1].isIdeograph
            {
                output.append(" ")
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }
}

extension Unicode.Scalar {
    /// True for CJK unified ideographs (the common block and extension A).
    var isIdeograph: Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0xF900...0xFAFF).contains(value)
    }
}
