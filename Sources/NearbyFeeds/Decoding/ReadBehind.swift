#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands the pages of an input that decoding has passed back to the system, so a feed mapped
/// from its file does not stay resident beside the archive being built from it.
///
/// It uses `madvise(MADV_PAGEOUT)`, which never changes the bytes (they are read again from
/// the file, or from swap for memory, if touched later); on a system without it nothing
/// happens. Advice is given every ``stride`` bytes, on whole pages only, and the last stride
/// passed is kept: the archive's worker thread (``DraftPipeline``) reads texts of the records
/// just passed a moment later.
struct ReadBehind {
    /// Bytes passed between two pieces of advice.
    static let stride = 8 << 20
    /// Linux's `MADV_PAGEOUT` (5.4 and later; not in every C library's headers).
    private static let pageOut: Int32 = 21
    private let start: UInt
    private let pageSize: UInt
    /// Offset from `start` up to which advice was given.
    private var released = 0

    init(_ base: UnsafeRawPointer?) {
        start = base.map { UInt(bitPattern: $0) } ?? 0
        pageSize = UInt(max(4096, sysconf(Int32(_SC_PAGESIZE))))
    }

    /// Decoding is past `offset`: the whole pages before it may go.
    @inline(__always)
    mutating func passed(_ offset: Int) {
        if offset - released >= 2 * Self.stride { release(upTo: offset - Self.stride) }
    }

    private mutating func release(upTo offset: Int) {
        guard start != 0, offset > released else { return }
        let mask = pageSize - 1
        let from = (start + UInt(released) + mask) & ~mask
        let to = (start + UInt(offset)) & ~mask
        if to > from, let address = UnsafeMutableRawPointer(bitPattern: from) {
            _ = madvise(address, Int(to - from), Self.pageOut)
        }
        released = offset
    }
}
