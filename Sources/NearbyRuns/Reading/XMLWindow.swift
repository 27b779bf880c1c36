import NearbySystem
/// The bytes of a streamed document that the scanner can see: a buffer holding a small area of
/// pinned element names, then a window of the document read a chunk at a time.
///
/// The scanner keeps byte offsets into this buffer. Growing the buffer keeps every offset valid;
/// ``compact(pos:end:)`` moves the unread window to the front and so invalidates every offset at
/// or after ``pinCapacity`` (it bumps ``generation``): the scanner only compacts at the start of a
/// unit (``XMLScanner/beginUnit(in:)``), when the only offsets alive are the names of the open
/// ancestors, which the parsers have pinned (copied below ``pinCapacity``).
final class XMLWindow {
    /// Bytes reserved at the front for pinned ancestor names.
    static let pinCapacity = 4096

    let stream: any TrackByteStream
    /// The stream again when other threads may read it at the same time: a long track segment is
    /// then split, its far part parsed by a second reader (``SegmentSplit``).
    let sharedStream: (any ConcurrentTrackByteStream)?
    /// Segments with at least this many bytes to go are split (when ``sharedStream`` is there).
    let splitThreshold: Int
    /// Where the second reader starts, in percent of what is left.
    let splitPercent: Int
    /// Points the parser took from a second reader.
    var pointsFromSplit = 0
    /// Whether the bytes read are hashed (not by a second reader: the first reads them again).
    let hashes: Bool
    let fileName: String
    /// Bytes read at a time; a refill leaves at least this much ahead.
    let chunk: Int
    /// Less than this ahead of a unit's start makes the window move and fill: a quarter chunk.
    let lookahead: Int
    let sizeLimit: Int
    let hasher = ChunkHasher()
    private(set) var buffer: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The next document offset to read.
    private(set) var readOffset = 0
    /// The stream said it has nothing more.
    private(set) var atEnd = false
    /// Document offset of buffer offset ``pinCapacity``.
    private(set) var discarded = 0
    /// Bumped by each compaction: unit marks from an older generation are stale.
    private(set) var generation = 0
    /// End of the pinned names.
    var pinEnd = 0
    /// A pin did not fit: an open ancestor lives in the window, which must then never move.
    var pinsOverflowed = false
    /// The stream itself failed (it could not be read, or it passed the size limit): reading it
    /// again whole would fail the same way, after holding everything read until then.
    private(set) var streamFailure: TrackReadError?

    /// The most bytes one unit may need at once when the stream cannot be read again cheaply (an
    /// inflating stream): no track point or other child comes near it, and a gap or text longer
    /// than this (a decompression bomb of white space) is refused instead of growing the window.
    /// A file keeps the old way: the document is read again whole.
    static let unitLimit = 8 << 20

    /// Refuses a unit that would need more than ``unitLimit`` bytes of an inflating stream.
    func refuseLongUnit() -> TrackReadError {
        let error = TrackReadError.unreadable(
            file: fileName,
            reason:
                "it holds an element or a run of text longer than \(ByteCountText.describe(Self.unitLimit)), more than a track file needs"
        )
        streamFailure = error
        return error
    }

    /// A window on `stream` from document offset `start`; `splitThreshold` as described there.
    init(
        stream: any TrackByteStream, fileName: String, chunk: Int, sizeLimit: Int, start: Int = 0,
        hashes: Bool = true, splitThreshold: Int = .max, splitPercent: Int = 50
    ) {
        self.stream = stream
        sharedStream = stream as? any ConcurrentTrackByteStream
        self.splitThreshold = splitThreshold
        self.splitPercent = Swift.min(99, Swift.max(1, splitPercent))
        self.hashes = hashes
        readOffset = Swift.max(0, start)
        discarded = readOffset
        self.fileName = fileName
        self.chunk = max(1, chunk)
        self.lookahead = max(1, self.chunk / 4)
        self.sizeLimit = sizeLimit
        capacity = Self.pinCapacity + 2 * self.chunk
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        hasher.drain()
        buffer.deallocate()
    }

    /// Reads until `end - from >= want` or the end of the stream, growing the buffer as needed;
    /// each chunk read is handed to the hasher.
    func fill(end: inout Int, from: Int, want: Int) throws(TrackReadError) {
        while end - from < want, !atEnd {
            if capacity - end < chunk { grow(to: end + max(chunk, end - Self.pinCapacity)) }
            let room = UnsafeMutableRawBufferPointer(start: buffer + end, count: chunk)
            let n: Int
            do {
                n = try stream.read(into: room, at: readOffset, fileName: fileName)
            } catch {
                streamFailure = error
                throw error
            }
            guard n > 0 else {
                atEnd = true
                break
            }
            guard n <= sizeLimit - readOffset else {
                let error = TrackReadError.unreadable(
                    file: fileName, reason: TrackReader.reason(.tooLarge(path: fileName, limit: sizeLimit)))
                streamFailure = error
                throw error
            }
            if hashes { hasher.submit(UnsafeRawBufferPointer(start: buffer + end, count: n)) }
            readOffset += n
            end += n
        }
    }

    /// Reads and hashes everything left in the stream without keeping it (the bytes after the
    /// root element, which no parser reads).
    func drainRest() throws(TrackReadError) {
        while !atEnd {
            hasher.drain()
            var stop = Self.pinCapacity
            try fill(end: &stop, from: stop, want: chunk)
        }
    }

    /// Moves `[pos, end)` to the front of the window (after the pins) and sets `pos` and `end`.
    func compact(pos: inout Int, end: inout Int) {
        let start = Self.pinCapacity
        guard pos > start else { return }
        hasher.drain()
        let count = end - pos
        if count > 0 { (buffer + start).update(from: buffer + pos, count: count) }
        discarded += pos - start
        generation += 1
        pos = start
        end = start + count
    }

    /// Moves the window on to document offset `target` (not before `pos`) and sets `pos` there;
    /// false when the stream ends first. The bytes skipped are hashed all the same: read again by
    /// the hashing thread from ``sharedStream``, or else read here on the way. Like
    /// ``compact(pos:end:)``, only at the start of a unit with every open ancestor pinned.
    func skip(to target: Int, pos: inout Int, end: inout Int) throws(TrackReadError) -> Bool {
        if absolute(end) <= target {
            pos = end
            compact(pos: &pos, end: &end)
            if let sharedStream, hashes, !atEnd {
                hasher.submit(stream: sharedStream, from: readOffset, to: target, fileName: fileName)
                readOffset = target
                discarded = target
            }
            while absolute(end) <= target {
                if atEnd { return false }
                pos = end
                compact(pos: &pos, end: &end)
                try fill(end: &end, from: pos, want: chunk)
            }
        }
        pos = target - discarded + Self.pinCapacity
        return true
    }

    /// The document offset of buffer offset `offset`.
    func absolute(_ offset: Int) -> Int { discarded + offset - Self.pinCapacity }

    private func grow(to wanted: Int) {
        hasher.drain()
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
        bigger.initialize(from: buffer, count: capacity)
        buffer.deallocate()
        buffer = bigger
        capacity = wanted
    }
}
