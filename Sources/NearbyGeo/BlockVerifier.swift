// Lazy verification of mapped bytes: each 64 KiB block of a checked region is compared with its
// stored ``BlockChecksum`` the first time a read touches it. The one verifier of the spatial
// index image and the place archive.
import Synchronization

/// Checks a region of mapped bytes block by block, each block the first time it is read.
///
/// The expected hashes come from a table of one little-endian u64 ``BlockChecksum`` per 64 KiB
/// block of the region (the last block may be shorter), which the file's header vouches for. A
/// block whose bytes no longer match throws, so damaged bytes are never used, while a query that
/// reads a few records of a 200 MB file only reads (and pages in) the blocks it needs.
///
/// Thread-safe and lock-free: a block's bit is set with release ordering after its checksum
/// matched; two threads may both hash a block the first time, which is harmless.
public final class BlockVerifier: @unchecked Sendable {
    /// Blocks are 2^16 = 64 KiB.
    public static let blockShift = 16
    /// Bytes per block.
    public static let blockSize = 1 << blockShift

    /// Why a read may not go ahead.
    public enum Failure: Error, Sendable, Hashable {
        /// Block `block` of the region does not match its stored checksum.
        case damaged(block: Int)
        /// The read reaches outside the checked region.
        case outside
        /// The table does not hold one checksum per block of the region.
        case tableSize
    }

    // Immutable after init apart from the atomic words.
    private let base: UnsafeRawPointer
    private let owner: (any AnyObject & Sendable)?
    private let region: Range<Int>
    private let tableOffset: Int
    /// Blocks in the region.
    public let blockCount: Int
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let wordCount: Int

    /// `region` is the checked span and `table` the span of its checksums, both as byte offsets
    /// from `base`, which must hold them (unchanged) for the verifier's life; `owner`, when given,
    /// is retained to keep them so. Throws ``Failure/tableSize`` unless `table` holds exactly one
    /// u64 per block.
    public init(
        base: UnsafeRawPointer, region: Range<Int>, table: Range<Int>, owner: (any AnyObject & Sendable)? = nil
    ) throws(Failure) {
        let blocks = (region.count + Self.blockSize - 1) >> Self.blockShift
        guard table.count == blocks * 8 else { throw .tableSize }
        self.base = base
        self.owner = owner
        self.region = region
        tableOffset = table.lowerBound
        blockCount = blocks
        wordCount = max(1, (blocks + 63) / 64)
        words = .allocate(capacity: wordCount)
        for i in 0..<wordCount { (words + i).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: wordCount)
        words.deallocate()
    }

    /// Checks every block now.
    public func verifyAll() throws(Failure) {
        for block in 0..<blockCount where !isVerified(block) { try verify(block) }
    }

    /// Number of blocks verified so far (for tests and benchmarks).
    public var verifiedCount: Int {
        var total = 0
        for i in 0..<wordCount { total += words[i].load(ordering: .relaxed).nonzeroBitCount }
        return total
    }

    /// Whether block `block` has been verified.
    public func isVerified(_ block: Int) -> Bool {
        guard block >= 0, block < blockCount else { return false }
        return words[block >> 6].load(ordering: .acquiring) & (1 << UInt64(block & 63)) != 0
    }

    /// Ensures the bytes [offset, offset + length) lie in the region and every block under them
    /// is intact, hashing the blocks not checked before.
    @inline(__always) public func check(_ offset: Int, _ length: Int) throws(Failure) {
        guard length >= 0, offset >= region.lowerBound, offset <= region.upperBound - length else {
            throw .outside
        }
        guard length > 0 else { return }
        let first = (offset - region.lowerBound) >> Self.blockShift
        let last = (offset + length - 1 - region.lowerBound) >> Self.blockShift
        var block = first
        while block <= last {
            let bits = words[block >> 6].load(ordering: .acquiring)
            if bits & (1 << UInt64(block & 63)) == 0 { try verify(block) }
            block += 1
        }
    }

    private func verify(_ block: Int) throws(Failure) {
        guard block >= 0, block < blockCount else { throw .damaged(block: block) }
        let start = region.lowerBound + (block << Self.blockShift)
        let length = min(Self.blockSize, region.upperBound - start)
        let stored = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: tableOffset + 8 * block, as: UInt64.self))
        guard BlockChecksum.hash(base + start, byteCount: length) == stored else { throw .damaged(block: block) }
        words[block >> 6].bitwiseOr(1 << UInt64(block & 63), ordering: .releasing)
    }
}

/// What a search does before it reads bytes of the index image.
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

/// The guard of a lazily verified index image.
struct LazyImage: IndexReadGuard {
    let verifier: BlockVerifier
    @inline(__always) func check(_ offset: Int, _ length: Int) throws(SpatialIndexError) {
        do { try verifier.check(offset, length) } catch { throw SpatialIndexError(error) }
    }
}

extension SpatialIndexError {
    /// The index's error for a verifier failure: a damaged block (a read outside the data region,
    /// which a valid image never makes, counts as damage too).
    init(_ failure: BlockVerifier.Failure) {
        switch failure {
        case .damaged(let block): self = .damagedBlock(block)
        case .outside, .tableSize: self = .damagedBlock(-1)
        }
    }
}

extension SpatialIndexLayout {
    /// A verifier of this layout's data region in the image at `base`.
    func verifier(base: UnsafeRawPointer) throws(SpatialIndexError) -> BlockVerifier {
        do {
            return try BlockVerifier(
                base: base, region: dataOffset..<totalSize,
                table: Self.headerSize..<(Self.headerSize + 8 * blockCount))
        } catch {
            throw SpatialIndexError(error)
        }
    }
}
