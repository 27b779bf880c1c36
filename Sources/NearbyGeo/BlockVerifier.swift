// Lazy verification of a mapped index image: each 64 KiB data block is checked against its
// stored checksum the first time a query reads from it.
import Synchronization

/// What a search does before it reads bytes of the image.
protocol IndexReadGuard {
    associatedtype Failure: Error
    /// Ensures the bytes [offset, offset + length) of the image (within the data region) are
    /// trustworthy, or throws.
    func check(_ offset: Int, _ length: Int) throws(Failure)
}

/// An image the index built itself, or verified in full: nothing to check.
struct TrustedImage: IndexReadGuard {
    typealias Failure = Never
    @inline(__always) func check(_ offset: Int, _ length: Int) {}
}

/// The verified-block bitset of a mapped image, shared by all queries (thread-safe: bits are
/// set with release ordering after a block's checksum matched; two threads may both hash a block
/// the first time, which is harmless).
final class BlockVerifier: @unchecked Sendable {
    // Immutable after init apart from the atomic words.
    private let base: UnsafeRawPointer
    private let layout: SpatialIndexLayout
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let wordCount: Int

    /// `base` must hold the whole image (its header already validated) for the verifier's life.
    init(base: UnsafeRawPointer, layout: SpatialIndexLayout) {
        self.base = base
        self.layout = layout
        wordCount = max(1, (layout.blockCount + 63) / 64)
        words = .allocate(capacity: wordCount)
        for i in 0..<wordCount { (words + i).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: wordCount)
        words.deallocate()
    }

    /// Checks every block now.
    func verifyAll() throws(SpatialIndexError) {
        for block in 0..<layout.blockCount { try verify(block) }
    }

    /// Number of blocks verified so far (for tests and benchmarks).
    var verifiedCount: Int {
        var total = 0
        for i in 0..<wordCount { total += words[i].load(ordering: .relaxed).nonzeroBitCount }
        return total
    }

    func isVerified(_ block: Int) -> Bool {
        words[block >> 6].load(ordering: .acquiring) & (1 << UInt64(block & 63)) != 0
    }

    @inline(__always) func check(_ offset: Int, _ length: Int) throws(SpatialIndexError) {
        let first = (offset - layout.dataOffset) >> SpatialIndexLayout.blockShift
        let last = (offset + length - 1 - layout.dataOffset) >> SpatialIndexLayout.blockShift
        var block = first
        while block <= last {
            let bits = words[block >> 6].load(ordering: .acquiring)
            if bits & (1 << UInt64(block & 63)) == 0 { try verify(block) }
            block += 1
        }
    }

    private func verify(_ block: Int) throws(SpatialIndexError) {
        guard block >= 0, block < layout.blockCount else { throw .damagedBlock(block) }
        let range = layout.blockRange(block)
        let stored = UInt64(
            littleEndian: base.loadUnaligned(
                fromByteOffset: SpatialIndexLayout.headerSize + 8 * block, as: UInt64.self))
        guard IndexChecksum.hash(base + range.lowerBound, byteCount: range.count) == stored else {
            throw .damagedBlock(block)
        }
        words[block >> 6].bitwiseOr(1 << UInt64(block & 63), ordering: .releasing)
    }
}

/// The guard of a lazily verified image.
struct LazyImage: IndexReadGuard {
    let verifier: BlockVerifier
    @inline(__always) func check(_ offset: Int, _ length: Int) throws(SpatialIndexError) {
        try verifier.check(offset, length)
    }
}
