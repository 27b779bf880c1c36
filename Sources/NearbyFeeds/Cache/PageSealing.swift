import Foundation
import NearbySystem
/// What a refresh still owes the pages it fetched into the new generation, done on a thread of
/// its own while the validator decodes them: the SHA-256 of each page the fetcher did not hash
/// as it wrote it, the checksum of all pages (one page's hash, or the hash of the pages in
/// order), and an `fsync` of every page file, which must be on disk before the generation
/// becomes `current` (``waitUntilSynced()``).
///
/// Hashing maps one page at a time (``PageBodies``), which nothing writes any more, and hashes it
/// once for both its own digest and the checksum; the results are handed over under a lock.
/// ``finishQuietly()`` waits for the thread, so it never outlives the refresh.
final class PageSealing: @unchecked Sendable {
    /// Every field below is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var digests: (pages: [String], checksum: String)?
    private var synced: Result<Void, StorageFailure>?

    /// Starts on `bodies` (in order), `known` digests (nil: to be computed) and the page files.
    init(bodies: PageBodies, known: [String?], files: [URL]) {
        Thread { [self] in
            var pages: [String] = []
            var whole = SHA256()
            for (index, digest) in zip(bodies.indices, known) {
                let body = bodies[index]
                if bodies.count > 1 { whole.update(body) }
                pages.append(digest ?? SHA256.hexDigest(of: body))
            }
            let checksum: String
            if pages.count == 1, let only = pages.first {
                checksum = only
            } else {
                checksum = whole.hexDigest()
            }
            publish { digests = (pages, checksum) }
            var result: Result<Void, StorageFailure> = .success(())
            for file in files {
                do throws(StorageFailure) {
                    try CacheFiles.syncFile(file)
                } catch {
                    result = .failure(error)
                    break
                }
            }
            publish { synced = result }
        }.start()
    }

    private func publish(_ change: () -> Void) {
        condition.lock()
        change()
        condition.broadcast()
        condition.unlock()
    }

    /// The SHA-256 of each page, in order (waits for the hashing).
    var pageDigests: [String] {
        condition.lock()
        defer { condition.unlock() }
        while digests == nil { condition.wait() }
        return digests?.pages ?? []
    }

    /// The checksum of the pages (waits for the hashing).
    var checksum: String {
        condition.lock()
        defer { condition.unlock() }
        while digests == nil { condition.wait() }
        return digests?.checksum ?? ""
    }

    /// Waits until every page file is on disk; throws the failure of its `fsync`.
    func waitUntilSynced() throws(StorageFailure) {
        condition.lock()
        defer { condition.unlock() }
        while synced == nil { condition.wait() }
        try synced?.get()
    }

    /// Waits for the thread to end, whatever it found.
    func finishQuietly() {
        try? waitUntilSynced()
    }
}
