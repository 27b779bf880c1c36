import NearbyGeo
import Synchronization

/// Checks a mapped file block by block, each block the first time it is read.
///
/// The expected hashes come from a table the archive's header vouches for; a block whose bytes no
/// longer match throws, so damaged bytes are never used, while a query that reads a few records
/// of a 200 MB archive only reads (and pages in) the blocks it needs.
final class BlockVerifier: Sendable {
    private let file: MappedFile
    private let region: Range<Int>
    private let table: Range<Int>
    private let verified: Mutex<[UInt64]>

    /// `region` is the checked span of the file; `table` the span holding one little-endian u64
    /// hash per block of it.
    init(file: MappedFile, region: Range<Int>, table: Range<Int>) throws(PlaceArchiveError) {
        let blocks = (region.count + PlaceArchiveLayout.blockSize - 1) / PlaceArchiveLayout.blockSize
        guard table.count == blocks * 8 else { throw .badHeader("block table size") }
        self.file = file
        self.region = region
        self.table = table
        verified = Mutex([UInt64](repeating: 0, count: (blocks + 63) / 64))
    }

    /// Checks every block now (for commands that read much of the archive anyway).
    func checkAll() throws(PlaceArchiveError) { try check(region) }

    /// Throws ``PlaceArchiveError/checksumMismatch`` unless every block under `range` is intact.
    func check(_ range: Range<Int>) throws(PlaceArchiveError) {
        guard range.lowerBound >= region.lowerBound, range.upperBound <= region.upperBound else {
            throw .badHeader("a read outside the checked region")
        }
        let bytes = file.bytes
        guard !range.isEmpty, let base = bytes.baseAddress else { return }
        let first = (range.lowerBound - region.lowerBound) / PlaceArchiveLayout.blockSize
        let last = (range.upperBound - 1 - region.lowerBound) / PlaceArchiveLayout.blockSize
        let ok = verified.withLock { bits -> Bool in
            for block in first...last where bits[block >> 6] & (1 << UInt64(block & 63)) == 0 {
                let start = region.lowerBound + block * PlaceArchiveLayout.blockSize
                let length = min(PlaceArchiveLayout.blockSize, region.upperBound - start)
                let expected = UInt64(
                    littleEndian: bytes.loadUnaligned(fromByteOffset: table.lowerBound + block * 8, as: UInt64.self))
                guard IndexChecksum.hash(base + start, byteCount: length) == expected else { return false }
                bits[block >> 6] |= 1 << UInt64(block & 63)
            }
            return true
        }
        if !ok { throw .checksumMismatch }
    }
}
