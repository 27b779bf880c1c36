import Dispatch
import NearbySystem
/// SHA-256 of a streamed document, computed on a second thread while the scanner parses the
/// same chunks: the reader hands each chunk over as it is read and waits (``drain()``) before it
/// moves or frees the bytes, so at most the chunks of one window are in flight. Bytes the reader
/// skips (a part a second reader parsed) are read again by the hashing thread itself, in order.
///
/// `@unchecked Sendable`: `digest` and `failed` are only touched on the serial `queue`, and read
/// by ``hexDigest()`` after the group has been waited for (a happens-before edge).
final class ChunkHasher: @unchecked Sendable {
    private var digest = SHA256()
    private var failed = false
    private let queue = DispatchQueue(label: "nearby.track-hash")
    private let group = DispatchGroup()

    /// A chunk's bytes; they must stay unchanged until the next ``drain()``.
    ///
    /// `@unchecked Sendable`: a pointer the hashing thread only reads, to bytes the submitter
    /// neither writes nor frees until ``drain()`` has waited for that read.
    private struct Piece: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }

    /// Hashes `bytes` on the hashing thread, after every chunk submitted before.
    func submit(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let piece = Piece(bytes: bytes)
        queue.async(group: group) { self.digest.update(piece.bytes) }
    }

    /// Reads `stream` from `offset` up to `end` on the hashing thread and hashes it, after every
    /// chunk submitted before. A read that fails or ends early makes ``hexDigest()`` nil.
    func submit(stream: any ConcurrentTrackByteStream, from offset: Int, to end: Int, fileName: String) {
        guard end > offset else { return }
        queue.async(group: group) {
            guard !self.failed else { return }
            let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { piece.deallocate() }
            var at = offset
            while at < end {
                let room = UnsafeMutableRawBufferPointer(rebasing: piece[0..<Swift.min(piece.count, end - at)])
                guard let n = try? stream.read(into: room, at: at, fileName: fileName), n > 0, n <= room.count else {
                    self.failed = true
                    return
                }
                self.digest.update(UnsafeRawBufferPointer(rebasing: piece[0..<n]))
                at += n
            }
        }
    }

    /// Waits until every submitted chunk is hashed.
    func drain() { group.wait() }

    /// The digest of every chunk submitted, in order, as 64 lowercase hex digits; nil when a part
    /// the hashing thread read itself could not be read (the file changed or failed meanwhile).
    func hexDigest() -> String? {
        drain()
        return failed ? nil : digest.hexDigest()
    }
}
