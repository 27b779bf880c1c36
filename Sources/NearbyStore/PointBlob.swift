import NearbyRuns

/// The packed form of one ``TrackSegment``'s points, stored as one BLOB per segment row: the one
/// point encoding both stores share (SQLite's `segments.points` BLOB, PostgreSQL's `bytea`).
/// Every value round-trips bit for bit. Byte 0 is the format version; this build writes version 2
/// and reads 1 and 2.
///
/// **Version 2** (scaled decimals). Track files write decimal text (`lat="25.0417752"`,
/// `<ele>11.8</ele>`), so almost every value is exactly `Double(m) / 10^k` for an integer `m` and
/// a scale `k` from 0 to 9 (IEEE division of two exact numbers is correctly rounded, so the
/// decoder gets the very bits the reader parsed). Consecutive points differ little, so `m` is
/// stored as the difference from the field's previous `m`. Per point, in order:
///
/// ```
/// UInt8     flags: bit 0 elevation, bit 1 time, bit 2 heart rate, bit 3 cadence (present),
///           bit 4 new scales follow; bits 5–7 are zero
/// 2 bytes   only if bit 4: latitude scale << 4 | longitude scale, elevation scale << 4 | time scale
/// value     latitude, then longitude, elevation (bit 0), time (bit 1; seconds since 1970)
/// varint    heart rate (bit 2), then cadence (bit 3): zigzag difference from the field's previous
///           value, which must land in 0…65535
/// ```
///
/// A value with scale 0…9 is the zigzag LEB128 varint (at most 10 bytes) of `m − previous m`;
/// with scale 15 it is the 8-byte little-endian IEEE 754 bit pattern and leaves the previous `m`
/// alone. Scales 10–14 are invalid. Every field starts with scale 0 and previous value 0. The
/// encoder keeps a field's scale while it fits, else takes the smallest that does; after a raw
/// value it tries only the field's last decimal scale. A GPX point costs about 9 bytes.
///
/// **Version 1** (before the scaled form): per point a flags byte (bits 0–3 as above), latitude
/// and longitude as 8-byte bit patterns, then elevation and time (8 bytes each) and heart rate
/// and cadence (UInt16) when present; 17 to 37 bytes a point.
///
/// The point count lives beside the blob (`segments.point_count`); decoding checks that the blob
/// holds exactly that many points and nothing more.
public enum PointBlob {
    /// The format version this build writes (byte 0 of every new blob).
    public static let formatVersion: UInt8 = 2

    static let hasElevation: UInt8 = 1 << 0
    static let hasTime: UInt8 = 1 << 1
    static let hasHeartRate: UInt8 = 1 << 2
    static let hasCadence: UInt8 = 1 << 3

    /// Why a blob could not be decoded.
    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case unknownVersion(UInt8)
        case unknownFlags(point: Int, flags: UInt8)
        case truncated(point: Int)
        case trailingBytes(Int)
        /// A scale nibble of 10 to 14 (version 2).
        case unknownScale(point: Int, scale: UInt8)
        /// A varint longer than 64 bits, or a heart rate or cadence outside 0…65535 (version 2).
        case badNumber(point: Int)

        public var description: String {
            switch self {
            case .empty: "the point blob is empty"
            case .unknownVersion(let version):
                "the point blob has unknown format version \(version)"
            case .unknownFlags(let point, let flags):
                "point \(point) has unknown presence flags 0x\(String(flags, radix: 16))"
            case .truncated(let point): "the point blob ends inside point \(point)"
            case .trailingBytes(let count): "the point blob has \(count) bytes after its last point"
            case .unknownScale(let point, let scale): "point \(point) has unknown scale \(scale)"
            case .badNumber(let point): "point \(point) holds a number out of range"
            }
        }
    }

    /// Packs `points` in format version 2.
    public static func encode(_ points: [TrackPoint]) -> [UInt8] {
        DecimalPacking.encode(points)
    }

    /// Unpacks exactly `count` points from `bytes` (format version 1 or 2).
    public static func decode(_ bytes: UnsafeRawBufferPointer, count: Int) throws(DecodeError)
        -> [TrackPoint]
    {
        guard let version = bytes.first else { throw .empty }
        switch version {
        case 2: return try DecimalPacking.decode(bytes, count: max(0, count))
        case 1: return try decodeVersion1(bytes, count: max(0, count))
        default: throw .unknownVersion(version)
        }
    }

    /// Version 1: fixed-width fields after a flags byte.
    static func decodeVersion1(_ bytes: UnsafeRawBufferPointer, count: Int) throws(DecodeError)
        -> [TrackPoint]
    {
        var points: [TrackPoint] = []
        // The count comes from the file: reserve no more than the blob can hold (17 bytes a point).
        points.reserveCapacity(min(count, bytes.count / 17))
        var at = 1
        let end = bytes.count
        for index in 0..<count {
            guard at < end else { throw .truncated(point: index) }
            let flags = bytes[at]
            guard flags & ~0x0f == 0 else { throw .unknownFlags(point: index, flags: flags) }
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
