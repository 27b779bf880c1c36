import Dispatch
import NearbyBasics

/// SHA-256 of a streamed document, computed on a second thread while the scanner parses the
/// same chunks: the reader hands each chunk over as it is read and waits (``drain()``) before it
/// moves or frees the bytes, so at most the chunks of one window are in flight.
///
/// `@unchecked Sendable`: `digest` is only touched on the serial `queue`, and read by
/// ``hexDigest()`` after the group has been waited for (a happens-before edge).
final class ChunkHasher: @unchecked Sendable {
    private var digest = SHA256()
    private let queue = DispatchQueue(label: "nearby.track-hash")
    private let group = DispatchGroup()

    /// A chunk's bytes; they must stay unchanged until the next ``drain()``.
    private struct Piece: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }

    /// Hashes `bytes` on the hashing thread, after every chunk submitted before.
    func submit(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let piece = Piece(bytes: bytes)
        queue.async(group: group) { self.digest.update(piece.bytes) }
    }

    /// Waits until every submitted chunk is hashed.
    func drain() { group.wait() }

    /// The digest of every chunk submitted, in order, as 64 lowercase hex digits.
    func hexDigest() -> String {
        drain()
        return digest.hexDigest()
    }
}
