import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file mapped read-only into memory; the mapping lives as long as this object.
///
/// Queries read the cached place archive through a mapping, so a one-shot command touches only
/// the pages it needs instead of reading and parsing the whole file.
public final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes after init; munmap only in deinit.
    /// The mapped bytes.
    public let bytes: UnsafeRawBufferPointer
    private let base: UnsafeMutableRawPointer?
    private let length: Int

    /// Maps the regular file at `path` (never through a symbolic link; opening never blocks, so
    /// a FIFO is refused rather than waited on), or throws ``MappedFileError``.
    ///
    /// Only files Nearby alone writes, by renaming a new file into place, may be mapped: a file
    /// truncated by another program under a mapping raises SIGBUS when read.
    public init(path: String) throws(MappedFileError) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .cannotOpen(path, "it is not a regular file") }
        guard let size = Int(exactly: info.st_size) else { throw .cannotOpen(path, "its size is out of range") }
        length = size
        if length == 0 {
            base = nil
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            throw .cannotMap(path, String(cString: strerror(errno)))
        }
        base = address
        bytes = UnsafeRawBufferPointer(start: address, count: length)
    }

    deinit {
        if let base { munmap(base, length) }
    }
}

/// Why a file could not be mapped.
public enum MappedFileError: Error, Sendable, CustomStringConvertible {
    case cannotOpen(String, String)
    case cannotMap(String, String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open \(path): \(reason)"
        case .cannotMap(let path, let reason): return "cannot map \(path) into memory: \(reason)"
        }
    }
}
