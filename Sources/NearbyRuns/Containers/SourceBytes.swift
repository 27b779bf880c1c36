/// The bytes of one activity source: a slice of the file's buffer or of an inflated one, shared
/// rather than copied (a member stored uncompressed costs no copy at all), or a stream left to be
/// read a piece at a time (``stream``): a plain GPX/TCX file on disk, or a gzip or deflated member
/// inflated as it is read.
public struct SourceBytes: Sendable {
    let storage: [UInt8]
    let range: Range<Int>
    /// The stream, for a GPX/TCX source that is not in memory (a file, or inflated as it is read).
    public let stream: (any TrackByteStream & Sendable)?

    init(_ array: [UInt8], range: Range<Int>? = nil) {
        storage = array
        self.range = range ?? 0..<array.count
        stream = nil
    }

    /// A source read as a stream by ``TrackReader/read(stream:fileName:chunkSize:)``.
    init(streaming stream: any TrackByteStream & Sendable) {
        storage = []
        range = 0..<0
        self.stream = stream
    }

    /// Number of bytes (for a stream, the size it expects: a file's size at open).
    public var count: Int { stream?.expectedSize ?? range.count }

    /// Why the stream stopped, when it is an inflated stream that met a damaged or oversized
    /// member: the container's own sentence, which the reader of the stream cannot word.
    public var streamFailure: ContainerError? { (stream as? InflateStream)?.failure }

    /// Calls `body` with the bytes; the pointer is valid only during the call. A stream is read
    /// whole for the call (as far as it can be read: prefer ``stream``).
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        if let stream {
            let whole = (try? TrackReader.readWhole(stream, fileName: "", limit: Int.max)) ?? []
            let result = whole.withUnsafeBytes { raw in Result { () throws(E) -> R in try body(raw) } }
            return try result.get()
        }
        let result = storage.withUnsafeBytes { raw in
            Result { () throws(E) -> R in try body(UnsafeRawBufferPointer(rebasing: raw[range])) }
        }
        return try result.get()
    }

    /// A copy of the bytes as an array (no copy when they are the whole buffer).
    public var array: [UInt8] {
        if stream == nil, range == 0..<storage.count { return storage }
        return withUnsafeBytes { Array($0) }
    }

    /// The bytes `sub` (relative to this slice), sharing the same storage.
    func slice(_ sub: Range<Int>) -> SourceBytes {
        SourceBytes(storage, range: (range.lowerBound + sub.lowerBound)..<(range.lowerBound + sub.upperBound))
    }
}
