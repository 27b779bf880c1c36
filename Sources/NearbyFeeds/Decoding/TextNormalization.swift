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
        if let clean = utf8.withContiguousStorageIfAvailable(String.isAlreadyNormal) {
            if clean { return self }
        }
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

extension String {
    /// A quick byte-level check that a value needs no normalising: not empty, no white space
    /// at either end (any byte that could start a non-ASCII space sends it the slow way), no
    /// U+00A0, no `?` and no NUL anywhere. Eight bytes at a time: a word with none of the three
    /// bytes `?`, NUL and 0xA0 (the second byte of U+00A0) is passed in a few instructions.
    static func isAlreadyNormal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let first = bytes.first, var lastLead = bytes.last else {
            return false
        }
        var index = bytes.count - 1
        while lastLead & 0xC0 == 0x80, index > 0 {
            index -= 1
            lastLead = bytes[index]
        }
        if isEdgeSuspect(first) || isEdgeSuspect(lastLead) { return false }
        let raw = UnsafeRawPointer(base)
        var previous: UInt8 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if hasZeroByte(word) || hasZeroByte(word ^ (ones &* 0x3F)) { return false }
            if hasZeroByte(word ^ (ones &* 0xA0)) {
                // A 0xA0 byte: U+00A0 only after 0xC2 (it is also a continuation byte of CJK).
                for byte in UnsafeBufferPointer(rebasing: bytes[offset..<(offset + 8)]) {
                    if byte == 0xA0 && previous == 0xC2 { return false }
                    previous = byte
                }
            }
            previous = bytes[offset + 7]
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            // A NUL goes the slow way too: the place builder decides what becomes of it.
            if byte == UInt8(ascii: "?") || (byte == 0xA0 && previous == 0xC2) || byte == 0 { return false }
            previous = byte
            offset += 1
        }
        return true
    }

    /// A first or last (lead) byte that may be or start white space.
    @inline(__always)
    private static func isEdgeSuspect(_ edge: UInt8) -> Bool {
        edge <= 0x20 || edge == 0x7F || edge == 0x85 || (0xC2...0xE3).contains(edge)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// True when some byte of `word` is zero (exact: no false positives).
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & 0x8080_8080_8080_8080 != 0
    }
}

extension Unicode.Scalar {
    /// True for CJK unified ideographs (the common block and extension A).
    var isIdeograph: Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0xF900...0xFAFF).contains(value)
    }
}
