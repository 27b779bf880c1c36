/// Member names as they may be shown and judged: names come from the archive, so they are hostile.
enum DisplayName {
    /// `name` with control characters (C0, DEL, C1) and bidirectional overrides written as
    /// `\u{…}`, so a name never reaches a terminal as control codes.
    static func escape(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a member name could mean a path outside the archive's root on some system:
    /// absolute (`/…`, `C:…`), a `..` component, a backslash, NUL or another control character.
    static func isUnsafe(memberName name: String) -> Bool {
        if name.isEmpty || name.hasPrefix("/") || name.contains("\\") { return true }
        if name.unicodeScalars.contains(where: isControl) { return true }
        let scalars = Array(name.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", scalars[0].properties.isAlphabetic { return true }
        return name.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// A zip name's bytes as text: UTF-8 when they are valid UTF-8 (flag bit 11 or not), else
    /// ISO-8859-1 (close to CP437 for the ASCII names exports use).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        let utf8 = Array(bytes.bindMemory(to: UInt8.self))
        if let text = String(validating: utf8, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(utf8.map { Unicode.Scalar($0) }))
    }
}
