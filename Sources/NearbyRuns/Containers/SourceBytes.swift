/// The bytes of one activity source: a slice of an inflated buffer or of a mapped file, shared
/// rather than copied (a member stored uncompressed in a mapped zip costs no copy at all).
public struct SourceBytes: Sendable {
    enum Storage: Sendable {
        case array([UInt8])
        case mapped(MappedFile)
    }

    let storage: Storage
    let range: Range<Int>

    init(_ array: [UInt8], range: Range<Int>? = nil) {
        storage = .array(array)
        self.range = range ?? 0..<array.count
    }

    init(_ file: MappedFile, range: Range<Int>? = nil) {
        storage = .mapped(file)
        self.range = range ?? 0..<file.count
    }

    /// Number of bytes.
    public var count: Int { range.count }

    /// Calls `body` with the bytes; the pointer is valid only during the call.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        switch storage {
        case .array(let array):
            let result = array.withUnsafeBytes { raw in
                Result { () throws(E) -> R in try body(UnsafeRawBufferPointer(rebasing: raw[range])) }
            }
            return try result.get()
        case .mapped(let file):
            return try body(UnsafeRawBufferPointer(rebasing: file.bytes[range]))
        }
    }

    /// A copy of the bytes as an array.
    public var array: [UInt8] {
        if case .array(let array) = storage, range == 0..<array.count { return array }
        return withUnsafeBytes { Array($0) }
    }

    /// The bytes `sub` (relative to this slice), sharing the same storage.
    func slice(_ sub: Range<Int>) -> SourceBytes {
        let absolute = (range.lowerBound + sub.lowerBound)..<(range.lowerBound + sub.upperBound)
        switch storage {
        case .array(let array): return SourceBytes(array, range: absolute)
        case .mapped(let file): return SourceBytes(file, range: absolute)
        }
    }
}
