internal import CZlib

/// Deflate through zlib, for writing test fixtures and fuzz seeds (gzip files, zip members).
public enum Deflate {
    /// `bytes` as one gzip member (`gzip: true`) or raw deflate data (`gzip: false`).
    public static func compress(_ bytes: [UInt8], gzip: Bool) -> [UInt8] {
        var stream = z_stream()
        guard nearby_deflate_init2(&stream, 6, gzip ? 15 + 16 : -15) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var input = bytes
        let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return [] }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
