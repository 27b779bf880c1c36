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
    // MARK: Prolog

    /// Skips a BOM, white space, the XML declaration (noting a Latin-1 encoding), comments, PIs
    /// and a DOCTYPE, and returns the root element's start tag.
    mutating func readRoot() throws(TrackReadError) -> XMLTag {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { pos = 3 }
        if end >= 2, (base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE) {
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

    // MARK: Text

    /// The character data of an element whose start tag was just read, consuming its end tag.
    /// Entities and CDATA are decoded; comments, PIs and nested elements are skipped.
    mutating func text(of tag: XMLTag) throws(TrackReadError) -> XMLText {
        if tag.selfClosing { return XMLText(start: pos, end: pos, inScratch: false, offset: pos) }
        let start = pos
        var lt = pos
        while lt < end, base[lt] != XMLBytes.lt, base[lt] != XMLBytes.amp { lt += 1 }
        if lt + 1 < end, base[lt] == XMLBytes.lt, base[lt + 1] == XMLBytes.slash, !latin1 {
            let n = tag.nameEnd - tag.nameStart
            let close = lt + 2 + n
            if close < end, base[close] == XMLBytes.gt, XMLBytes.same(base + lt + 2, base + tag.nameStart, n) {
                pos = close + 1
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

    // MARK: Attributes

    /// The value of the attribute with local name `literal` (prefix ignored), or nil.
    mutating func attribute(_ tag: XMLTag, _ literal: StaticString) throws(TrackReadError) -> XMLText? {
        var i = tag.attributesStart
        let stop = tag.attributesEnd
        while i < stop {
            while i < stop, XMLBytes.isSpace(base[i]) { i += 1 }
            guard i < stop else { return nil }
            let nameStart = i
            var localStart = i
            while i < stop, !XMLBytes.endsName(base[i]) {
                if base[i] == XMLBytes.colon { localStart = i + 1 }
                i += 1
            }
            let nameEnd = i
            // The tag scan validated the syntax: white space, '=', white space, quoted value.
            while i < stop, base[i] != XMLBytes.quote, base[i] != XMLBytes.apostrophe { i += 1 }
            guard i < stop, let close = XMLBytes.find(base[i], in: base, from: i + 1, to: stop) else {
                return nil
            }
            let valueStart = i + 1
            i = close + 1
            let isWanted =
                nameEnd - localStart == literal.utf8CodeUnitCount
                && XMLBytes.same(base + localStart, literal.utf8Start, literal.utf8CodeUnitCount)
                && !(localStart > nameStart && XMLBytes.matches("xmlns:", in: base, at: nameStart, end: nameEnd))
            guard isWanted else { continue }
            if !latin1, XMLBytes.find(XMLBytes.amp, in: base, from: valueStart, to: close) == nil {
                return XMLText(start: valueStart, end: close, inScratch: false, offset: valueStart)
            }
            scratch.removeAll(keepingCapacity: true)
            try appendDecoded(valueStart, close)
            return XMLText(start: 0, end: scratch.count, inScratch: true, offset: valueStart)
        }
        return nil
    }

    /// The raw values of two attributes found in one pass, when neither needs decoding;
    /// nil when either is missing or needs decoding (then use `attribute(_:_:)` for each).
    func rawAttributes(_ tag: XMLTag, _ first: StaticString, _ second: StaticString) -> (XMLText, XMLText)? {
        if latin1 { return nil }
        var i = tag.attributesStart
        let stop = tag.attributesEnd
        var a: XMLText?
        var b: XMLText?
        while i < stop {
            while i < stop, XMLBytes.isSpace(base[i]) { i += 1 }
            let nameStart = i
            while i < stop, !XMLBytes.endsName(base[i]) { i += 1 }
            let nameEnd = i
            while i < stop, base[i] != XMLBytes.quote, base[i] != XMLBytes.apostrophe { i += 1 }
            guard i < stop, let close = XMLBytes.find(base[i], in: base, from: i + 1, to: stop) else { break }
            let valueStart = i + 1
            i = close + 1
            let n = nameEnd - nameStart
            let isFirst = n == first.utf8CodeUnitCount && XMLBytes.same(base + nameStart, first.utf8Start, n)
            let isSecond =
                !isFirst && n == second.utf8CodeUnitCount && XMLBytes.same(base + nameStart, second.utf8Start, n)
            guard isFirst || isSecond else { continue }
            if XMLBytes.find(XMLBytes.amp, in: base, from: valueStart, to: close) != nil { return nil }
            let text = XMLText(start: valueStart, end: close, inScratch: false, offset: valueStart)
            if isFirst, a == nil { a = text }
            if isSecond, b == nil { b = text }
        }
        guard let a, let b else { return nil }
        return (a, b)
    }

    // MARK: Values

    /// Calls `body` with the bytes of a text value.
    @inline(__always)
    func withBytes<R>(_ text: XMLText, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if text.inScratch {
            return scratch.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[text.start..<text.end])) }
        }
        return body(UnsafeBufferPointer(start: base + text.start, count: text.end - text.start))
    }

    /// The text as a String with surrounding white space trimmed (Latin-1 converted to UTF-8).
    func string(_ text: XMLText) -> String {
        withBytes(text) { bytes in
            var s = 0
            var e = bytes.count
            while s < e, XMLBytes.isSpace(bytes[s]) { s += 1 }
            while e > s, XMLBytes.isSpace(bytes[e - 1]) { e -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: bytes[s..<e])
            if latin1, !text.inScratch {
                return String(String.UnicodeScalarView(trimmed.map { Unicode.Scalar($0) }))
            }
            return String(decoding: trimmed, as: UTF8.self)
        }
    }

    /// The text as a finite number, or a `badNumber` error naming `element`.
    func number(_ text: XMLText, in element: XMLTag) throws(TrackReadError) -> Double {
        if let value = withBytes(text, { DecimalParser.parseDouble($0) }) { return value }
        throw .badNumber(
            file: fileName, line: line(at: text.offset), element: localName(of: element), text: string(text))
    }

    /// The text as a timestamp in seconds since 1970 UTC, or a `badTime` error.
    func time(_ text: XMLText) throws(TrackReadError) -> Double {
        if let value = withBytes(text, { ISO8601Time.parse($0) }) { return value }
        throw .badTime(file: fileName, line: line(at: text.offset), text: string(text))
    }

    /// The text as a small non-negative integer such as heart rate or cadence (decimals rounded).
    func count(_ text: XMLText, in element: XMLTag) throws(TrackReadError) -> UInt16 {
        if !text.inScratch, text.end > text.start, text.end - text.start <= 4 {
            var value = 0
            var i = text.start
            while i < text.end, base[i] &- 48 < 10 {
                value = value * 10 + Int(base[i] &- 48)
                i += 1
            }
            if i == text.end { return UInt16(value) }
        }
        let value = try number(text, in: element)
        guard value >= 0, value <= 65_535 else {
            throw .badNumber(
                file: fileName, line: line(at: text.offset), element: localName(of: element), text: string(text))
        }
        return UInt16(value.rounded())
    }

    // Reading the text and converting it in one mutating call: `scanner.string(try scanner.text(…))`
    // would evaluate the receiver before the argument and read a stale scratch buffer.

    /// The element's text as a trimmed String.
    mutating func textString(of tag: XMLTag) throws(TrackReadError) -> String {
        let text = try text(of: tag)
        return string(text)
    }

    /// The element's text as a finite number.
    mutating func textNumber(of tag: XMLTag) throws(TrackReadError) -> Double {
        let text = try text(of: tag)
        return try number(text, in: tag)
    }

    /// The element's text as a small count (heart rate, cadence).
    mutating func textCount(of tag: XMLTag) throws(TrackReadError) -> UInt16 {
        let text = try text(of: tag)
        return try count(text, in: tag)
    }

    /// The element's text as seconds since 1970 UTC.
    mutating func textTime(of tag: XMLTag) throws(TrackReadError) -> Double {
        let text = try text(of: tag)
        return try time(text)
    }

    /// Reserves room in `points` for the rest of a long segment, estimated from the bytes the
    /// first 1,024 points took since `segmentStart`, so a big track grows once instead of doubling
    /// (each doubling copies the array and briefly holds both).
    func reserveEstimate(_ points: inout [TrackPoint], segmentStart: Int) {
        guard points.count == 1024, pos > segmentStart else { return }
        let bytesPerPoint = max(16, (pos - segmentStart) / points.count)
        let estimate = points.count + (end - pos) / bytesPerPoint + 16
        points.reserveCapacity(estimate + estimate / 32)
    }

    /// Gives back an over-estimated reservation when a segment ended early (several long
    /// segments in one file), so each segment keeps about its own size.
    func compact(_ points: inout [TrackPoint]) {
        guard points.count >= 1024, points.capacity > points.count + points.count / 4 + 64 else { return }
        var exact: [TrackPoint] = []
        exact.reserveCapacity(points.count)
        exact.append(contentsOf: points)
        points = exact
    }
}
