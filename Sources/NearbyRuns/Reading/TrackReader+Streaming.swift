import NearbySystem
/// A document read from a ``TrackByteStream``, with the SHA-256 of every byte of the stream.
public struct StreamedTrack: Sendable {
    /// The document, after ``PhysicalLimits``.
    public var document: TrackDocument
    /// SHA-256 of the stream's bytes, possibly still being computed.
    public var digest: ContentDigest
    /// SHA-256 of the stream's bytes, 64 lowercase hex digits (waiting for it if need be); nil
    /// when a part of the file could not be read again (see ``ContentDigest/hexDigest()``).
    public var contentHash: String? { digest.hexDigest() }
    /// True when the document was read through the window; false when it was read again whole
    /// (it failed to parse, or a part of it was larger than the window could take).
    public var streamed: Bool
    /// Points read by a second reader (``SegmentSplit``) and taken: 0 when there was none.
    var pointsFromSplit = 0
}

extension TrackReader {
    /// Bytes read at a time when streaming: 1 MiB.
    public static let defaultChunkSize = 1 << 20

    /// Reads a GPX or TCX document from `stream` a chunk at a time, hashing each chunk on a second
    /// thread while the scanner parses it: memory holds the points, a window of about two chunks
    /// and nothing else of the file.
    ///
    /// The result is the same as ``read(_:fileName:)-(UnsafeRawBufferPointer,_)`` on the whole
    /// document, with every error, line number and refusal: when anything fails in the window
    /// (see `XMLScanner+Streaming`), the document is read again whole and that reading decides.
    /// A stream larger than ``sizeLimit`` is refused (by its expected size before reading, and by
    /// the bytes read).
    public func read(stream: some TrackByteStream, fileName: String, chunkSize: Int = TrackReader.defaultChunkSize)
        throws(TrackReadError) -> StreamedTrack
    {
        if stream.expectedSize <= sizeLimit {
            let window = XMLWindow(
                stream: stream, fileName: fileName, chunk: chunkSize, sizeLimit: sizeLimit,
                splitThreshold: splitThreshold,
                splitPercent: splitPercent)
            do {
                let document = try streamed(window)
                return StreamedTrack(
                    document: document, digest: ContentDigest(pending: window), streamed: true,
                    pointsFromSplit: window.pointsFromSplit)
            } catch {
                // A stream that failed (unreadable, past the limit) would fail again whole, after
                // holding everything up to there: only a parse failure is read again.
                if let failure = window.streamFailure { throw failure }
            }
        }
        let bytes = try Self.readWhole(stream, fileName: fileName, limit: sizeLimit)
        let document = try read(bytes, fileName: fileName)
        return StreamedTrack(document: document, digest: ContentDigest(SHA256.hexDigest(of: bytes)), streamed: false)
    }

    /// The document; the window's hasher may still be hashing the last bytes read.
    private func streamed(_ window: XMLWindow) throws(TrackReadError) -> TrackDocument {
        var end = XMLWindow.pinCapacity
        try window.fill(end: &end, from: end, want: window.chunk)
        guard end > XMLWindow.pinCapacity else { throw .notXML(file: window.fileName, line: 1, found: "an empty file") }
        var scanner = XMLScanner(window: window, end: end)
        var document = try parse(&scanner)
        try window.drainRest()
        PhysicalLimits.check(&document)
        return document
    }

    /// Every byte of `stream`, refusing more than `limit` bytes (by the expected size, then by
    /// the bytes read) with the sentence ``read(contentsOf:)`` gives.
    static func readWhole(_ stream: some TrackByteStream, fileName: String, limit: Int) throws(TrackReadError)
        -> [UInt8]
    {
        let tooLarge = TrackReadError.unreadable(
            file: fileName, reason: reason(.tooLarge(path: fileName, limit: limit)))
        guard stream.expectedSize <= limit else { throw tooLarge }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Swift.min(stream.expectedSize, limit) + 1)
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { piece.deallocate() }
        while true {
            let n = try stream.read(into: piece, at: bytes.count, fileName: fileName)
            if n == 0 { break }
            guard n <= limit - bytes.count else { throw tooLarge }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[0..<n]))
        }
        return bytes
    }
}
