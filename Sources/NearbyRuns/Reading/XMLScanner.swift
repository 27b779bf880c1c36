#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A start tag found by the scanner: byte offsets into the document, nothing copied.
struct XMLTag {
    var nameStart: Int
    var nameEnd: Int
    /// Start of the local name (after the last `:` of a prefix).
    var localStart: Int
    /// End of the attribute region, which starts at `nameEnd`, before the closing `>` or `/>`.
    var attributesEnd: Int
    /// `<name/>`: there is no content and no end tag.
    var selfClosing: Bool

    /// Offset of the `<`.
    var offset: Int { nameStart - 1 }
    var attributesStart: Int { nameEnd }
}

/// A byte-level, non-validating, allocation-free XML tokenizer for track files.
///
/// It walks a document held in memory as a recursive-descent helper: `nextChild(of:)` returns the
/// next child start tag of an element or nil at its (checked) end tag, skipping text, comments,
/// processing instructions and CDATA. It never loads a DTD: `<!DOCTYPE …>` (with an internal
/// subset) is skipped and no custom entity is ever expanded. Lines are counted only for errors.
struct XMLScanner {
    /// The document (contiguous) or the streaming window's buffer (moves when the window grows).
    var base: UnsafePointer<UInt8>
    /// End of the bytes there are: the document's end, or the window's.
    var end: Int
    var pos: Int
    /// Offset of the document's first byte: 0, or after the pinned names of a streaming window.
    let dataStart: Int
    /// The document's size in bytes (the stream's expected size when streaming), for estimates.
    let documentSize: Int
    /// The streaming window, nil for a document wholly in memory.
    let window: XMLWindow?
    let fileName: String
    /// The XML declaration said ISO-8859-1 / Latin-1 (text is converted to UTF-8 on the way out).
    var latin1 = false
    /// Decoded text (entities, CDATA, Latin-1) lives here, always as UTF-8.
    var scratch: [UInt8] = []
    /// Name ranges of open elements while skipping a subtree.
    var stack: [Int] = []
    /// The last timestamp's date and day number (``ISO8601Time/DayMemo``).
    var dayMemo = ISO8601Time.DayMemo()

    init(base: UnsafePointer<UInt8>, count: Int, fileName: String) {
        self.base = base
        self.end = count
        self.pos = 0
        self.dataStart = 0
        self.documentSize = count
        self.window = nil
        self.fileName = fileName
        scratch.reserveCapacity(256)
        stack.reserveCapacity(64)
    }

    /// A scanner over a streaming window whose first chunk has been read.
    init(window: XMLWindow, end: Int) {
        self.base = UnsafePointer(window.buffer)
        self.end = end
        self.pos = XMLWindow.pinCapacity
        self.dataStart = XMLWindow.pinCapacity
        self.documentSize = window.stream.expectedSize
        self.window = window
        self.fileName = window.fileName
        scratch.reserveCapacity(256)
        stack.reserveCapacity(64)
    }

    // MARK: Errors

    /// 1-based line of a byte offset.
    func line(at offset: Int) -> Int {
        var line = 1
        var i = 0
        let limit = min(offset, end)
        while let hit = XMLBytes.find(0x0A, in: base, from: i, to: limit) {
            line += 1
            i = hit + 1
        }
        return line
    }

    func malformed(_ expected: String, at offset: Int) -> TrackReadError {
        .malformedElement(file: fileName, line: line(at: offset), expected: expected)
    }

    func name(_ start: Int, _ stop: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
    }

    func name(of tag: XMLTag) -> String { name(tag.nameStart, tag.nameEnd) }

    func localName(of tag: XMLTag) -> String { name(tag.localStart, tag.nameEnd) }

    /// True when the tag's local name (prefix ignored) is `literal`.
    @inline(__always)
    func isLocal(_ tag: XMLTag, _ literal: StaticString) -> Bool {
        tag.nameEnd - tag.localStart == literal.utf8CodeUnitCount
            && XMLBytes.same(base + tag.localStart, literal.utf8Start, literal.utf8CodeUnitCount)
    }

    // MARK: Markup

    enum Markup {
        case start(XMLTag)
        case end(nameStart: Int, nameEnd: Int, offset: Int)
        case endOfFile
    }

    /// The next start or end tag from `pos`, skipping text, comments, PIs, CDATA and DOCTYPE.
    mutating func nextMarkup() throws(TrackReadError) -> Markup {
        while true {
            guard let lt = XMLBytes.find(XMLBytes.lt, in: base, from: pos, to: end) else {
                pos = end
                return .endOfFile
            }
            pos = lt
            guard lt + 1 < end else { throw malformed("a tag name after '<'", at: lt) }
            let c = base[lt + 1]
            if c == XMLBytes.slash { return try scanEndTag() }
            if c == XMLBytes.question {
                try skipPast("?>", what: "'?>' to close the processing instruction")
                continue
            }
            if c == XMLBytes.bang {
                try skipDeclaration()
                continue
            }
            return .start(try scanStartTag())
        }
    }

    /// The next child element of `parent`, or nil after consuming `parent`'s matching end tag.
    @inline(__always)
    mutating func nextChild(of parent: XMLTag) throws(TrackReadError) -> XMLTag? {
        if parent.selfClosing { return nil }
        // Fast path: the parent's own end tag, or a plain start tag, after a little white space.
        if let lt = XMLBytes.find(XMLBytes.lt, in: base, from: pos, to: end), lt + 1 < end {
            let c = base[lt + 1]
            if c == XMLBytes.slash {
                let n = parent.nameEnd - parent.nameStart
                let close = lt + 2 + n
                if close < end, base[close] == XMLBytes.gt,
                    XMLBytes.same(base + lt + 2, base + parent.nameStart, n)
                {
                    pos = close + 1
                    return nil
                }
            } else if c != XMLBytes.bang, c != XMLBytes.question {
                pos = lt
                return try scanStartTag()
            }
        }
        switch try nextMarkup() {
        case .start(let tag):
            return tag
        case .end(let start, let stop, let offset):
            try checkEnd(start, stop, matches: parent, at: offset)
            return nil
        case .endOfFile:
            throw malformed("</\(name(of: parent))> before the end of the file", at: end)
        }
    }

    func checkEnd(_ start: Int, _ stop: Int, matches open: XMLTag, at offset: Int)
        throws(TrackReadError)
    {
        guard XMLBytes.equal(base, start, stop, open.nameStart, open.nameEnd) else {
            throw malformed(
                "</\(name(of: open))> to close <\(name(of: open))> but found </\(name(start, stop))>",
                at: offset)
        }
    }

    /// Skips the content and end tag of an element whose start tag was just read.
    mutating func skipElement(_ tag: XMLTag) throws(TrackReadError) {
        if tag.selfClosing { return }
        stack.removeAll(keepingCapacity: true)
        stack.append(tag.nameStart)
        stack.append(tag.nameEnd)
        while let top = stack.last {
            switch try nextMarkup() {
            case .start(let child):
                if !child.selfClosing {
                    stack.append(child.nameStart)
                    stack.append(child.nameEnd)
                }
            case .end(let start, let stop, let offset):
                let openStart = stack[stack.count - 2]
                guard XMLBytes.equal(base, start, stop, openStart, top) else {
                    throw malformed(
                        "</\(name(openStart, top))> but found </\(name(start, stop))>", at: offset)
                }
                stack.removeLast(2)
            case .endOfFile:
                throw malformed("</\(name(stack[stack.count - 2], top))> before the end of the file", at: end)
            }
        }
    }

    /// Reads a start tag at `pos` (on its `<`), validating attribute syntax, and moves past it.
    mutating func scanStartTag() throws(TrackReadError) -> XMLTag {
        let open = pos
        var i = pos + 1
        guard i < end, XMLBytes.startsName(base[i]) else {
            throw malformed("an element name after '<'", at: open)
        }
        let nameStart = i
        var localStart = i
        while true {
            i = XMLBytes.skipNameLetters(base, from: i, to: end)
            guard i < end, !XMLBytes.endsName(base[i]) else { break }
            if base[i] == XMLBytes.colon { localStart = i + 1 }
            i += 1
        }
        let nameEnd = i
        while true {
            while i < end, XMLBytes.isSpace(base[i]) { i += 1 }
            guard i < end else {
                throw malformed("'>' to close <\(name(nameStart, nameEnd))>", at: open)
            }
            let c = base[i]
            if c == XMLBytes.gt {
                pos = i + 1
                return XMLTag(
                    nameStart: nameStart, nameEnd: nameEnd, localStart: localStart,
                    attributesEnd: i, selfClosing: false)
            }
            if c == XMLBytes.slash {
                guard i + 1 < end, base[i + 1] == XMLBytes.gt else {
                    throw malformed("'/>' to close <\(name(nameStart, nameEnd))>", at: i)
                }
                pos = i + 2
                return XMLTag(
                    nameStart: nameStart, nameEnd: nameEnd, localStart: localStart,
                    attributesEnd: i, selfClosing: true)
            }
            i = try skipAttribute(at: i, element: nameStart, nameEnd)
        }
    }

    /// Validates one `name = "value"` at `i` and returns the offset after its closing quote.
    func skipAttribute(at start: Int, element: Int, _ elementEnd: Int) throws(TrackReadError) -> Int {
        var i = start
        guard XMLBytes.startsName(base[i]) else {
            throw .malformedAttribute(
                file: fileName, line: line(at: i), element: name(element, elementEnd),
                expected: "an attribute name, '>' or '/>'")
        }
        i = XMLBytes.nameEnd(base, from: i, to: end)
        while i < end, XMLBytes.isSpace(base[i]) { i += 1 }
        guard i < end, base[i] == XMLBytes.equals else {
            throw .malformedAttribute(
                file: fileName, line: line(at: i), element: name(element, elementEnd),
                expected: "'=' after the attribute name \(name(start, i))")
        }
        i += 1
        while i < end, XMLBytes.isSpace(base[i]) { i += 1 }
        guard i < end, base[i] == XMLBytes.quote || base[i] == XMLBytes.apostrophe,
            let close = XMLBytes.find(base[i], in: base, from: i + 1, to: end)
        else {
            throw .malformedAttribute(
                file: fileName, line: line(at: i), element: name(element, elementEnd),
                expected: "a quoted attribute value")
        }
        return close + 1
    }

    /// Reads an end tag at `pos` (on `</`) and moves past its `>`.
    mutating func scanEndTag() throws(TrackReadError) -> Markup {
        let open = pos
        var i = pos + 2
        let nameStart = i
        i = XMLBytes.nameEnd(base, from: i, to: end)
        let nameEnd = i
        while i < end, XMLBytes.isSpace(base[i]) { i += 1 }
        guard nameEnd > nameStart, i < end, base[i] == XMLBytes.gt else {
            throw malformed("an element name and '>' in the end tag", at: open)
        }
        pos = i + 1
        return .end(nameStart: nameStart, nameEnd: nameEnd, offset: open)
    }

    /// Moves `pos` past the next occurrence of `terminator`.
    mutating func skipPast(_ terminator: StaticString, what: String) throws(TrackReadError) {
        let first = terminator.utf8Start.pointee
        var i = pos + 1
        while let hit = XMLBytes.find(first, in: base, from: i, to: end) {
            if XMLBytes.matches(terminator, in: base, at: hit, end: end) {
                pos = hit + terminator.utf8CodeUnitCount
                return
            }
            i = hit + 1
        }
        throw malformed(what, at: pos)
    }

    /// Skips `<!-- … -->`, `<![CDATA[ … ]]>` or `<!DOCTYPE …>` at `pos` without expanding anything.
    mutating func skipDeclaration() throws(TrackReadError) {
        if XMLBytes.matches("<!--", in: base, at: pos, end: end) {
            try skipPast("-->", what: "'-->' to close the comment")
        } else if XMLBytes.matches("<![CDATA[", in: base, at: pos, end: end) {
            try skipPast("]]>", what: "']]>' to close the CDATA section")
        } else if XMLBytes.matches("<!DOCTYPE", in: base, at: pos, end: end) {
            try skipDoctype()
        } else {
            throw malformed("a comment, CDATA section or DOCTYPE after '<!'", at: pos)
        }
    }

    /// Skips a DOCTYPE, including an internal subset, honouring quotes and comments.
    mutating func skipDoctype() throws(TrackReadError) {
        let open = pos
        var i = pos + 9
        var inSubset = false
        while i < end {
            let c = base[i]
            if c == XMLBytes.quote || c == XMLBytes.apostrophe {
                guard let close = XMLBytes.find(c, in: base, from: i + 1, to: end) else { break }
                i = close + 1
                continue
            }
            if inSubset, XMLBytes.matches("<!--", in: base, at: i, end: end) {
                pos = i
                try skipPast("-->", what: "'-->' to close the comment in the DOCTYPE")
                i = pos
                continue
            }
            if c == UInt8(ascii: "[") { inSubset = true }
            if c == UInt8(ascii: "]") { inSubset = false }
            if c == XMLBytes.gt, !inSubset {
                pos = i + 1
                return
            }
            i += 1
        }
        throw malformed("'>' to close the DOCTYPE", at: open)
    }
}
