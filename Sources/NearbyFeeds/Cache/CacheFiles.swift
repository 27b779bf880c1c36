import Foundation
import NearbySystem

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

/// Why the cache's lock could not be taken.
enum LockFailure: Error, Sendable {
    /// Opening or locking the lock file failed.
    case storage(StorageFailure)
    /// Another process held the lock longer than the wait allowed.
    case timedOut(seconds: Double)
}

/// The durable, atomic file operations the cache is built from (POSIX underneath).
///
/// The cache holds Nearby's own files and nothing else, also when its folder is shared or
/// writable by others: nothing inside it is opened through a symbolic link (`O_NOFOLLOW`, lstat),
/// new files are created exclusively (`O_EXCL`), temporary names are unpredictable, and only
/// regular files are read (a FIFO would block `open` forever).
enum CacheFiles {
    /// An unpredictable name for a temporary file beside `name`, ending in `.tmp`.
    static func temporaryName(for name: String) -> String {
        let random = UInt64.random(in: .min ... .max)
        let hex = String(random, radix: 16)
        return "\(name).\(String(repeating: "0", count: 16 - hex.count))\(hex).tmp"
    }

    /// What is at `url` without following a link: nil when nothing is there.
    static func kind(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Creates a new folder `url` (its parent must exist); fails if anything is already there.
    static func makeNewDirectory(_ url: URL) throws(StorageFailure) {
        guard mkdir(url.path, 0o755) == 0 else { throw StorageFailure(path: url.path, operation: "mkdir") }
    }

    /// The size of the regular file at `url` (not followed through a link).
    static func regularFileSize(_ url: URL) throws(StorageFailure) -> Int {
        let (fd, size) = try openRegular(url)
        close(fd)
        return size
    }

    /// Opens the regular file at `url` for reading, not through a link and without blocking:
    /// its descriptor (the caller closes it) and its size.
    private static func openRegular(_ url: URL) throws(StorageFailure) -> (Int32, Int) {
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw StorageFailure(path: url.path, operation: "open") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw StorageFailure(path: url.path, operation: "fstat")
        }
        guard info.st_mode & S_IFMT == S_IFREG, let size = Int(exactly: info.st_size) else {
            close(fd)
            throw StorageFailure(path: url.path, reason: "it is not a regular file")
        }
        return (fd, size)
    }

    /// Maps a regular file inside the cache read-only (never through a link, never waiting on a
    /// FIFO: ``MappedFile``, the one mapping of Nearby); Nearby alone writes these files, by
    /// creating them new, so the mapping cannot be truncated under a reader. The mapping lives as
    /// long as the returned bytes.
    static func mapped(_ url: URL) throws(StorageFailure) -> Data {
        let file: MappedFile
        do {
            file = try MappedFile(path: url.path)
        } catch {
            switch error {
            case .cannotOpen(let path, let reason), .cannotMap(let path, let reason):
                throw StorageFailure(path: path, reason: reason)
            }
        }
        guard let base = file.bytes.baseAddress, !file.bytes.isEmpty else { return Data() }
        return Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: file.bytes.count,
            deallocator: .custom { _, _ in withExtendedLifetime(file) {} })
    }

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
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
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

    /// Flushes a regular file's bytes to disk (never through a link).
    static func syncFile(_ url: URL) throws(StorageFailure) {
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw StorageFailure(path: url.path, operation: "open") }
        defer { close(fd) }
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
            .appendingPathComponent(temporaryName(for: link.lastPathComponent), isDirectory: false)
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
        guard length > 0, length <= Int(PATH_MAX) else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a file, link or folder tree if it exists, never following a link (a link is
    /// removed, not its target); failures are ignored (used for clean-up only).
    static func removeQuietly(_ url: URL) {
        guard let kind = kind(url) else { return }
        if kind == S_IFDIR {
            for name in list(url) { removeQuietly(url.appendingPathComponent(name)) }
            rmdir(url.path)
        } else {
            unlink(url.path)
        }
    }

    /// Names in a folder (empty if it cannot be listed).
    static func list(_ url: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    /// Runs `body` holding an exclusive flock(2) on `lockFile` (created if missing, never through
    /// a link); waits at most `wait` seconds for it, then throws `LockFailure.timedOut`.
    static func withExclusiveLock<T, E: Error>(
        _ lockFile: URL, wait: Double, _ body: () throws(E) -> T
    ) throws(LockFailure) -> Result<T, E> {
        let fd = open(lockFile.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .storage(StorageFailure(path: lockFile.path, operation: "open"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .storage(StorageFailure(path: lockFile.path, reason: "it is not a regular file"))
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(
            by: .milliseconds(Int(exactly: (min(max(wait, 0), 86_400) * 1000).rounded()) ?? 0))
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                throw .storage(StorageFailure(path: lockFile.path, operation: "flock"))
            }
            guard clock.now < deadline else { throw .timedOut(seconds: wait) }
            usleep(20_000)
        }
        defer { flock(fd, LOCK_UN) }
        do {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }
}
