// Why bytes could not be used as a spatial index, or why a query over them stopped.

/// Why bytes could not be used as a ``SpatialIndex`` or ``MappedSpatialIndex``, or why a query
/// over a mapped image stopped. Any of these means "rebuild the index"; none is recoverable.
public enum SpatialIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooShort(Int)
    case badMagic
    case unsupportedVersion(UInt32)
    case sizeMismatch(expected: Int, actual: Int)
    case badShape(count: UInt64, leafSize: UInt32, nodeCount: UInt64)
    /// The header or the table of block checksums is damaged.
    case checksumMismatch
    /// Data block `n` (64 KiB) does not match its checksum; found when a query first read it.
    case damagedBlock(Int)
    /// The image stores per-point trigonometric terms computed by another math library, so its
    /// distances might differ in the last bit from ``Geodesic/distance(_:_:)`` here.
    case builtElsewhere
    case bigEndianHost

    public var description: String {
        switch self {
        case .tooShort(let size):
            return "the spatial index data is \(size) bytes, shorter than its header"
        case .badMagic:
            return "the data does not start with the spatial index magic, so it is not an index file"
        case .unsupportedVersion(let version):
            return
                "the spatial index has format version \(version); this build reads version \(SpatialIndexLayout.version)"
        case .sizeMismatch(let expected, let actual):
            return "the spatial index should be \(expected) bytes but is \(actual), so it is truncated or damaged"
        case .badShape(let count, let leafSize, let nodeCount):
            return
                "the spatial index header is inconsistent (\(count) points, leaf size \(leafSize), \(nodeCount) nodes)"
        case .checksumMismatch:
            return "the spatial index checksum does not match its contents, so the data is damaged"
        case .damagedBlock(let block):
            return "block \(block) of the spatial index does not match its checksum, so the data is damaged"
        case .builtElsewhere:
            return "the spatial index was built with another math library, so it must be rebuilt here"
        case .bigEndianHost:
            return "the spatial index format is little-endian and this machine is not"
        }
    }
}
