#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import NearbyGeo

/// One reservation of address space from which the sections of an archive being built take
/// their chunks (``PagedBytes``), one after another; once the sections are written out, their
/// pages (already faulted in) are lent to the build of the archive's spatial index, so the
/// build does not fault in as much memory again while the old pages are unmapped.
///
/// The reservation is inaccessible until chunks are carved from it (each is then made writable,
/// and charged to the process, as a chunk of its own would be). When it is used up, or cannot be
/// made, chunks are mapped on their own as before: the arena saves work, it limits nothing.
/// Everything is unmapped when the arena goes.
///
/// `@unchecked Sendable`: used by one thread at a time (the sections' worker, then the builder's
/// thread once the worker has stopped); lent bytes belong to the borrower, and an index built in
/// them keeps the arena alive.
final class SectionArena: IndexBuildMemory, @unchecked Sendable {
    /// The address space reserved: 16 GiB (sections past it take chunks of their own).
    static let reservation = 16 << 30
    /// Linux's `MADV_NOHUGEPAGE`, as ``PagedBytes`` asks of its own chunks.
    private static let smallPages: Int32 = 15
    private let capacity: Int
    private var base: UnsafeMutableRawPointer?
    private var unavailable = false
    /// Bytes from `base` that are writable.
    private var writable = 0
    /// Bytes carved into chunks so far.
    private var carved = 0
    /// Set by ``recycle()``: the carved pages are lent from then on, no more chunks are carved.
    private var recycling = false
    /// Bytes lent since ``recycle()``.
    private var lent = 0

    init(capacity: Int = SectionArena.reservation) {
        self.capacity = capacity
    }

    deinit {
        if let base { munmap(base, capacity) }
    }

    /// The next chunk of ``PagedBytes/chunkSize`` writable bytes; nil when the arena has none.
    func chunk() -> UnsafeMutableRawPointer? {
        let size = PagedBytes.chunkSize
        guard !recycling, size <= capacity - carved, let base = reserved(), makeWritable(upTo: carved + size)
        else { return nil }
        defer { carved += size }
        return base + carved
    }

    /// True when `pointer` is in the arena (a chunk it carved).
    func owns(_ pointer: UnsafeMutableRawPointer) -> Bool {
        guard let base else { return false }
        return pointer >= base && pointer < base + capacity
    }

    /// Every chunk carved has been written out and let go: their pages are lent from now on.
    func recycle() {
        recycling = true
    }

    /// After ``recycle()``: the next `byteCount` bytes from the start of the arena (64-byte
    /// aligned), those of chunks carved first; nil before ``recycle()`` or when they do not fit.
    func lend(byteCount: Int) -> UnsafeMutableRawPointer? {
        guard recycling, byteCount > 0, let base else { return nil }
        let start = (lent + 63) & ~63
        guard start <= capacity, byteCount <= capacity - start, makeWritable(upTo: start + byteCount) else {
            return nil
        }
        lent = start + byteCount
        return base + start
    }

    /// Gives the pages past what was lent back to the system (they read as zero if touched).
    func trim() {
        guard let base else { return }
        let page = Int(getpagesize())
        let keep = (lent + page - 1) / page * page
        guard keep < writable else { return }
        _ = madvise(base + keep, writable - keep, MADV_DONTNEED)
    }

    /// The reservation, made on first use; nil when the system refuses it.
    private func reserved() -> UnsafeMutableRawPointer? {
        if let base { return base }
        guard !unavailable else { return nil }
        guard
            let region = mmap(nil, capacity, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
            region != MAP_FAILED
        else {
            unavailable = true
            return nil
        }
        _ = madvise(region, capacity, Self.smallPages)
        base = region
        return region
    }

    /// Makes the first `end` bytes writable (in whole chunks); false when the system refuses.
    private func makeWritable(upTo end: Int) -> Bool {
        guard let base else { return false }
        guard end > writable else { return true }
        let size = PagedBytes.chunkSize
        let target = min(capacity, (end + size - 1) / size * size)
        guard mprotect(base + writable, target - writable, PROT_READ | PROT_WRITE) == 0 else { return false }
        writable = target
        return true
    }
}
