#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text and attribute values: raw byte ranges of the document when they need no decoding,
/// otherwise decoded UTF-8 in the scanner's scratch buffer (valid until the next value is read).
struct XMLText {
    var start: Int
    var end: Int
    var inScratch: Bool
    /// Document offset, for error lines.
    var offset: Int
}

extension XMLScanner {
    // MARK: Text

    /// The character data of an element whose start tag was just read, consuming its end tag.
    /// Entities and CDATA are decoded; comments, PIs and nested elements are skipped.
    mutating func text(of tag: XMLTag) throws(TrackReadError) -> XMLText {
        if tag.selfClosing { return XMLText(start: pos, end: pos, inScratch: false, offset: pos) }
        let start = pos
        var lt = pos
        // The first '<' or '&', a word at a time (each mask's lowest bit is exact, so theirs is).
        while end - lt >= 8 {
            let w = XMLBytes.word(base, lt)
            let found =
                XMLBytes.zeroBytes(w ^ 0x3c3c_3c3c_3c3c_3c3c) | XMLBytes.zeroBytes(w ^ 0x2626_2626_2626_2626)
            if found != 0 {
                lt += found.trailingZeroBitCount >> 3
                break
            }
            lt += 8
        }
        while lt < end, base[lt] != XMLBytes.lt, base[lt] != XMLBytes.amp { lt += 1 }
        if lt + 1 < end, base[lt] == XMLBytes.lt, base[lt + 1] == XMLBytes.slash, !latin1 {
            if let after = endTag(of: tag, at: lt) {
                pos = after
                return XMLText(start: start, end: lt, inScratch: false, offset: start)
            }
            pos = lt
            if case .end(let s, let e, let offset) = try scanEndTag() {
                try checkEnd(s, e, matches: tag, at: offset)
            }
            return XMLText(start: start, end: lt, inScratch: false, offset: start)
        }
        return try decodedText(of: tag)
    }

    /// The offset after `</name>` when exactly `tag`'s end tag starts at `lt`, else nil (then
    /// ``scanEndTag()`` reads it with white space, or reports what is there).
    @inline(__always)
    func endTag(of tag: XMLTag, at lt: Int) -> Int? {
        let n = tag.nameEnd - tag.nameStart
        let close = lt + 2 + n
        guard close < end, base[lt] == XMLBytes.lt, base[lt + 1] == XMLBytes.slash, base[close] == XMLBytes.gt,
            XMLBytes.same(base + lt + 2, base + tag.nameStart, n)
        else { return nil }
        return close + 1
    }

    private mutating func decodedText(of tag: XMLTag) throws(TrackReadError) -> XMLText {
        let start = pos
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let lt = XMLBytes.find(XMLBytes.lt, in: base, from: pos, to: end) else {
                throw malformed("</\(name(of: tag))> before the end of the file", at: end)
            }
            try appendDecoded(pos, lt)
            pos = lt
            if XMLBytes.matches("<![CDATA[", in: base, at: lt, end: end) {
                let contentStart = lt + 9
                try skipPast("]]>", what: "']]>' to close the CDATA section")
                appendRaw(contentStart, pos - 3)
            } else if lt + 1 < end, base[lt + 1] == XMLBytes.bang {
                try skipDeclaration()
            } else if lt + 1 < end, base[lt + 1] == XMLBytes.question {
                try skipPast("?>", what: "'?>' to close the processing instruction")
            } else if lt + 1 < end, base[lt + 1] == XMLBytes.slash {
                if case .end(let s, let e, let offset) = try scanEndTag() {
                    try checkEnd(s, e, matches: tag, at: offset)
                }
                return XMLText(start: 0, end: scratch.count, inScratch: true, offset: start)
            } else {
                try skipElement(try scanStartTag())
            }
        }
    }

    /// Appends `base[from..<to]` to the scratch buffer as UTF-8, without entity decoding.
    private mutating func appendRaw(_ from: Int, _ to: Int) {
        guard from < to else { return }
        if latin1 {
            for i in from..<to {
                let c = base[i]
                if c < 0x80 {
                    scratch.append(c)
                } else {
                    scratch.append(0xC0 | (c >> 6))
                    scratch.append(0x80 | (c & 0x3F))
                }
            }
        } else {
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + from, count: to - from))
        }
    }

    /// Appends `base[from..<to]` to the scratch buffer, decoding entity and character references.
    mutating func appendDecoded(_ from: Int, _ to: Int) throws(TrackReadError) {
        var i = from
        while let amp = XMLBytes.find(XMLBytes.amp, in: base, from: i, to: to) {
            appendRaw(i, amp)
            guard let semicolon = XMLBytes.find(UInt8(ascii: ";"), in: base, from: amp + 1, to: min(to, amp + 12))
            else {
                throw malformed("an entity reference such as &amp; after '&'", at: amp)
            }
            let entity = name(amp + 1, semicolon)
            guard let scalar = XMLScanner.resolve(entity) else {
                throw .entityRefused(file: fileName, line: line(at: amp), entity: entity)
            }
            scratch.append(contentsOf: String(Character(scalar)).utf8)
            i = semicolon + 1
        }
        appendRaw(i, to)
    }

    /// The scalar of a predefined entity or character reference (`amp`, `#38`, `#x26`).
    static func resolve(_ entity: String) -> Unicode.Scalar? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
    }
}
