import NearbySystem
/// Where a streamed track's bytes come from: read in order, a piece at a time, by offset.
///
/// ``TrackReader/read(stream:fileName:chunkSize:)`` reads a GPX or TCX document through a window
/// of a few chunks, so the file is never whole in memory. A file (``StreamedFile``) and bytes in
/// memory (``InMemoryTrackStream``, for tests and small sources) conform.
public protocol TrackByteStream {
    /// Reads up to `buffer.count` bytes at `offset` into `buffer`; 0 means the end.
    /// `fileName` names the document in an error.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, fileName: String)
        throws(TrackReadError) -> Int
    /// The size the source says it has (used to size point arrays and to refuse a file over the
    /// limit before a byte is read; the bytes actually read are checked as well).
    var expectedSize: Int { get }
}

/// A ``TrackByteStream`` that several threads may read at once, each read independent of the
/// others (`pread` on a file, bytes in memory). Reading one lets a long track segment be parsed by
/// two readers, each from its own part of the stream.
public protocol ConcurrentTrackByteStream: TrackByteStream, Sendable {}

/// Bytes in memory read as a stream, at most `pieceLimit` bytes per read (so tests can split a
/// document at any offset).
public struct InMemoryTrackStream: ConcurrentTrackByteStream {
    /// The bytes.
    public let bytes: [UInt8]
    /// The most one read returns.
    public let pieceLimit: Int

    /// A stream of `bytes`, handing out at most `pieceLimit` bytes per read.
    public init(_ bytes: [UInt8], pieceLimit: Int = Int.max) {
        self.bytes = bytes
        self.pieceLimit = Swift.max(1, pieceLimit)
    }

    public var expectedSize: Int { bytes.count }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, fileName: String)
        throws(TrackReadError) -> Int
    {
        guard offset >= 0, offset < bytes.count, let target = buffer.baseAddress else { return 0 }
        let n = Swift.min(buffer.count, bytes.count - offset, pieceLimit)
        bytes.withUnsafeBytes { raw in
            if let source = raw.baseAddress { target.copyMemory(from: source + offset, byteCount: n) }
        }
        return n
    }
}
