import NearbyGeo

/// Writes places and their spatial index into the archive format of ``PlaceArchiveLayout``.
public struct PlaceArchiveWriter: Sendable {
    public init() {}

    /// The archive bytes for `places`, tagged with `sourceTag` (see ``PlaceArchive/sourceTag(checksum:manifest:)``).
    ///
    /// Places past the format's limits (see ``PlaceArchiveBuilder/add(_:)``) are left out;
    /// ``PlaceArchiveBuilder`` streams places and says when that happens.
    public func encode(_ places: [Place], sourceTag: UInt64) -> [UInt8] {
        var builder = PlaceArchiveBuilder()
        for place in places {
            do {
                try builder.add(place)
            } catch {
                break
            }
        }
        return [UInt8](builder.finish(sourceTag: sourceTag))
    }
}

/// A growing little-endian byte buffer.
struct ByteBuffer {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func append(_ value: Double) { append(value.bitPattern) }

    mutating func write(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for (i, byte) in raw.enumerated() { bytes[offset + i] = byte }
        }
    }
}
