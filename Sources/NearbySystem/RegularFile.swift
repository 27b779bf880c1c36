import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A regular file opened for reading: the one way Nearby opens a file that came from outside
/// (tracks, manifests, mirror files, cache files).
///
/// Opening never blocks (a FIFO or a device would hold `open(2)` forever), and anything that is not
/// a regular file — a FIFO, a device such as `/dev/zero`, a socket, a directory — is refused with a
/// sentence before a byte is read. With `followSymlinks: false` a symbolic link is refused too
/// (`O_NOFOLLOW`), which is how files inside the cache are opened. Reads are bounded by a limit the
/// caller names, checked against the size and against the bytes actually read (a file may grow).
///
/// The descriptor is owned: it is closed when the value is dropped.
public struct RegularFile: ~Copyable {
    /// The path the file was opened from, for messages.
    public let path: String
    /// The size `fstat` reported when the file was opened.
    public let size: Int
    private let descriptor: Int32

    /// Opens `path` for reading if it is a regular file.
    public init(path: String, followSymlinks: Bool = true) throws(FileReadError) {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        if !followSymlinks { flags |= O_NOFOLLOW }
        let fd = Glibc.open(path, flags)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP && !followSymlinks { throw .symbolicLink(path: path) }
            if code == ENOENT { throw .missing(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            throw .notRegular(path: path, kind: Self.describe(kind))
        }
        // Regular files ignore O_NONBLOCK for reads; clear it anyway so reads are plain.
        let current = fcntl(fd, F_GETFL)
        if current >= 0 { _ = fcntl(fd, F_SETFL, current & ~O_NONBLOCK) }
        self.path = path
        self.size = Int(clamping: info.st_size)
        self.descriptor = fd
    }

    deinit { close(descriptor) }

    /// Reads up to `buffer.count` bytes at the current position; 0 means the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileReadError) -> Int {
        guard let start = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let n = Glibc.read(descriptor, start, buffer.count)
            if n >= 0 { return n }
            let code = errno
            if code == EINTR { continue }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Reads up to `buffer.count` bytes at `offset` (`pread`: the file position does not move);
    /// fewer means the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileReadError) -> Int {
        guard let start = buffer.baseAddress, !buffer.isEmpty, offset >= 0, offset <= Int.max - buffer.count else {
            return 0
        }
        var done = 0
        while done < buffer.count {
            let n = Glibc.pread(descriptor, start + done, buffer.count - done, off_t(offset + done))
            if n == 0 { break }
            if n > 0 {
                done += n
                continue
            }
            let code = errno
            if code == EINTR { continue }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        return done
    }

    /// What one ``send(to:count:)`` did.
    public enum Sent: Sendable, Equatable {
        /// This many bytes went from the current position to the destination (0: the end).
        case bytes(Int)
        /// The kernel cannot copy between these two files: read and write instead.
        case unsupported
        /// The copy failed with this `errno` (the destination is the likely side: it is full
        /// or gone).
        case failed(Int32)
    }

    /// Copies up to `count` bytes from the current position to the open file `destination`
    /// inside the kernel (`sendfile(2)`): no pass through a buffer of ours, so copying a big
    /// feed into the cache costs one copy, not two.
    public func send(to destination: Int32, count: Int) -> Sent {
        guard count > 0 else { return .bytes(0) }
        while true {
            let n = Glibc.sendfile(destination, descriptor, nil, count)
            if n >= 0 { return .bytes(n) }
            let code = errno
            if code == EINTR || code == EAGAIN { continue }
            if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return .unsupported }
            return .failed(code)
        }
    }

    /// The whole file as bytes, refusing a file larger than `limit` bytes (before reading when its
    /// size says so, and while reading when it grows past the limit).
    public func readAll(limit: Int) throws(FileReadError) -> [UInt8] {
        guard size <= limit else { throw .tooLarge(path: path, limit: limit) }
        var bytes: [UInt8] = []
        // The size seen at open, plus a byte to see the end without a second pass.
        bytes.reserveCapacity(min(size, limit) + 1)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let n = try read(into: chunk)
            if n == 0 { break }
            guard bytes.count <= limit - n else { throw .tooLarge(path: path, limit: limit) }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
        }
        return bytes
    }

    /// The whole file as `Data`, refusing one larger than `limit` bytes.
    public func readData(limit: Int) throws(FileReadError) -> Data {
        Data(try readAll(limit: limit))
    }

    /// Opens and reads the whole regular file at `path` in one call.
    public static func readAll(_ path: String, limit: Int, followSymlinks: Bool = true) throws(FileReadError) -> [UInt8]
    {
        let file = try RegularFile(path: path, followSymlinks: followSymlinks)
        return try file.readAll(limit: limit)
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}

/// Why a file from outside could not be read; each case words itself as one sentence.
public enum FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case missing(path: String)
    /// The path names a FIFO, a device, a socket or a directory.
    case notRegular(path: String, kind: String)
    /// The path is a symbolic link where links are not followed.
    case symbolicLink(path: String)
    /// The file is larger than the reader's limit.
    case tooLarge(path: String, limit: Int)
    /// `open` or `read` failed.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): return "\(path) does not exist."
        case .notRegular(let path, let kind): return "\(path) is \(kind), not a regular file."
        case .symbolicLink(let path): return "\(path) is a symbolic link, which Nearby does not follow here."
        case .tooLarge(let path, let limit):
            return "\(path) is larger than the limit of \(ByteCountText.describe(limit))."
        case .unreadable(let path, let reason): return "\(path) cannot be read: \(reason)."
        }
    }
}

/// Byte counts as people read them: `512 MiB`, `3 KiB`, `17 bytes`.
public enum ByteCountText {
    /// `count` in the largest binary unit that divides it evenly, else in bytes.
    public static func describe(_ count: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where count >= size && count % size == 0 { return "\(count / size) \(name)" }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}
