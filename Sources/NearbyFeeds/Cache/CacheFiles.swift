import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file-system failure inside the cache: the path and the system's reason.
struct StorageFailure: Error, Sendable {
    let path: String
    let reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// A failure from the current `errno`.
    init(path: String, operation: String) {
        self.path = path
        self.reason = "\(operation): \(String(cString: strerror(errno)))"
    }
}

/// The durable, atomic file operations the cache is built from (POSIX underneath).
enum CacheFiles {
    /// Creates `url` and its parents if missing.
    static func makeDirectory(_ url: URL) throws(StorageFailure) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw StorageFailure(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Writes `data` to a new file at `url` (which must not exist) and flushes it to disk.
    static func writeNewFile(_ data: Data, to url: URL) throws(StorageFailure) {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StorageFailure(path: url.path, operation: "open") }
        defer { close(fd) }
        var failure: StorageFailure? = nil
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = StorageFailure(path: url.path, operation: "write")
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
        guard fsync(fd) == 0 else { throw StorageFailure(path: url.path, operation: "fsync") }
    }

    /// Flushes a directory's entries (new names, renames) to disk.
    static func syncDirectory(_ url: URL) throws(StorageFailure) {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw StorageFailure(path: url.path, operation: "open") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw StorageFailure(path: url.path, operation: "fsync") }
    }

    /// Atomically replaces `url` with `replacement` (same folder) by rename(2).
    static func rename(_ replacement: URL, over url: URL) throws(StorageFailure) {
        guard Glibc.rename(replacement.path, url.path) == 0 else {
            throw StorageFailure(path: url.path, operation: "rename")
        }
    }

    /// Atomically points the symlink `link` at `target` (a name relative to the link's folder).
    static func pointSymlink(_ link: URL, to target: String) throws(StorageFailure) {
        let temporary = link.deletingLastPathComponent()
            .appendingPathComponent(link.lastPathComponent + ".tmp", isDirectory: false)
        unlink(temporary.path)
        guard symlink(target, temporary.path) == 0 else {
            throw StorageFailure(path: temporary.path, operation: "symlink")
        }
        do {
            try rename(temporary, over: link)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// The target of a symlink, or nil if `link` is not one.
    static func readSymlink(_ link: URL) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link.path, &buffer, Int(PATH_MAX))
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a file or folder tree if it exists; failures are ignored (used for clean-up only).
    static func removeQuietly(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// Names in a folder (empty if it cannot be listed).
    static func list(_ url: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    /// Runs `body` holding an exclusive flock(2) on `lockFile` (created if missing); waits for it.
    static func withExclusiveLock<T, E: Error>(
        _ lockFile: URL, _ body: () throws(E) -> T
    ) throws(StorageFailure) -> Result<T, E> {
        let fd = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StorageFailure(path: lockFile.path, operation: "open") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw StorageFailure(path: lockFile.path, operation: "flock") }
        }
        defer { flock(fd, LOCK_UN) }
        do {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }
}
