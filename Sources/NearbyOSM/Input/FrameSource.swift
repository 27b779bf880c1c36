import NearbySystem
#if canImport(Glibc)
    import Glibc
#endif

/// Bytes of an extract read by position: a file through pread(2), or bytes in memory. The
/// buffer a read returns is valid until the next read.
protocol FrameSource {
    /// The extract's size in bytes.
    var size: Int { get }
    /// `count` bytes at `offset`, which must lie within ``size``.
    mutating func bytes(at offset: Int, count: Int) throws(OSMReadError) -> UnsafeRawBufferPointer
}

/// An extract in memory (a mapped cache page, a test's bytes, a fuzzer's input).
struct MemoryFrames: FrameSource {
    let memory: UnsafeRawBufferPointer

    var size: Int { memory.count }

    func bytes(at offset: Int, count: Int) throws(OSMReadError) -> UnsafeRawBufferPointer {
        guard offset >= 0, count >= 0, offset <= memory.count - count else {
            throw .malformed("a frame runs past the end of the file")
        }
        return UnsafeRawBufferPointer(rebasing: memory[offset..<(offset + count)])
    }
}

/// An extract on disk, read frame by frame into one reused buffer, so memory stays at the size of
/// the largest frame (at most 32 MiB) however large the file is.
final class FileFrames: FrameSource {
    private let file: ExtractFile
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    init(_ file: ExtractFile) {
        self.file = file
    }

    deinit { buffer.deallocate() }

    var size: Int { file.size }

    func bytes(at offset: Int, count: Int) throws(OSMReadError) -> UnsafeRawBufferPointer {
        guard offset >= 0, count >= 0, offset <= file.size - count else {
            throw .malformed("a frame runs past the end of the file")
        }
        if buffer.count < count {
            buffer.deallocate()
            buffer = .allocate(byteCount: max(count, 1 << 16), alignment: 16)
        }
        let target = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])
        try file.read(into: target, at: offset)
        return UnsafeRawBufferPointer(target)
    }
}

/// A regular file opened for reading (a FIFO, device or folder is refused without blocking).
final class ExtractFile {
    private let file: RegularFile
    let size: Int
    var path: String { file.path }

    init(path: String) throws(OSMReadError) {
        do {
            file = try RegularFile(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        size = file.size
    }

    /// Fills `target` from `offset`; a file that ends early is damage.
    func read(into target: UnsafeMutableRawBufferPointer, at offset: Int) throws(OSMReadError) {
        var done = 0
        while done < target.count {
            let part = UnsafeMutableRawBufferPointer(rebasing: target[done...])
            let count: Int
            do {
                count = try file.read(into: part, at: offset + done)
            } catch {
                throw .unreadable(path: file.path, reason: error.description)
            }
            guard count > 0 else { throw .malformed("the file ends inside a frame") }
            done += count
        }
    }

    /// Up to `target.count` bytes read sequentially from the current position; 0 at the end.
    func readNext(into target: UnsafeMutableRawBufferPointer) throws(OSMReadError) -> Int {
        do {
            return try file.read(into: target)
        } catch {
            throw .unreadable(path: file.path, reason: error.description)
        }
    }
}
