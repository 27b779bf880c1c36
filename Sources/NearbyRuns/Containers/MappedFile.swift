#if canImport(Glibc)
    import Glibc
#endif

/// A regular file mapped read-only into memory: an archive is read in place, without a copy, and
/// members stored uncompressed are handed on as slices of the mapping.
///
/// Opening never blocks (`O_NONBLOCK`) and anything but a regular file is refused, as
/// `RegularFile` does. The mapping is private and never written, so sharing it between threads is
/// safe; it is unmapped when the last reference goes.
final class MappedFile: @unchecked Sendable {
    // @unchecked: `base` is a read-only private mapping owned by this object and never mutated.
    let base: UnsafeRawPointer?
    let count: Int

    init(path: String) throws(ContainerError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw .unreadable(path: path, reason: kind == S_IFDIR ? "it is a directory" : "it is not a regular file")
        }
        guard let size = Int(exactly: info.st_size), size > 0 else {
            base = nil
            count = 0
            return
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        madvise(mapped, size, MADV_SEQUENTIAL)
        base = UnsafeRawPointer(mapped)
        count = size
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
