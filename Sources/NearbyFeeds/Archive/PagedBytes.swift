#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growing byte store in separately mapped chunks, for the sections of a place archive
/// being built: growing never copies what is stored (no doubling, no moment with two copies),
/// and ``drain(into:)`` lets each chunk go as soon as it is copied out, so the finished archive
/// replaces the sections instead of joining them in memory: unmapped, or, when it came from
/// the archive's ``SectionArena``, left there for its spatial index to be built in.
///
/// Chunks are anonymous `mmap` regions, not `malloc` blocks: freed heap blocks often stay in
/// the process, while an unmapped chunk leaves it at once. Each asks for small pages
/// (`MADV_NOHUGEPAGE`): a transparent huge page is zeroed 2 MiB at a time on its first touch, and
/// on the virtual machines Nearby is measured on that cost more CPU than the 4 KiB page faults
/// it saves (a refresh of the 1 M-record JSON feed: 2.06 s CPU with huge pages, 1.90 s without,
/// medians of 10 alternating runs; BENCHMARKS.md, round 12).
final class PagedBytes {
    /// 16 MiB: fewer maps and unmaps than 4 MiB chunks (a 1 M-record refresh maps about 170 MB),
    /// which cost the JSON refresh about 0.1 s of kernel time (1.68–1.71 s CPU against
    /// 1.79–1.85 s, 8 alternating runs in each order); only the pages written are resident.
    static let chunkSize = 16 << 20
    /// Linux's `MADV_NOHUGEPAGE` (advice only: a system without huge pages ignores it).
    private static let smallPages: Int32 = 15
    /// Where chunks come from first (an archive's sections share one), or nil.
    private var arena: SectionArena?
    // No dynamic exclusivity checks on the stores of every append and comparison (they were
    // 0.5 % of a refresh): a store belongs to one thread at a time and its methods do not
    // call each other while one of these is being changed.
    @exclusivity(unchecked) private var chunks: [UnsafeMutableRawPointer] = []
    /// The last chunk (nil before the first), so appends that fit do not touch ``chunks``.
    @exclusivity(unchecked) private var tail: UnsafeMutableRawPointer?
    /// Bytes used in the last chunk.
    @exclusivity(unchecked) private var used = PagedBytes.chunkSize
    /// Bytes stored.
    @exclusivity(unchecked) private(set) var count = 0
    /// True once an append failed for want of memory (what it held is then incomplete).
    private(set) var failed = false

    /// A store whose chunks come from `arena` while it has them (they stay its pages when let
    /// go), else are mapped one by one.
    init(arena: SectionArena? = nil) {
        self.arena = arena
    }

    deinit { release() }

    /// Appends `bytes`; false when the system gives no memory for a new chunk.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var source = bytes.baseAddress else { return true }
        var left = bytes.count
        if let tail, left <= Self.chunkSize - used {
            (tail + used).copyMemory(from: source, byteCount: left)
            used += left
            count += left
            return true
        }
        while left > 0 {
            if used == Self.chunkSize {
                guard let chunk = arena?.chunk() ?? Self.mappedChunk() else {
                    failed = true
                    return false
                }
                chunks.append(chunk)
                tail = chunk
                used = 0
            }
            let take = min(left, Self.chunkSize - used)
            guard let last = chunks.last else { return false }
            (last + used).copyMemory(from: source, byteCount: take)
            used += take
            count += take
            left -= take
            source += take
        }
        return true
    }

    /// Appends a little-endian integer.
    @inline(__always)
    func append<T: FixedWidthInteger>(_ value: T) {
        let size = MemoryLayout<T>.size
        if used + size <= Self.chunkSize, let tail {
            (tail + used).storeBytes(of: value.littleEndian, as: T.self)
            used += size
            count += size
            return
        }
        withUnsafeBytes(of: value.littleEndian) { _ = append($0) }
    }

    /// Appends a double's bits, little-endian.
    func append(_ value: Double) { append(value.bitPattern) }

    /// True when the `length` bytes stored at `offset` equal `bytes`.
    func equals(at offset: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var wanted = bytes.baseAddress else { return true }
        var position = offset
        var left = bytes.count
        while left > 0 {
            let chunk = position / Self.chunkSize
            let within = position % Self.chunkSize
            let take = min(left, Self.chunkSize - within)
            guard chunk < chunks.count, ShortBytes.equal(chunks[chunk] + within, wanted, count: take) else {
                return false
            }
            position += take
            left -= take
            wanted += take
        }
        return true
    }

    /// Calls `body` with each stored run of bytes from `offset` up to `offset + length`.
    func read(at offset: Int, length: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        var position = offset
        var left = length
        while left > 0 {
            let chunk = position / Self.chunkSize
            let within = position % Self.chunkSize
            let take = min(left, Self.chunkSize - within)
            guard chunk < chunks.count else { return }
            body(UnsafeRawBufferPointer(start: chunks[chunk] + within, count: take))
            position += take
            left -= take
        }
    }

    /// Copies every byte to `target` in order, unmapping each chunk once copied; empty after.
    func drain(into target: UnsafeMutableRawPointer) {
        var offset = 0
        drain { chunk in
            guard let base = chunk.baseAddress else { return }
            (target + offset).copyMemory(from: base, byteCount: chunk.count)
            offset += chunk.count
        }
    }

    /// Hands every stored run of bytes to `body` in order, unmapping each chunk once `body`
    /// returns; empty after (also when `body` throws: what was not handed on is dropped).
    func drain<E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        defer {
            release()
            used = Self.chunkSize
            count = 0
        }
        while !chunks.isEmpty {
            let chunk = chunks.removeFirst()
            let length = chunks.isEmpty ? used : Self.chunkSize
            defer { letGo(chunk) }
            try body(UnsafeRawBufferPointer(start: chunk, count: length))
        }
    }

    private func release() {
        for chunk in chunks { letGo(chunk) }
        chunks = []
        tail = nil
        arena = nil
    }

    /// A chunk mapped on its own; nil when the system gives no memory.
    private static func mappedChunk() -> UnsafeMutableRawPointer? {
        guard
            let chunk = mmap(nil, chunkSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            chunk != MAP_FAILED
        else { return nil }
        _ = madvise(chunk, chunkSize, smallPages)
        return chunk
    }

    /// Unmaps a chunk of its own; an arena's stays the arena's.
    private func letGo(_ chunk: UnsafeMutableRawPointer) {
        if arena?.owns(chunk) != true { munmap(chunk, Self.chunkSize) }
    }
}
