internal import CBZip2
internal import CZlib

/// The bytes of an OSM XML extract, chunk by chunk: from memory, from a file, or inflated from a
/// gzip or bzip2 stream on the fly, so a file is never held whole and a compression bomb costs
/// no more memory than one chunk.
final class XMLChunks {
    enum Compression { case none, gzip, bzip2 }

    /// Bytes of compressed input read at a time, and the most one chunk of output holds.
    static let chunkSize = 1 << 20

    private let memory: UnsafeRawBufferPointer?
    private let file: ExtractFile?
    private var memoryOffset = 0
    private let compression: Compression
    private var input = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var inputStart = 0
    private var inputEnd = 0
    private var inputDone = false
    private var zlib = z_stream()
    private var bzip = bz_stream()
    private var started = false
    private var finished = false

    init(memory: UnsafeRawBufferPointer? = nil, file: ExtractFile? = nil, compression: Compression) {
        self.memory = memory
        self.file = file
        self.compression = compression
    }

    deinit {
        if started {
            switch compression {
            case .gzip: inflateEnd(&zlib)
            case .bzip2: BZ2_bzDecompressEnd(&bzip)
            case .none: break
            }
        }
        input.deallocate()
    }

    /// Fills `target` with the next bytes; returns how many (0 at the end).
    func read(into target: UnsafeMutableRawBufferPointer) throws(OSMReadError) -> Int {
        switch compression {
        case .none: return try readRaw(into: target)
        case .gzip: return try inflate(into: target)
        case .bzip2: return try bunzip(into: target)
        }
    }

    private func readRaw(into target: UnsafeMutableRawBufferPointer) throws(OSMReadError) -> Int {
        if let memory {
            let count = min(target.count, memory.count - memoryOffset)
            if count > 0, let base = target.baseAddress, let from = memory.baseAddress {
                base.copyMemory(from: from + memoryOffset, byteCount: count)
            }
            memoryOffset += count
            return count
        }
        guard let file else { return 0 }
        return try file.readNext(into: target)
    }

    /// Makes compressed input available; false when it is exhausted.
    private func refillInput() throws(OSMReadError) -> Bool {
        if inputStart < inputEnd { return true }
        if inputDone { return false }
        if input.count == 0 { input = .allocate(byteCount: Self.chunkSize, alignment: 16) }
        inputStart = 0
        inputEnd = try readRaw(into: input)
        if inputEnd == 0 { inputDone = true }
        return inputEnd > 0
    }

    private func inflate(into target: UnsafeMutableRawBufferPointer) throws(OSMReadError) -> Int {
        if !started {
            // 15 + 32: a zlib or gzip header, detected; concatenated gzip members are read on.
            guard nearby_inflate_init2(&zlib, 15 + 32) == Z_OK else { throw .decompression("zlib could not start") }
            started = true
        }
        var produced = 0
        while produced == 0, !finished {
            guard try refillInput() else {
                throw .decompression("the gzip stream ends before its end marker")
            }
            zlib.next_in = input.baseAddress.map { ($0 + inputStart).assumingMemoryBound(to: Bytef.self) }
            zlib.avail_in = uInt(inputEnd - inputStart)
            zlib.next_out = target.baseAddress?.assumingMemoryBound(to: Bytef.self)
            zlib.avail_out = uInt(target.count)
            let status = CZlib.inflate(&zlib, Z_NO_FLUSH)
            inputStart = inputEnd - Int(zlib.avail_in)
            produced = target.count - Int(zlib.avail_out)
            if status == Z_STREAM_END {
                // Another gzip member may follow (pigz, concatenated files).
                if try refillInput() {
                    guard inflateReset(&zlib) == Z_OK else { throw .decompression("zlib could not restart") }
                } else {
                    finished = true
                }
            } else if status != Z_OK && !(status == Z_BUF_ERROR && produced > 0) {
                let reason = zlib.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw .decompression("the gzip stream is damaged (\(reason))")
            }
        }
        return produced
    }

    private func bunzip(into target: UnsafeMutableRawBufferPointer) throws(OSMReadError) -> Int {
        if !started {
            guard BZ2_bzDecompressInit(&bzip, 0, 0) == BZ_OK else { throw .decompression("bzip2 could not start") }
            started = true
        }
        var produced = 0
        while produced == 0, !finished {
            guard try refillInput() else {
                throw .decompression("the bzip2 stream ends before its end marker")
            }
            bzip.next_in = input.baseAddress.map { ($0 + inputStart).assumingMemoryBound(to: CChar.self) }
            bzip.avail_in = UInt32(inputEnd - inputStart)
            bzip.next_out = target.baseAddress?.assumingMemoryBound(to: CChar.self)
            bzip.avail_out = UInt32(target.count)
            let status = BZ2_bzDecompress(&bzip)
            inputStart = inputEnd - Int(bzip.avail_in)
            produced = target.count - Int(bzip.avail_out)
            if status == BZ_STREAM_END {
                // pbzip2 and lbzip2 write several streams one after another.
                if try refillInput() {
                    BZ2_bzDecompressEnd(&bzip)
                    bzip = bz_stream()
                    guard BZ2_bzDecompressInit(&bzip, 0, 0) == BZ_OK else {
                        throw .decompression("bzip2 could not restart")
                    }
                } else {
                    finished = true
                }
            } else if status != BZ_OK {
                throw .decompression("the bzip2 stream is damaged (status \(status))")
            }
        }
        return produced
    }
}
