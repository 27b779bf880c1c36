import NearbyRuns

/// The packed form of one ``TrackSegment``'s points, stored as one BLOB per segment row: the one
/// point encoding both stores share (SQLite's `segments.points` BLOB, PostgreSQL's `bytea`).
///
/// Format version 1, all multi-byte values little-endian:
///
/// ```
/// byte 0            format version, 1
/// then per point, in order:
///   UInt8           presence flags: bit 0 elevation, bit 1 time, bit 2 heart rate,
///                   bit 3 cadence; bits 4–7 are zero
///   Float64         latitude  (IEEE 754 bit pattern, so every value round-trips bit-exactly)
///   Float64         longitude
///   Float64         elevation   only if bit 0
///   Float64         time        only if bit 1 (seconds since 1970-01-01T00:00:00Z)
///   UInt16          heart rate  only if bit 2
///   UInt16          cadence     only if bit 3
/// ```
///
/// The point count lives beside the blob (`segments.point_count`); decoding checks that the blob
/// holds exactly that many points and nothing more. A point costs 17 to 37 bytes.
public enum PointBlob {
    /// The format version this build writes (byte 0 of every blob).
    public static let formatVersion: UInt8 = 1

    private static let hasElevation: UInt8 = 1 << 0
    private static let hasTime: UInt8 = 1 << 1
    private static let hasHeartRate: UInt8 = 1 << 2
    private static let hasCadence: UInt8 = 1 << 3
    private static let knownFlags: UInt8 = 0x0f

    /// Why a blob could not be decoded.
    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case unknownVersion(UInt8)
        case unknownFlags(point: Int, flags: UInt8)
        case truncated(point: Int)
        case trailingBytes(Int)

        public var description: String {
            switch self {
            case .empty: "the point blob is empty"
            case .unknownVersion(let version):
                "the point blob has unknown format version \(version)"
            case .unknownFlags(let point, let flags):
                "point \(point) has unknown presence flags 0x\(String(flags, radix: 16))"
            case .truncated(let point): "the point blob ends inside point \(point)"
            case .trailingBytes(let count): "the point blob has \(count) bytes after its last point"
            }
        }
    }

    /// The encoded size of `points`, in bytes.
    public static func encodedSize(of points: [TrackPoint]) -> Int {
        var size = 1
        for point in points {
            size += 17
            if point.elevation != nil { size += 8 }
            if point.time != nil { size += 8 }
            if point.heartRate != nil { size += 2 }
            if point.cadence != nil { size += 2 }
        }
        return size
    }

    /// Packs `points` in format version 1.
    public static func encode(_ points: [TrackPoint]) -> [UInt8] {
        let size = encodedSize(of: points)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            raw[0] = formatVersion
            var at = 1
            func put(_ value: Double) {
                raw.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
                at += 8
            }
            func put(_ value: UInt16) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt16.self)
                at += 2
            }
            for point in points {
                var flags: UInt8 = 0
                if point.elevation != nil { flags |= hasElevation }
                if point.time != nil { flags |= hasTime }
                if point.heartRate != nil { flags |= hasHeartRate }
                if point.cadence != nil { flags |= hasCadence }
                raw[at] = flags
                at += 1
                put(point.latitude)
                put(point.longitude)
                if let elevation = point.elevation { put(elevation) }
                if let time = point.time { put(time) }
                if let heartRate = point.heartRate { put(heartRate) }
                if let cadence = point.cadence { put(cadence) }
            }
            initialized = at
        }
    }

    /// Unpacks exactly `count` points from `bytes`.
    public static func decode(_ bytes: UnsafeRawBufferPointer, count: Int) throws(DecodeError)
        -> [TrackPoint]
    {
        guard let version = bytes.first else { throw .empty }
        guard version == formatVersion else { throw .unknownVersion(version) }
        var points: [TrackPoint] = []
        // The count comes from the file: reserve no more than the blob can hold (17 bytes a point).
        points.reserveCapacity(min(max(0, count), bytes.count / 17))
        var at = 1
        let end = bytes.count
        for index in 0..<max(0, count) {
            guard at < end else { throw .truncated(point: index) }
            let flags = bytes[at]
            guard flags & ~knownFlags == 0 else { throw .unknownFlags(point: index, flags: flags) }
            var needed = 16
            if flags & hasElevation != 0 { needed += 8 }
            if flags & hasTime != 0 { needed += 8 }
            if flags & hasHeartRate != 0 { needed += 2 }
            if flags & hasCadence != 0 { needed += 2 }
            at += 1
            guard end - at >= needed else { throw .truncated(point: index) }
            func double() -> Double {
                let bits = bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                at += 8
                return Double(bitPattern: UInt64(littleEndian: bits))
            }
            func uint16() -> UInt16 {
                let value = bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)
                at += 2
                return UInt16(littleEndian: value)
            }
            let latitude = double()
            let longitude = double()
            let elevation = flags & hasElevation != 0 ? double() : nil
            let time = flags & hasTime != 0 ? double() : nil
            let heartRate = flags & hasHeartRate != 0 ? uint16() : nil
            let cadence = flags & hasCadence != 0 ? uint16() : nil
            points.append(
                TrackPoint(
                    latitude: latitude, longitude: longitude, elevation: elevation, time: time,
                    heartRate: heartRate, cadence: cadence))
        }
        guard at == end else { throw .trailingBytes(end - at) }
        return points
    }
}
