import Foundation
import NearbyGeo

/// The layout of a walking network file (`.nbywalk`), little-endian:
///
/// - a 512-byte header: the magic `NBYWALK1`, the format version (UInt32), the counts (nodes,
///   directed edges, names, components, grid cells, grid entries, ways, missing nodes; UInt64
///   each), a table of 16 sections (offset and length, UInt64 each), and at byte 504 the
///   ``BlockChecksum`` of the 504 bytes before it;
/// - the sections, each 8-byte aligned: latitudes and longitudes (Float64 × nodes), components
///   (UInt32 × nodes), component sizes, row offsets (UInt32 × nodes + 1), targets (UInt32), lengths
///   (Float64), edge names (UInt32), name offsets and bytes, grid keys (UInt64), grid offsets and
///   entries (UInt32), the provenance (JSON), and last the table of one ``BlockChecksum`` per
///   64 KiB block of everything between the header and that table, which ``BlockVerifier`` checks
///   lazily: a query pages in and verifies only the blocks it reads.
enum WalkNetworkFile {
    static let magic = Array("NBYWALK1".utf8)
    /// 2: grid cells of 1/2000° (1: 1/400°).
    static let version: UInt32 = 2
    static let headerSize = 512
    static let checksumOffset = 504

    enum Section: Int, CaseIterable {
        case latitudes, longitudes, components, componentSizes, offsets, targets, lengths, edgeNames
        case nameOffsets, nameBytes, cellKeys, cellOffsets, cellEdges, info, checksums
    }

    /// The file's bytes for `graph` and `info`.
    static func encode(_ graph: WalkGraph, info: Data) -> [UInt8] {
        var sections: [[UInt8]] = []
        func bytes<T>(_ values: [T]) -> [UInt8] { values.withUnsafeBytes { Array($0) } }
        var nameOffsets: [UInt32] = [0]
        var nameBytes: [UInt8] = []
        for name in graph.names {
            nameBytes += Array(name.utf8)
            nameOffsets.append(UInt32(nameBytes.count))
        }
        sections = [
            bytes(graph.latitudes), bytes(graph.longitudes), bytes(graph.components), bytes(graph.componentSizes),
            bytes(graph.offsets), bytes(graph.targets), bytes(graph.lengths), bytes(graph.edgeNames),
            bytes(nameOffsets), nameBytes, bytes(graph.cellKeys), bytes(graph.cellOffsets), bytes(graph.cellEdges),
            Array(info),
        ]
        var file = [UInt8](repeating: 0, count: headerSize)
        var table: [(Int, Int)] = []
        for section in sections {
            while file.count % 8 != 0 { file.append(0) }
            table.append((file.count, section.count))
            file += section
        }
        while file.count % 8 != 0 { file.append(0) }
        // The checksum table covers [headerSize, here).
        let region = headerSize..<file.count
        var checksums: [UInt64] = []
        file.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var start = region.lowerBound
            while start < region.upperBound {
                let end = min(start + BlockVerifier.blockSize, region.upperBound)
                checksums.append(BlockChecksum.hash(base + start, byteCount: end - start))
                start = end
            }
        }
        table.append((file.count, checksums.count * 8))
        file += bytes(checksums)
        var header: [UInt8] = magic
        func put(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { header += $0 } }
        withUnsafeBytes(of: version.littleEndian) { header += $0 }
        header += [0, 0, 0, 0]
        for count in [
            graph.nodeCount, graph.edgeCount, graph.names.count, graph.componentSizes.count, graph.cellKeys.count,
            graph.cellEdges.count, graph.ways, graph.missingNodes,
        ] {
            put(UInt64(count))
        }
        for (offset, length) in table { put(UInt64(offset)); put(UInt64(length)) }
        while header.count < checksumOffset { header.append(0) }
        let sum = header.withUnsafeBytes { raw in
            raw.baseAddress.map { BlockChecksum.hash($0, byteCount: checksumOffset) } ?? 0
        }
        withUnsafeBytes(of: sum.littleEndian) { header += $0 }
        file.replaceSubrange(0..<headerSize, with: header)
        return file
    }

    /// Recomputes every checksum of `file` in place (the block table where the header puts it,
    /// then the header's own), as anyone who can write the file can: the fuzz target uses it so
    /// the readers behind the checksums see hostile values too. Leaves a file too short alone.
    static func reseal(_ file: inout [UInt8]) {
        guard file.count >= headerSize else { return }
        func u64(_ offset: Int) -> Int {
            var value: UInt64 = 0
            for k in 0..<8 { value |= UInt64(file[offset + k]) << (8 * k) }
            return Int(clamping: value)
        }
        let tableIndex = Section.checksums.rawValue
        let tableOffset = u64(80 + 16 * tableIndex)
        let tableLength = u64(88 + 16 * tableIndex)
        if tableOffset >= headerSize, tableOffset <= file.count, tableLength <= file.count - tableOffset {
            var start = headerSize
            var slot = tableOffset
            while start < tableOffset, slot + 8 <= tableOffset + tableLength {
                let end = min(start + BlockVerifier.blockSize, tableOffset)
                let sum = file.withUnsafeBytes { raw in
                    raw.baseAddress.map { BlockChecksum.hash($0 + start, byteCount: end - start) } ?? 0
                }
                withUnsafeBytes(of: sum.littleEndian) { file.replaceSubrange(slot..<(slot + 8), with: $0) }
                start = end
                slot += 8
            }
        }
        let sum = file.withUnsafeBytes { raw in
            raw.baseAddress.map { BlockChecksum.hash($0, byteCount: checksumOffset) } ?? 0
        }
        withUnsafeBytes(of: sum.littleEndian) { file.replaceSubrange(checksumOffset..<(checksumOffset + 8), with: $0) }
    }
}
