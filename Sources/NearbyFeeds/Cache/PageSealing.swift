import Foundation
import NearbySystem
/// What a refresh still owes the pages it fetched into the new generation, done beside the
/// validator's decoding as two ``SideTask``s: the SHA-256 of each page the fetcher did not hash
/// as it wrote it with the checksum of all pages (one page's hash, or the hash of the pages in
/// order), and an `fsync` of every page file, which must be on disk before the generation
/// becomes `current` (``waitUntilSynced()``).
///
/// Hashing maps one page at a time (``PageBodies``), which nothing writes any more, and hashes it
/// once for both its own digest and the checksum. ``finishQuietly()`` waits for both tasks, so
/// neither outlives the refresh.
struct PageSealing: Sendable {
    private let hashing: SideTask<Digests>
    private let syncing: SideTask<Result<Void, StorageFailure>>

    private struct Digests: Sendable {
        var pages: [String]
        var checksum: String
    }

    /// Starts on `bodies` (in order), `known` digests (nil: to be computed) and the page files.
    init(bodies: PageBodies, known: [String?], files: [URL]) {
        hashing = SideTask {
            var pages: [String] = []
            var whole = SHA256()
            for (index, digest) in zip(bodies.indices, known) {
                let body = bodies[index]
                if bodies.count > 1 { whole.update(body) }
                pages.append(digest ?? SHA256.hexDigest(of: body))
            }
            if pages.count == 1, let only = pages.first { return Digests(pages: pages, checksum: only) }
            return Digests(pages: pages, checksum: whole.hexDigest())
        }
        syncing = SideTask {
            for file in files {
                do throws(StorageFailure) {
                    try CacheFiles.syncFile(file)
                } catch {
                    return .failure(error)
                }
            }
            return .success(())
        }
    }

    /// The SHA-256 of each page, in order (waits for the hashing).
    var pageDigests: [String] { hashing.value().pages }

    /// The checksum of the pages (waits for the hashing).
    var checksum: String { hashing.value().checksum }

    /// Waits until every page file is on disk; throws the failure of its `fsync`.
    func waitUntilSynced() throws(StorageFailure) {
        try syncing.value().get()
    }

    /// Waits for both tasks to end, whatever they found.
    func finishQuietly() {
        _ = hashing.value()
        _ = syncing.value()
    }
}
