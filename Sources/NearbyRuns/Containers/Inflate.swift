internal import CZlib
import Foundation
import NearbySystem
/// Compressed data inflated through zlib a piece at a time, so that nothing larger than the
/// piece a reader asks for is ever in memory: a gzip file (every member in turn, CRC and length
/// checked by zlib; trailing zero bytes ignored) or the raw deflate data of a zip member (its
/// declared size and CRC-32 checked here).
///
/// Output beyond `limit` bytes is refused (``ContainerError/inflatesTooLarge(path:limit:)``) as
/// soon as it is produced, so a decompression bomb costs the pieces read, never what it claims;
/// every byte out is charged to an ``InputBudget`` of kind ``InputKind/inflation``.
///
/// It is also a ``TrackByteStream``: the XML track reader reads it through its window. Reads go
/// forward; a read at an earlier offset (the reader starting again) inflates again from the
/// start. `@unchecked Sendable`: every method takes `lock`, so one reader at a time uses the
/// zlib state (which must stay at one address, hence the allocated `z_stream`).
public final class InflateStream: TrackByteStream, @unchecked Sendable {
    /// What the compressed bytes are.
    enum Format: Sendable, Hashable {
        /// A gzip file: one member or several, concatenated.
        case gzip
        /// A zip member's raw deflate data, which must inflate to exactly `size` bytes with this CRC-32.
        case raw(size: Int, crc: UInt32)
    }

    /// zlib counts in 32-bit `uInt`; larger buffers are fed in pieces of this size.
    private static let piece = 1 << 30

    let compressed: SourceBytes
    let format: Format
    /// The most bytes the data may inflate to.
    let limit: Int
    /// The display path, for errors.
    let path: String
    private let lock = NSLock()
    private let zlib: UnsafeMutablePointer<z_stream>
    private var ready = false
    private var consumed = 0
    private var position = 0
    private var crc: uLong = 0
    private var finished = false
    private var budget: InputBudget
    private var stored: ContainerError?
    private var highWater = 0

    init(_ compressed: SourceBytes, format: Format, limit: Int, path: String) {
        self.compressed = compressed
        self.format = format
        self.limit = Swift.max(0, limit)
        self.path = path
        zlib = .allocate(capacity: 1)
        zlib.initialize(to: z_stream())
        let defaults = InputKind.inflation.limits
        budget = InputBudget(
            .inflation,
            limits: .init(bytesIn: defaults.bytesIn, itemsOut: self.limit, bytesRetained: defaults.bytesRetained))
    }

    deinit {
        if ready { inflateEnd(zlib) }
        zlib.deinitialize(count: 1)
        zlib.deallocate()
    }

    /// The first failure met, kept so that whoever reads the stream through another error type
    /// (the track reader) can report the container's own sentence.
    public var failure: ContainerError? {
        lock.withLock { stored }
    }

    /// The most bytes produced so far (inflating again from the start does not lower it).
    var produced: Int { lock.withLock { highWater } }

    /// Whether every byte has been produced and checked.
    var isFinished: Bool { lock.withLock { finished } }

    /// A bound for sizing buffers, never more than the compressed bytes claim to be worth: the
    /// declared sizes are the file's word, and a reader must not reserve memory on it.
    public var expectedSize: Int { Swift.min(compressed.count, limit) }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, fileName: String)
        throws(TrackReadError) -> Int
    {
        do {
            return try locked { () throws(ContainerError) -> Int in
                if offset < position { try restart() }
                try skip(to: offset)
                return try pull(into: buffer)
            }
        } catch {
            throw .unreadable(file: fileName, reason: "it " + error.clause)
        }
    }

    /// The next bytes, at most `buffer.count`; 0 at the end, once every check has passed.
    func next(into buffer: UnsafeMutableRawBufferPointer) throws(ContainerError) -> Int {
        try locked { () throws(ContainerError) -> Int in try pull(into: buffer) }
    }

    /// Inflates the rest without keeping it and returns the total size (every check made), or
    /// stops as soon as it passes `limit` and returns what it counted by then.
    func countRest(upTo limit: Int = .max) throws(ContainerError) -> Int {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
        defer { scratch.deallocate() }
        return try locked { () throws(ContainerError) -> Int in
            while position <= limit, try pull(into: scratch) > 0 {}
            return position
        }
    }

    /// Inflates everything again from the start into one array of exactly `size` bytes (a size a
    /// first pass has counted, so the allocation is what the data really holds).
    func whole(size: Int) throws(ContainerError) -> [UInt8] {
        try locked { () throws(ContainerError) -> [UInt8] in
            try restart()
            var bytes = [UInt8](repeating: 0, count: size + 1)
            let read = bytes.withUnsafeMutableBytes { raw in
                Result { () throws(ContainerError) -> Int in
                    var filled = 0
                    while filled < raw.count {
                        let n = try pull(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                        if n == 0 { break }
                        filled += n
                    }
                    return filled
                }
            }
            let got = try read.get()
            guard got == size else { throw fail(.memberCorrupt(path: path, reason: "it changed while it was read")) }
            bytes.removeLast()
            return bytes
        }
    }

    // MARK: - Under the lock

    private func locked<R>(_ body: () throws(ContainerError) -> R) throws(ContainerError) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func fail(_ error: ContainerError) -> ContainerError {
        if stored == nil { stored = error }
        return error
    }

    private func restart() throws(ContainerError) {
        if ready { inflateEnd(zlib) }
        zlib.update(repeating: z_stream(), count: 1)
        ready = false
        consumed = 0
        position = 0
        crc = 0
        finished = false
        let defaults = InputKind.inflation.limits
        budget = InputBudget(
            .inflation, limits: .init(bytesIn: defaults.bytesIn, itemsOut: limit, bytesRetained: defaults.bytesRetained)
        )
    }

    private func start() throws(ContainerError) {
        let bits: Int32
        switch format {
        case .gzip: bits = 15 + 16
        case .raw: bits = -15
        }
        guard nearby_inflate_init2(zlib, bits) == Z_OK else {
            throw fail(.gzipCorrupt(path: path, reason: "zlib could not start"))
        }
        ready = true
    }

    /// Inflates and drops bytes up to document offset `target`.
    private func skip(to target: Int) throws(ContainerError) {
        guard target > position else { return }
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { scratch.deallocate() }
        while position < target {
            let want = Swift.min(scratch.count, target - position)
            if try pull(into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<want])) == 0 { return }
        }
    }

    private func pull(into out: UnsafeMutableRawBufferPointer) throws(ContainerError) -> Int {
        if let stored { throw stored }
        guard !finished, let outBase = out.baseAddress, !out.isEmpty else { return 0 }
        if !ready { try start() }
        // One byte beyond the limit may be produced, so data of exactly `limit` bytes can end.
        let room = Swift.min(out.count, limit == Int.max ? out.count : limit + 1 - position)
        var written = 0
        try compressed.withUnsafeBytes { (input: UnsafeRawBufferPointer) throws(ContainerError) in
            while written < room, !finished {
                let inCount = Swift.min(input.count - consumed, Self.piece)
                let outCount = Swift.min(room - written, Self.piece)
                if let inBase = input.baseAddress {
                    zlib.pointee.next_in =
                        UnsafeMutablePointer(mutating: inBase.assumingMemoryBound(to: Bytef.self))
                        + consumed
                }
                zlib.pointee.avail_in = uInt(inCount)
                zlib.pointee.next_out = (outBase + written).assumingMemoryBound(to: Bytef.self)
                zlib.pointee.avail_out = uInt(outCount)
                let status = inflate(zlib, Z_NO_FLUSH)
                consumed += inCount - Int(zlib.pointee.avail_in)
                let made = outCount - Int(zlib.pointee.avail_out)
                if case .raw = format, made > 0 {
                    crc = CZlib.crc32(crc, (outBase + written).assumingMemoryBound(to: Bytef.self), uInt(made))
                }
                written += made
                switch status {
                case Z_OK:
                    continue
                case Z_STREAM_END:
                    try ended(input)
                case Z_BUF_ERROR:
                    // No progress: out of room (the caller reads again) or out of input.
                    if zlib.pointee.avail_out == 0 { return }
                    throw fail(truncated)
                default:
                    let reason = zlib.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                    throw fail(corrupt(reason))
                }
            }
        }
        position += written
        highWater = Swift.max(highWater, position)
        if case .raw(let size, _) = format, position > size {
            throw fail(.memberCorrupt(path: path, reason: "it inflates to more than its declared \(size) bytes"))
        }
        do {
            try budget.yield(written)
        } catch {
            throw fail(.inflatesTooLarge(path: path, limit: limit))
        }
        return written
    }

    /// At the end of a deflate stream: the zip member's checks, or the next gzip member.
    private func ended(_ input: UnsafeRawBufferPointer) throws(ContainerError) {
        switch format {
        case .raw(let size, let expected):
            let total = Int(zlib.pointee.total_out)
            guard total == size else {
                throw fail(
                    .memberCorrupt(path: path, reason: "it inflates to \(total) bytes, not its declared \(size)"))
            }
            guard UInt32(truncatingIfNeeded: crc) == expected else {
                throw fail(.memberCorrupt(path: path, reason: "its CRC-32 does not match"))
            }
            finished = true
        case .gzip:
            var rest = consumed
            while rest < input.count, input[rest] == 0 { rest += 1 }
            if rest == input.count {
                finished = true
                return
            }
            guard rest == consumed, input.count - consumed >= 2, input[consumed] == 0x1F, input[consumed + 1] == 0x8B
            else { throw fail(.gzipTrailingData(path: path)) }
            guard inflateReset(zlib) == Z_OK else {
                throw fail(.gzipCorrupt(path: path, reason: "zlib could not restart"))
            }
        }
    }

    private var truncated: ContainerError {
        switch format {
        case .gzip: .gzipTruncated(path: path)
        case .raw: .memberCorrupt(path: path, reason: "its deflate data ends early")
        }
    }

    private func corrupt(_ reason: String) -> ContainerError {
        switch format {
        case .gzip: .gzipCorrupt(path: path, reason: reason)
        case .raw: .memberCorrupt(path: path, reason: reason)
        }
    }
}

/// CRC-32 of bytes in memory (stored zip members).
enum Inflate {
    /// CRC-32 (ISO-HDLC, the one gzip and zip use) of `bytes`.
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: uLong = CZlib.crc32(0, nil, 0)
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let n = Swift.min(bytes.count - offset, 1 << 30)
            crc = CZlib.crc32(crc, (base + offset).assumingMemoryBound(to: Bytef.self), uInt(n))
            offset += n
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { crc32($0) } }

    /// Whether the CRC-32 of a stored member's bytes is `crc`.
    static func crc32Matches(_ bytes: SourceBytes, _ crc: UInt32) -> Bool {
        bytes.withUnsafeBytes { crc32($0) } == crc
    }
}
