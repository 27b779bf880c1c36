internal import CZlib

/// Inflation through zlib with the output bounded: gzip files (every member, CRC and ISIZE
/// checked by zlib) and raw deflate data of zip members (size and CRC checked here).
enum Inflate {
    /// zlib counts in 32-bit `uInt`; larger buffers are fed in pieces of this size.
    private static let piece = 1 << 30

    /// Inflates a whole gzip file: every member in turn (a multi-member gzip is their
    /// concatenation, as gzip(1) writes it), refusing output beyond `limit` bytes. Trailing zero
    /// bytes (tape padding) are ignored; any other trailing bytes are an error.
    static func gzip(_ input: UnsafeRawBufferPointer, limit: Int, path: String) throws(ContainerError) -> [UInt8] {
        guard let inputBase = input.baseAddress, input.count >= 2 else { throw .gzipTruncated(path: path) }
        var stream = z_stream()
        guard nearby_inflate_init2(&stream, 15 + 16) == Z_OK else {
            throw .gzipCorrupt(path: path, reason: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        // One byte beyond the limit, so output of exactly `limit` bytes can finish its stream.
        let cap = limit == Int.max ? limit : limit + 1
        let first = max(1 << 16, input.count.multipliedReportingOverflow(by: 4).partialValue)
        var output = [UInt8](repeating: 0, count: min(cap, first))
        var produced = 0
        var consumed = 0
        memberLoop: while true {
            while true {
                if produced == output.count {
                    guard output.count < cap else { throw .inflatesTooLarge(path: path, limit: limit) }
                    let grown = output.count > cap / 2 ? cap : output.count * 2
                    output.append(contentsOf: repeatElement(0, count: grown - output.count))
                }
                let inCount = min(input.count - consumed, piece)
                let outCount = min(output.count - produced, piece)
                let mutableIn = UnsafeMutablePointer(mutating: inputBase.assumingMemoryBound(to: UInt8.self))
                stream.next_in = mutableIn + consumed
                stream.avail_in = uInt(inCount)
                let status: Int32 = output.withUnsafeMutableBufferPointer { out in
                    guard let outBase = out.baseAddress else { return Z_BUF_ERROR }
                    stream.next_out = outBase + produced
                    stream.avail_out = uInt(outCount)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                consumed += inCount - Int(stream.avail_in)
                produced += outCount - Int(stream.avail_out)
                switch status {
                case Z_STREAM_END:
                    break
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    // No progress possible: either out of input (truncated) or out of room (grow).
                    if stream.avail_out == 0 { continue }
                    throw .gzipTruncated(path: path)
                default:
                    throw .gzipCorrupt(path: path, reason: reason(stream, status))
                }
                if status == Z_STREAM_END { break }
            }
            // Another member, zero padding, or garbage.
            var rest = consumed
            while rest < input.count, input[rest] == 0 { rest += 1 }
            if rest == input.count { break memberLoop }
            guard rest == consumed, input.count - consumed >= 2, input[consumed] == 0x1F, input[consumed + 1] == 0x8B
            else { throw .gzipTrailingData(path: path) }
            guard inflateReset(&stream) == Z_OK else {
                throw .gzipCorrupt(path: path, reason: "zlib could not restart")
            }
        }
        guard produced <= limit else { throw .inflatesTooLarge(path: path, limit: limit) }
        output.removeSubrange(produced...)
        return output
    }

    /// Inflates a zip member's raw deflate data to exactly `size` bytes whose CRC-32 is `crc`.
    /// The caller has checked `size` against the member limit, so the allocation is bounded.
    static func raw(_ input: UnsafeRawBufferPointer, size: Int, crc: UInt32, path: String) throws(ContainerError)
        -> [UInt8]
    {
        var stream = z_stream()
        guard nearby_inflate_init2(&stream, -15) == Z_OK else {
            throw .memberCorrupt(path: path, reason: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        // One spare byte: data that inflates past the declared size fills it and is caught.
        var output = [UInt8](repeating: 0, count: size + 1)
        var produced = 0
        var consumed = 0
        var status = Z_OK
        while true {
            let inCount = min(input.count - consumed, piece)
            let outCount = min(output.count - produced, piece)
            if let base = input.baseAddress {
                stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)) + consumed
            }
            stream.avail_in = uInt(inCount)
            status = output.withUnsafeMutableBufferPointer { out in
                guard let outBase = out.baseAddress else { return Z_BUF_ERROR }
                stream.next_out = outBase + produced
                stream.avail_out = uInt(outCount)
                return inflate(&stream, Z_NO_FLUSH)
            }
            consumed += inCount - Int(stream.avail_in)
            produced += outCount - Int(stream.avail_out)
            if produced > size {
                throw .memberCorrupt(path: path, reason: "it inflates to more than its declared \(size) bytes")
            }
            if status == Z_OK { continue }
            break
        }
        switch status {
        case Z_STREAM_END: break
        case Z_BUF_ERROR: throw .memberCorrupt(path: path, reason: "its deflate data ends early")
        default: throw .memberCorrupt(path: path, reason: reason(stream, status))
        }
        guard produced == size else {
            throw .memberCorrupt(path: path, reason: "it inflates to \(produced) bytes, not its declared \(size)")
        }
        output.removeLast()
        guard crc32(output) == crc else {
            throw .memberCorrupt(path: path, reason: "its CRC-32 does not match")
        }
        return output
    }

    /// CRC-32 (ISO-HDLC, the one gzip and zip use) of `bytes`.
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: uLong = CZlib.crc32(0, nil, 0)
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let n = min(bytes.count - offset, piece)
            crc = CZlib.crc32(crc, (base + offset).assumingMemoryBound(to: Bytef.self), uInt(n))
            offset += n
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { crc32($0) } }

    private static func reason(_ stream: z_stream, _ status: Int32) -> String {
        if let message = stream.msg { return String(cString: message) }
        return "zlib error \(status)"
    }
}

extension Inflate {
    /// Whether the CRC-32 of a stored member's bytes is `crc`.
    static func crc32Matches(_ bytes: SourceBytes, _ crc: UInt32) -> Bool {
        bytes.withUnsafeBytes { crc32($0) } == crc
    }
}
