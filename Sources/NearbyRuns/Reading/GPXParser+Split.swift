/// The two sides of a ``SegmentSplit``: starting one, and the second reader's parsing.
extension GPXParser {
    /// A split of the track being read, when the document is streamed from a stream other threads
    /// can read and at least the window's split threshold of bytes lies ahead of the segment whose
    /// (pinned) start tag is `parent`: the second reader starts at the window's split percent of
    /// what is left (``TrackReader`` sets the middle: this reader shares its core with the hashing
    /// thread, the second fills new arrays, and 48-52 % measured alike).
    func beginSplit(parent: XMLTag, at segmentStart: Int) -> SegmentSplit? {
        guard let window = scanner.window, let stream = window.sharedStream, !window.pinsOverflowed,
            parent.nameEnd <= window.pinEnd
        else { return nil }
        let left = scanner.documentSize - segmentStart
        guard left >= window.splitThreshold, left > 0 else { return nil }
        // left × percent / 100, without overflow however large the stream claims to be.
        let share = left / 100 * window.splitPercent + left % 100 * window.splitPercent / 100
        return SegmentSplit.begin(
            stream: stream, at: segmentStart + share, fileName: scanner.fileName, chunk: window.chunk,
            sizeLimit: window.sizeLimit, latin1: scanner.latin1)
    }

    /// Throws when the second reader was told to stop (see ``isCancelled``).
    func checkCancelled() throws(TrackReadError) {
        if let isCancelled, isCancelled() {
            throw .unreadable(file: scanner.fileName, reason: "the second reader was stopped")
        }
    }

    /// The second reader: the rest of the segment and of the track it starts in (see
    /// ``SegmentSplit``); it stops with an error when ``isCancelled`` says so (asked every 1,024
    /// children, here and in each segment).
    mutating func readTrackRest() throws(TrackReadError) -> SegmentSplit.Outcome {
        var points: [TrackPoint] = []
        var track = Track()
        var segmentEnd: Int?
        // Nothing is pinned: the window may always move.
        let parent = XMLTag(nameStart: 0, nameEnd: 0, localStart: 0, attributesEnd: 0, selfClosing: false)
        var children = 0
        while true {
            if children & 1023 == 0 { try checkCancelled() }
            children += 1
            let mark = try scanner.beginUnit(in: parent)
            do throws(TrackReadError) {
                switch try scanner.nextMarkup() {
                case .start(let child):
                    if segmentEnd != nil {
                        try readTrackChild(child, into: &track)
                    } else if scanner.isLocal(child, "trkpt") {
                        points.append(try readPoint(child))
                    } else {
                        try scanner.skipElement(child)
                    }
                case .end(_, _, let offset):
                    guard let segmentEnd else {
                        segmentEnd = scanner.absolute(offset)
                        continue
                    }
                    return SegmentSplit.Outcome(
                        points: points, segmentEnd: segmentEnd, segments: track.segments, name: track.name,
                        activityType: track.activityType, trackEnd: scanner.absolute(offset))
                case .endOfFile:
                    throw scanner.malformed("the end of the track", at: scanner.end)
                }
            } catch {
                try scanner.retry(mark, after: error)
            }
        }
    }
}
