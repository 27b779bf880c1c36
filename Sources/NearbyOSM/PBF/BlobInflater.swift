internal import CZlib

/// Turns a `Blob` message into the block's bytes: raw as it is, zlib inflated into one reused
/// buffer. The sizes are checked against the format's limits before anything is allocated.
struct BlobInflater {
    /// The largest inflated block the PBF format allows (32 MiB).
    static let maxRawSize = 32 << 20
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Releases the buffer (the owner calls this once, when it is done).
    mutating func release() {
        buffer.deallocate()
        buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    /// The block inside `blob`, valid until the next call.
    mutating func block(_ blob: UnsafeRawBufferPointer) throws(OSMReadError) -> UnsafeRawBufferPointer {
        var reader = ProtoReader(blob)
        var rawSize: Int?
        var raw: Range<Int>?
        var zlib: Range<Int>?
        while let key = try reader.nextKey() {
            switch key.field {
            case 1:
                try ProtoReader.require(key, 2, "a blob's raw data")
                raw = try reader.lengthDelimited()
            case 2:
                let size = try reader.int64()
                guard (0...Int64(Self.maxRawSize)).contains(size) else {
                    throw .tooLarge(what: "a blob's inflated size", size: Int(clamping: size), limit: Self.maxRawSize)
                }
                rawSize = Int(size)
            case 3:
                try ProtoReader.require(key, 2, "a blob's zlib data")
                zlib = try reader.lengthDelimited()
            case 4: throw .unsupportedCompression("lzma")
            case 5: throw .unsupportedCompression("bzip2 (an obsolete PBF blob type)")
            case 6: throw .unsupportedCompression("lz4")
            case 7: throw .unsupportedCompression("zstd")
            default: try reader.skip(key.wireType)
            }
        }
        if let raw {
            return UnsafeRawBufferPointer(rebasing: blob[raw])
        }
        guard let zlib else { throw .malformed("a blob holds no data") }
        guard let rawSize else { throw .malformed("a zlib blob does not say its inflated size") }
        return try inflate(UnsafeRawBufferPointer(rebasing: blob[zlib]), size: rawSize)
    }

    private mutating func inflate(_ input: UnsafeRawBufferPointer, size: Int) throws(OSMReadError)
        -> UnsafeRawBufferPointer
    {
        // One spare byte: a stream that inflates past its declared size fills it and is caught.
        if buffer.count < size + 1 {
            buffer.deallocate()
            buffer = .allocate(byteCount: max(size + 1, 1 << 20), alignment: 16)
        }
        var stream = z_stream()
        guard nearby_inflate_init2(&stream, 15) == Z_OK else {
            throw .decompression("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        stream.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(size + 1)
        let status = CZlib.inflate(&stream, Z_FINISH)
        let produced = size + 1 - Int(stream.avail_out)
        guard status == Z_STREAM_END else {
            if produced > size || status == Z_BUF_ERROR && stream.avail_out == 0 {
                throw .malformed("a blob inflates past the \(size) bytes it declares")
            }
            let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
            throw .decompression("a blob's zlib data is damaged (\(reason))")
        }
        guard produced == size else {
            throw .malformed("a blob inflates to \(produced) bytes but declares \(size)")
        }
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<size])
    }
}
