/// The bytes of one activity source: a slice of the file's buffer or of an inflated one, shared
/// rather than copied (a member stored uncompressed costs no copy at all).
public struct SourceBytes: Sendable {
    let storage: [UInt8]
    let range: Range<Int>

    init(_ array: [UInt8], range: Range<Int>? = nil) {
        storage = array
        self.range = range ?? 0..<array.count
    }

    /// Number of bytes.
    public var count: Int { range.count }

    /// Calls `body` with the bytes; the pointer is valid only during the call.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result = storage.withUnsafeBytes { raw in
            Result { () throws(E) -> R in try body(UnsafeRawBufferPointer(rebasing: raw[range])) }
        }
        return try result.get()
    }

    /// A copy of the bytes as an array (no copy when they are the whole buffer).
    public var array: [UInt8] {
        if range == 0..<storage.count { return storage }
        return withUnsafeBytes { Array($0) }
    }

    /// The bytes `sub` (relative to this slice), sharing the same storage.
    func slice(_ sub: Range<Int>) -> SourceBytes {
        SourceBytes(storage, range: (range.lowerBound + sub.lowerBound)..<(range.lowerBound + sub.upperBound))
    }
}
