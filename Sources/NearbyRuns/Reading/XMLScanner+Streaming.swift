/// Streaming: units, pinned ancestor names, and the window moving through the document.
///
/// A parser loop over many children (track points, segments, tracks) makes each child a *unit*:
/// ``beginUnit(in:)`` before reading the child, ``retry(_:after:)`` when reading it failed.
/// At a unit's start the window may move (``XMLWindow/compact(pos:end:)``) so that at least a
/// chunk lies ahead; a child larger than what is there fails with some error, and the unit is
/// read again with twice the bytes, until it succeeds or the document has no more bytes. An
/// error then (or outside any unit, or from a unit whose mark an inner unit's move made stale)
/// is not reported from the window: ``TrackReader/read(stream:fileName:chunkSize:)`` reads the
/// document again whole and reports that reading's result, so errors, their line numbers and
/// every refusal are exactly the in-memory reader's.
///
/// For a document in memory (no window) every call here is a no-op.
extension XMLScanner {
    /// Where a unit began, and in which window generation.
    struct UnitMark {
        var pos: Int
        var generation: Int
    }

    /// The document offset of scanner offset `offset`.
    @inline(__always)
    func absolute(_ offset: Int) -> Int {
        guard let window else { return offset }
        return window.absolute(offset)
    }

    /// Copies an open element's name below the window (its attributes are no longer readable
    /// through `tag` afterwards: read them first), so the window can move while it is open. Pins
    /// nest: ``unpin(_:)`` in the reverse order.
    mutating func pin(_ tag: inout XMLTag) {
        guard let window, tag.nameStart >= dataStart else { return }
        let n = tag.nameEnd - tag.nameStart
        guard n <= XMLWindow.pinCapacity - window.pinEnd else {
            window.pinsOverflowed = true
            return
        }
        let at = window.pinEnd
        (window.buffer + at).update(from: base + tag.nameStart, count: n)
        tag = XMLTag(
            nameStart: at, nameEnd: at + n, localStart: at + (tag.localStart - tag.nameStart),
            attributesEnd: at + n, selfClosing: tag.selfClosing)
        window.pinEnd = at + n
        base = UnsafePointer(window.buffer)
    }

    /// Releases the most recent pin, `tag`'s.
    mutating func unpin(_ tag: XMLTag) {
        guard let window, tag.nameEnd == window.pinEnd, tag.nameStart < dataStart else { return }
        window.pinEnd = tag.nameStart
    }

    /// Starts a unit: a child of `parent` (which must be pinned, as must every open ancestor)
    /// is read next. When less than a quarter chunk lies ahead, moves the window (so at most a
    /// quarter chunk is copied per chunk read) and fills it to at least a chunk ahead.
    @inline(__always)
    mutating func beginUnit(in parent: XMLTag) throws(TrackReadError) -> UnitMark {
        guard let window else { return UnitMark(pos: pos, generation: 0) }
        if end - pos < window.lookahead, !window.atEnd {
            try refill(window, parentPinned: parent.nameEnd <= window.pinEnd)
        }
        return UnitMark(pos: pos, generation: window.generation)
    }

    private mutating func refill(_ window: XMLWindow, parentPinned: Bool) throws(TrackReadError) {
        if parentPinned, !window.pinsOverflowed { window.compact(pos: &pos, end: &end) }
        try window.fill(end: &end, from: pos, want: window.chunk)
        base = UnsafePointer(window.buffer)
    }

    /// After a unit failed with `error`: reads twice the unit's bytes and rewinds to its start, or
    /// rethrows when there is nothing more to read or the mark is stale.
    mutating func retry(_ mark: UnitMark, after error: TrackReadError) throws(TrackReadError) {
        guard let window, !window.atEnd, mark.generation == window.generation else { throw error }
        let want = Swift.max(window.chunk, 2 * (end - mark.pos))
        if want > XMLWindow.unitLimit, window.sharedStream == nil { throw window.refuseLongUnit() }
        try window.fill(end: &end, from: mark.pos, want: want)
        base = UnsafePointer(window.buffer)
        pos = mark.pos
    }

    /// Whether the next markup from `pos` starts at document offset `target`: nil when it is not
    /// known yet (the next `<` is before `target`, or not in the window), true when it does, false
    /// when the scanner has passed `target` (or finds no `<` there).
    func arrival(at target: Int) -> Bool? {
        guard absolute(pos) <= target else { return false }
        guard let lt = XMLBytes.find(XMLBytes.lt, in: base, from: pos, to: end) else { return nil }
        let at = absolute(lt)
        if at < target { return nil }
        return at == target
    }

    /// Moves on to document offset `target` (at or after `pos`), every byte before it read and
    /// hashed; throws when the stream ends first (the file changed while it was read). Only at
    /// the start of a unit, with every open ancestor pinned.
    mutating func skip(to target: Int) throws(TrackReadError) {
        guard let window else { return }
        guard try window.skip(to: target, pos: &pos, end: &end) else {
            throw .unreadable(file: fileName, reason: "it changed while it was read")
        }
        base = UnsafePointer(window.buffer)
    }
}
