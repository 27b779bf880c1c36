import NearbySystem
/// A regular file kept open to be read in pieces with `pread`, never mapped (another program
/// truncating a mapped file would kill the process with SIGBUS) and never read whole unless a
/// caller asks for ``SourceBytes/array``.
///
/// `@unchecked Sendable`: the only state is the immutable descriptor, path and size of the
/// ``RegularFile``, and `pread` does not move a shared file position, so reads from any thread
/// are independent.
public final class StreamedFile: ConcurrentTrackByteStream, @unchecked Sendable {
    private let file: RegularFile

    /// Opens `path` as a ``RegularFile`` (a FIFO, a device or a directory is refused).
    public init(path: String) throws(FileReadError) {
        file = try RegularFile(path: path)
    }

    /// Keeps `file` open for streaming.
    public init(_ file: consuming RegularFile) {
        self.file = file
    }

    /// The path the file was opened from.
    public var path: String { file.path }

    /// The size `fstat` reported at open.
    public var expectedSize: Int { file.size }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, fileName: String)
        throws(TrackReadError) -> Int
    {
        do {
            return try file.read(into: buffer, at: offset)
        } catch {
            throw .unreadable(file: fileName, reason: TrackReader.reason(error))
        }
    }
}
