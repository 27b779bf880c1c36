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

    /// The file's bytes for `graph` and `info` (in memory: the tests and the fuzz target).
    static func encode(_ graph: WalkGraph, info: Data) -> [UInt8] {
        var file: [UInt8] = []
        write(graph, info: info) { (chunk: UnsafeRawBufferPointer) throws(Never) in file += chunk }
        return file
    }

    /// Streams the file for `graph` and `info` to `sink` in order, a chunk at a time: the header
    /// (every offset is known from the sizes before a byte is written), the sections straight
    /// from the graph's arrays, then the block checksums, hashed as the bytes go by. Nothing holds
    /// a second copy of the network.
    static func write<Failure: Error>(
        _ graph: WalkGraph, info: Data, to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var nameOffsets: [UInt32] = [0]
        var nameBytes: [UInt8] = []
        for name in graph.names {
            nameBytes += Array(name.utf8)
            nameOffsets.append(UInt32(nameBytes.count))
        }
        let infoBytes = Array(info)
        func size<T>(_ values: [T]) -> Int { values.count * MemoryLayout<T>.stride }
        let sizes = [
            size(graph.latitudes), size(graph.longitudes), size(graph.components), size(graph.componentSizes),
            size(graph.offsets), size(graph.targets), size(graph.lengths), size(graph.edgeNames), size(nameOffsets),
            nameBytes.count, size(graph.cellKeys), size(graph.cellOffsets), size(graph.cellEdges), infoBytes.count,
        ]
        var table: [(Int, Int)] = []
        var end = headerSize
        for count in sizes {
            end = (end + 7) & ~7
            table.append((end, count))
            end += count
        }
        end = (end + 7) & ~7
        let blocks = (end - headerSize + BlockVerifier.blockSize - 1) / BlockVerifier.blockSize
        table.append((end, blocks * 8))
        try withBytes(header(graph, table: table), sink)
        var hasher = BlockHasher()
        var written = headerSize
        func emit(_ raw: UnsafeRawBufferPointer) throws(Failure) {
            try hasher.feed(raw, to: sink)
            written += raw.count
        }
        func pad() throws(Failure) {
            let zeros = [UInt8](repeating: 0, count: (8 - written % 8) % 8)
            try withBytes(zeros, emit)
        }
        func section<T>(_ values: [T]) throws(Failure) {
            try pad()
            try withBytes(values, emit)
        }
        try section(graph.latitudes)
        try section(graph.longitudes)
        try section(graph.components)
        try section(graph.componentSizes)
        try section(graph.offsets)
        try section(graph.targets)
        try section(graph.lengths)
        try section(graph.edgeNames)
        try section(nameOffsets)
        try section(nameBytes)
        try section(graph.cellKeys)
        try section(graph.cellOffsets)
        try section(graph.cellEdges)
        try section(infoBytes)
        try pad()
        let checksums = try hasher.finish(to: sink)
        try withBytes(checksums.map(\.littleEndian), sink)
    }

    /// Calls `body` with the bytes of `values`, keeping its error type.
    static func withBytes<T, Failure: Error>(
        _ values: [T], _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        let result: Result<Void, Failure> = values.withUnsafeBytes { raw in
            Result { () throws(Failure) in try body(raw) }
        }
        try result.get()
    }

    /// The 512-byte header: magic, version, counts, the section table and its own checksum.
    private static func header(_ graph: WalkGraph, table: [(Int, Int)]) -> [UInt8] {
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
        for (offset, length) in table {
            put(UInt64(offset))
            put(UInt64(length))
        }
        while header.count < checksumOffset { header.append(0) }
        let sum = header.withUnsafeBytes { raw in
            raw.baseAddress.map { BlockChecksum.hash($0, byteCount: checksumOffset) } ?? 0
        }
        withUnsafeBytes(of: sum.littleEndian) { header += $0 }
        return header
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

/// Hashes a byte stream in the verifier's 64 KiB blocks as it passes to a sink.
private struct BlockHasher {
    private var block: [UInt8] = []
    private(set) var checksums: [UInt64] = []

    init() {
        block.reserveCapacity(BlockVerifier.blockSize)
    }

    mutating func feed<Failure: Error>(
        _ raw: UnsafeRawBufferPointer, to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var rest = raw[...]
        while !rest.isEmpty {
            let take = min(rest.count, BlockVerifier.blockSize - block.count)
            block += rest.prefix(take)
            rest = rest.dropFirst(take)
            if block.count == BlockVerifier.blockSize { try flush(to: sink) }
        }
    }

    /// Hashes and passes on the last, shorter block; the checksums of every block.
    mutating func finish<Failure: Error>(to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure)
        -> [UInt64]
    {
        if !block.isEmpty { try flush(to: sink) }
        return checksums
    }

    private mutating func flush<Failure: Error>(to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void)
        throws(Failure)
    {
        let sum = block.withUnsafeBytes { raw in
            raw.baseAddress.map { BlockChecksum.hash($0, byteCount: raw.count) } ?? 0
        }
        checksums.append(sum)
        try WalkNetworkFile.withBytes(block, sink)
        block.removeAll(keepingCapacity: true)
    }
}
