/// Converting text to values, and sizing point arrays.
extension XMLScanner {
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
    mutating func time(_ text: XMLText) throws(TrackReadError) -> Double {
        var memo = dayMemo
        defer { dayMemo = memo }
        if let value = withBytes(text, { ISO8601Time.parse($0, memo: &memo) }) { return value }
        throw .badTime(file: fileName, line: line(at: text.offset), text: string(text))
    }

    /// The text as a small non-negative integer such as heart rate or cadence (decimals rounded).
    ///
    /// A finite number that does not fit (negative, or above 65,535, like a heart rate of 99999)
    /// reads as `UInt16.max`, which lies outside every ``PhysicalLimits`` range: the limits then drop
    /// and count it, so one bad value never rejects the file. Text that is not a number still does.
    func count(_ text: XMLText, in element: XMLTag) throws(TrackReadError) -> UInt16 {
        // One to four plain digits, the common case, without the decimal parser.
        if !text.inScratch, let (value, end) = fourDigits(from: text.start, to: text.end), end == text.end {
            return value
        }
        let value = try number(text, in: element).rounded()
        guard value >= 0, value <= 65_535 else { return UInt16.max }
        return UInt16(value)
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
        // Plain digits right before the end tag are read in the pass that finds it.
        if !tag.selfClosing, !latin1,
            let (value, lt) = DecimalParser.simple(base, from: pos, to: end, until: XMLBytes.lt),
            let after = endTag(of: tag, at: lt)
        {
            pos = after
            return value
        }
        let text = try text(of: tag)
        return try number(text, in: tag)
    }

    /// The element's text as a small count (heart rate, cadence).
    mutating func textCount(of tag: XMLTag) throws(TrackReadError) -> UInt16 {
        // One to four digits right before the end tag, as ``count(_:in:)`` reads them.
        if !tag.selfClosing, !latin1, let (value, digitsEnd) = fourDigits(from: pos, to: end),
            let after = endTag(of: tag, at: digitsEnd)
        {
            pos = after
            return value
        }
        let text = try text(of: tag)
        return try count(text, in: tag)
    }

    /// One to four digits from `start` (stopping before `stop`): their value and the offset after
    /// them; nil without a digit or with a fifth.
    @inline(__always)
    func fourDigits(from start: Int, to stop: Int) -> (value: UInt16, end: Int)? {
        var i = start
        var value = 0
        while i < stop, i - start < 5, base[i] &- 48 < 10 {
            value = value * 10 + Int(base[i] &- 48)
            i += 1
        }
        guard i > start, i - start <= 4 else { return nil }
        return (UInt16(value), i)
    }

    /// The element's text as seconds since 1970 UTC.
    mutating func textTime(of tag: XMLTag) throws(TrackReadError) -> Double {
        let text = try text(of: tag)
        return try time(text)
    }

    /// The element's text as seconds since 1970 UTC, or nil when it is not a timestamp (for
    /// optional metadata that must not reject a file).
    mutating func textTimeIfValid(of tag: XMLTag) throws(TrackReadError) -> Double? {
        let text = try text(of: tag)
        return withBytes(text) { ISO8601Time.parse($0) }
    }

    /// Reserves room in `points` for the rest of a long segment, estimated from the bytes the
    /// first 1,024 points took since `segmentStart` (a document offset, ``absolute(_:)``), so a big track grows once instead of doubling
    /// (each doubling copies the array and briefly holds both).
    func reserveEstimate(_ points: inout [TrackPoint], segmentStart: Int) {
        guard points.count == 1024 else { return }
        let here = absolute(pos)
        guard here > segmentStart else { return }
        let bytesPerPoint = max(16, (here - segmentStart) / points.count)
        let estimate = points.count + max(0, documentSize - here) / bytesPerPoint + 16
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
