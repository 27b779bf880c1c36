#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The document prolog: BOM, XML declaration (encoding), comments, PIs, DOCTYPE.
extension XMLScanner {
    // MARK: Prolog

    /// Skips a BOM, white space, the XML declaration (noting a Latin-1 encoding), comments, PIs
    /// and a DOCTYPE, and returns the root element's start tag. Streaming, the prolog is a unit
    /// (read again with more bytes when it does not fit the first window).
    mutating func readRoot() throws(TrackReadError) -> XMLTag {
        let mark = UnitMark(pos: pos, generation: 0)
        while true {
            do {
                return try readRootOnce()
            } catch {
                try retry(mark, after: error)
            }
        }
    }

    private mutating func readRootOnce() throws(TrackReadError) -> XMLTag {
        latin1 = false
        let s = dataStart
        if end - s >= 3, base[s] == 0xEF, base[s + 1] == 0xBB, base[s + 2] == 0xBF { pos = s + 3 }
        if end - s >= 2, (base[s] == 0xFE && base[s + 1] == 0xFF) || (base[s] == 0xFF && base[s + 1] == 0xFE) {
            throw .notXML(file: fileName, line: 1, found: "a UTF-16 byte order mark (only UTF-8 and Latin-1 are read)")
        }
        while true {
            while pos < end, XMLBytes.isSpace(base[pos]) { pos += 1 }
            guard pos < end else {
                throw .notXML(file: fileName, line: line(at: pos), found: "the end of the file")
            }
            guard base[pos] == XMLBytes.lt, pos + 1 < end else {
                let shown =
                    base[pos] >= 0x20 && base[pos] < 0x7F
                    ? "'\(Character(Unicode.Scalar(base[pos])))'" : "byte \(base[pos])"
                throw .notXML(file: fileName, line: line(at: pos), found: shown)
            }
            let c = base[pos + 1]
            if c == XMLBytes.question {
                let declStart = pos
                try skipPast("?>", what: "'?>' to close the XML declaration")
                if XMLBytes.matches("<?xml", in: base, at: declStart, end: end) {
                    noteEncoding(declStart, pos)
                }
            } else if c == XMLBytes.bang {
                try skipDeclaration()
            } else if c == XMLBytes.slash {
                throw malformed("a root element, found an end tag", at: pos)
            } else {
                return try scanStartTag()
            }
        }
    }

    /// Reads `encoding="…"` of the declaration in `base[from..<to]`.
    private mutating func noteEncoding(_ from: Int, _ to: Int) {
        var i = from
        while i + 8 < to {
            if XMLBytes.matches("encoding", in: base, at: i, end: to) {
                var j = i + 8
                while j < to, XMLBytes.isSpace(base[j]) || base[j] == XMLBytes.equals { j += 1 }
                guard j < to else { return }
                let quote = base[j]
                guard let close = XMLBytes.find(quote, in: base, from: j + 1, to: to) else { return }
                let value = name(j + 1, close).lowercased()
                latin1 = ["iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso_8859-1", "windows-1252", "cp1252"]
                    .contains(value)
                return
            }
            i += 1
        }
    }
}
