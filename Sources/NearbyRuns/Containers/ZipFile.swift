import NearbySystem
/// A zip file on disk read with `pread`: the central directory and local headers through a small
/// block cache, each member's data into a buffer of its own size. Nothing is memory-mapped, so a
/// file truncated by another program while it is read gives short reads (then a damaged member or
/// directory, in one sentence), never SIGBUS; and memory holds one member at a time, not the
/// archive.
final class ZipFile: ZipBytes {
    private let file: RegularFile
    let count: Int
    /// The block size of the cache.
    private static let blockSize = 64 << 10
    private var blockStart = -1
    private var block: [UInt8] = []

    init(_ file: consuming RegularFile) {
        count = file.size
        self.file = file
    }

    /// The byte at `offset`, 0 past the end (a file that shrank after it was opened).
    private func byte(_ offset: Int) -> UInt8 {
        let start = offset - offset % Self.blockSize
        if start != blockStart {
            block = read(start..<min(count, start + Self.blockSize))
            blockStart = start
        }
        let index = offset - start
        return index >= 0 && index < block.count ? block[index] : 0
    }

    func u16(_ offset: Int) -> Int { Int(byte(offset)) | Int(byte(offset + 1)) << 8 }

    func u32(_ offset: Int) -> UInt32 {
        UInt32(byte(offset)) | UInt32(byte(offset + 1)) << 8 | UInt32(byte(offset + 2)) << 16
            | UInt32(byte(offset + 3)) << 24
    }

    func u64(_ offset: Int) -> UInt64 { UInt64(u32(offset)) | UInt64(u32(offset + 4)) << 32 }

    func bytes(_ range: Range<Int>) -> [UInt8] {
        if range.lowerBound >= blockStart, blockStart >= 0, range.upperBound <= blockStart + block.count {
            return Array(block[(range.lowerBound - blockStart)..<(range.upperBound - blockStart)])
        }
        return read(range)
    }

    /// The bytes in `range` read with one `pread` (short when the file ended early or failed).
    func read(_ range: Range<Int>) -> [UInt8] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: range.count)
        let got = buffer.withUnsafeMutableBytes { raw in (try? file.read(into: raw, at: range.lowerBound)) ?? 0 }
        if got < buffer.count { buffer.removeSubrange(got...) }
        return buffer
    }
}

/// What the zip walk needs from an archive: its directory and its members' data.
protocol ZipArchive {
    /// The members, as ``ZipDirectory/read(_:path:limits:)`` lists them.
    func directory(path: String, limits: ContainerLimits) throws(ContainerError) -> [Result<ZipEntry, ContainerError>]
    /// The (compressed) data in `range`, or nil when the file ended before it.
    func data(_ range: Range<Int>) -> SourceBytes?
}

extension ZipFile: ZipArchive {
    func directory(path: String, limits: ContainerLimits) throws(ContainerError) -> [Result<ZipEntry, ContainerError>] {
        try ZipDirectory.read(self, path: path, limits: limits)
    }

    func data(_ range: Range<Int>) -> SourceBytes? {
        let bytes = read(range)
        return bytes.count == range.count ? SourceBytes(bytes) : nil
    }
}

extension SourceBytes: ZipArchive {
    func directory(path: String, limits: ContainerLimits) throws(ContainerError) -> [Result<ZipEntry, ContainerError>] {
        let listing = withUnsafeBytes { raw in
            Result { () throws(ContainerError) -> [Result<ZipEntry, ContainerError>] in
                try ZipDirectory.read(raw, path: path, limits: limits)
            }
        }
        return try listing.get()
    }

    /// A slice sharing this buffer (no copy).
    func data(_ range: Range<Int>) -> SourceBytes? { slice(range) }
}
