#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Attribute lookup in a start tag's already validated attribute region.
extension XMLScanner {
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

    /// Moves `i` from the start of an attribute in a validated region to its value's opening
    /// quote and returns where its name starts; nil when no quote is left before `stop`.
    @inline(__always)
    func nextAttribute(_ i: inout Int, stop: Int) -> Int? {
        while i < stop, XMLBytes.isSpace(base[i]) { i += 1 }
        let nameStart = i
        while i < stop, base[i] != XMLBytes.quote, base[i] != XMLBytes.apostrophe { i += 1 }
        return i < stop ? nameStart : nil
    }

    /// Whether the attribute name starting at `nameStart`, whose value's quote is at `quote`, is
    /// exactly `literal` (full name, prefix included).
    @inline(__always)
    func isName(_ nameStart: Int, quote: Int, _ literal: StaticString) -> Bool {
        let n = XMLBytes.nameEnd(base, from: nameStart, to: quote) - nameStart
        return n == literal.utf8CodeUnitCount && XMLBytes.same(base + nameStart, literal.utf8Start, n)
    }

    /// The values of two attributes (full names, first occurrence) read as numbers in the pass
    /// that finds them, when both are plain `-?digits[.digits]` of at most 15 digits (a track
    /// point's `lat` and `lon`); nil otherwise, and then ``rawAttributes(_:_:_:)`` and
    /// ``number(_:in:)`` give the same values the long way, or their errors.
    func decimalAttributes(_ tag: XMLTag, _ first: StaticString, _ second: StaticString) -> (Double, Double)? {
        if latin1 { return nil }
        var i = tag.attributesStart
        let stop = tag.attributesEnd
        var a: Double?
        var b: Double?
        while i < stop {
            guard let nameStart = nextAttribute(&i, stop: stop) else { break }
            let quote = base[i]
            let isFirst = a == nil && isName(nameStart, quote: i, first)
            let isSecond = !isFirst && b == nil && isName(nameStart, quote: i, second)
            if isFirst || isSecond {
                guard let (value, close) = DecimalParser.simple(base, from: i + 1, to: stop, until: quote) else {
                    return nil
                }
                if isFirst { a = value } else { b = value }
                i = close + 1
            } else {
                guard let close = XMLBytes.find(quote, in: base, from: i + 1, to: stop) else { break }
                i = close + 1
            }
        }
        guard let a, let b else { return nil }
        return (a, b)
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
            guard let nameStart = nextAttribute(&i, stop: stop) else { break }
            let isFirst = isName(nameStart, quote: i, first)
            let isSecond = !isFirst && isName(nameStart, quote: i, second)
            guard let close = XMLBytes.find(base[i], in: base, from: i + 1, to: stop) else { break }
            let valueStart = i + 1
            i = close + 1
            guard isFirst || isSecond else { continue }
            if XMLBytes.find(XMLBytes.amp, in: base, from: valueStart, to: close) != nil { return nil }
            let text = XMLText(start: valueStart, end: close, inScratch: false, offset: valueStart)
            if isFirst, a == nil { a = text }
            if isSecond, b == nil { b = text }
        }
        guard let a, let b else { return nil }
        return (a, b)
    }
}
