import NearbySystem
import Synchronization

/// The far part of a long GPX track, parsed on a second thread while the reader parses the near
/// part: a guess that the reader checks before it uses a single point of it.
///
/// The split starts at the first `trkpt` start tag found after a chosen offset (``start``). The
/// second reader parses from there, through a window of its own, as if it were inside a track
/// segment: the segment's children exactly as `GPXParser.readSegment` reads them, until the first
/// end tag that closes none of them (``Outcome/segmentEnd``); then the track's children as
/// `GPXParser.readTrack` reads them (more segments, a name, a type), until the next such end tag
/// (``Outcome/trackEnd``).
///
/// The guess is right only when the first reader, reading a segment's children in order, finds
/// its next child's `<` at exactly ``start``: that offset is then a child of the segment being
/// read, and everything from there is what the reader would have read itself. It takes the
/// points, goes on at the segment's end tag (which it checks itself), adds the other segments to
/// the track and goes on at the track's end tag (checked too). When the reader passes the offset
/// instead (it lay inside a comment, a CDATA section or a value), or the second reader failed
/// anywhere, the guess is dropped and the reader reads on as if there had been none: errors are
/// always the first reader's.
///
/// `@unchecked Sendable`: the only mutable state is ``task``, set once by the thread that made the
/// split before any other reads it; the reading itself runs as a ``SideTask``.
final class SegmentSplit: @unchecked Sendable {
    /// What the second reader read: the rest of the segment it started in, then the rest of the
    /// track; offsets are the document offsets of the `<` of the end tags it stopped at.
    struct Outcome: Sendable {
        var points: [TrackPoint]
        var segmentEnd: Int
        var segments: [TrackSegment]
        var name: String?
        var activityType: String?
        var trackEnd: Int
    }

    /// Document offset of the `<` of the `trkpt` start tag the second reader starts at.
    let start: Int
    private let cancelled = Atomic<Bool>(false)
    /// The second reader, on another thread.
    private var task: SideTask<Outcome?>?

    private init(start: Int) {
        self.start = start
    }

    /// Starts a second reader on `stream` at the first `trkpt` start tag at or after document
    /// offset `offset` (found within the next 64 KiB), or returns nil when there is none.
    static func begin(
        stream: any ConcurrentTrackByteStream, at offset: Int, fileName: String, chunk: Int, sizeLimit: Int,
        latin1: Bool
    ) -> SegmentSplit? {
        guard let start = firstPoint(in: stream, at: offset, fileName: fileName) else { return nil }
        let split = SegmentSplit(start: start)
        split.task = SideTask { () -> Outcome? in
            let window = XMLWindow(
                stream: stream, fileName: fileName, chunk: chunk, sizeLimit: sizeLimit, start: start, hashes: false)
            var end = XMLWindow.pinCapacity
            guard (try? window.fill(end: &end, from: end, want: window.chunk)) != nil else { return nil }
            var scanner = XMLScanner(window: window, end: end)
            scanner.latin1 = latin1
            var parser = GPXParser(scanner: scanner, format: .gpx11)
            parser.isCancelled = { split.cancelled.load(ordering: .relaxed) }
            return try? parser.readTrackRest()
        }
        return split
    }

    /// Waits for the second reader and returns what it read (nil when it failed or was cancelled).
    func finish() -> Outcome? {
        task?.value() ?? nil
    }

    /// Tells the second reader to stop, and waits for it.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        _ = task?.value()
    }

    /// The offset of the first `<trkpt` or `<prefix:trkpt` start tag in the 64 KiB at `offset`.
    private static func firstPoint(in stream: any ConcurrentTrackByteStream, at offset: Int, fileName: String)
        -> Int?
    {
        let probe = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { probe.deallocate() }
        guard let read = try? stream.read(into: probe, at: offset, fileName: fileName), read > 0,
            let base = probe.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else { return nil }
        let count = Swift.min(read, probe.count)
        var i = 0
        while let lt = XMLBytes.find(XMLBytes.lt, in: base, from: i, to: count) {
            var j = lt + 1
            var local = j
            while j < count, !XMLBytes.endsName(base[j]) {
                if base[j] == XMLBytes.colon { local = j + 1 }
                j += 1
            }
            if j < count, j > lt + 1, XMLBytes.startsName(base[lt + 1]),
                XMLBytes.matches("trkpt", in: base, at: local, end: j),
                j - local == 5
            {
                return offset + lt
            }
            i = lt + 1
        }
        return nil
    }
}
