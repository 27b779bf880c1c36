/// A small FIT writer for tests: builds FIT files of our own in the shapes real devices write
/// (both architectures, compressed timestamp headers, developer fields, chained files), so the
/// decoder is checked against values computed by hand. Its CRC is the FIT specification's
/// nibble-table algorithm, independent of the decoder's byte table.
public struct FITTestWriter: Sendable {
    /// FIT base types used by the tests.
    public enum Base: Sendable {
        public static let enumeration: UInt8 = 0x00
        public static let uint8: UInt8 = 0x02
        public static let uint16: UInt8 = 0x84
        public static let sint32: UInt8 = 0x85
        public static let uint32: UInt8 = 0x86
        public static let string: UInt8 = 0x07
        public static let byte: UInt8 = 0x0D
        public static let uint8z: UInt8 = 0x0A
    }

    public struct Field: Sendable, Hashable {
        public var number: UInt8
        public var size: UInt8
        public var base: UInt8

        public init(number: UInt8, size: UInt8, base: UInt8) {
            self.number = number
            self.size = size
            self.base = base
        }
    }

    public init() {}

    private var layouts: [UInt8: (fields: [Field], bigEndian: Bool, developerSize: Int)] = [:]
    /// The data bytes (messages) written so far.
    public private(set) var data: [UInt8] = []

    /// A definition message for local message type `local`.
    public mutating func define(
        local: UInt8, global: UInt16, _ fields: [Field], bigEndian: Bool = false, developer: [Field] = []
    ) {
        data.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
        data.append(0)
        data.append(bigEndian ? 1 : 0)
        data += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        data.append(UInt8(fields.count))
        for field in fields { data += [field.number, field.size, field.base] }
        if !developer.isEmpty {
            data.append(UInt8(developer.count))
            for field in developer { data += [field.number, field.size, field.base] }
        }
        layouts[local] = (fields, bigEndian, developer.reduce(0) { $0 + Int($1.size) })
    }

    /// A data message: one raw value per field (written in the field's size and the definition's
    /// byte order; single-byte base types write their bytes in little-endian order), then the
    /// developer bytes.
    public mutating func message(local: UInt8, _ values: [UInt64], developerBytes: [UInt8] = []) {
        data.append(local)
        append(local: local, values, developerBytes: developerBytes)
    }

    /// A data message with a compressed timestamp header (local 0…3, 5-bit time offset).
    public mutating func compressed(local: UInt8, timeOffset: UInt8, _ values: [UInt64]) {
        data.append(0x80 | local << 5 | (timeOffset & 0x1F))
        append(local: local, values, developerBytes: [])
    }

    /// Raw bytes, for damage the writer would not produce itself.
    public mutating func raw(_ bytes: [UInt8]) { data += bytes }

    private mutating func append(local: UInt8, _ values: [UInt64], developerBytes: [UInt8]) {
        guard let layout = layouts[local] else { return }
        for (field, value) in zip(layout.fields, values) {
            let size = Int(field.size)
            let element = Int(field.base & 0x1F)
            let singleByte = [0, 1, 2, 7, 10, 13].contains(element)
            var bytes = (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
            if layout.bigEndian && !singleByte { bytes.reverse() }
            data += bytes
        }
        data += developerBytes
    }

    /// The complete file: header (12 or 14 bytes), data, CRC. `dataSize` overrides the size the
    /// header promises.
    public func file(
        headerSize: UInt8 = 14, protocolVersion: UInt8 = 0x20, profile: UInt16 = 21_133, dataSize: Int? = nil
    )
        -> [UInt8]
    {
        let size = UInt32(dataSize ?? data.count)
        var header: [UInt8] = [headerSize, protocolVersion, UInt8(profile & 0xFF), UInt8(profile >> 8)]
        header += (0..<4).map { UInt8(truncatingIfNeeded: size >> UInt32(8 * $0)) }
        header += Array(".FIT".utf8)
        if headerSize == 14 {
            let crc = Self.crc(header)
            header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        }
        let body = header + data
        let crc = Self.crc(body)
        return body + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    /// The FIT specification's CRC: two nibbles per byte through a 16-entry table.
    public static func crc(_ bytes: [UInt8]) -> UInt16 {
        let table: [UInt16] = [
            0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
            0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
        ]
        var crc: UInt16 = 0
        for byte in bytes {
            var tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int(byte & 0xF)]
            tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
        }
        return crc
    }
}

/// Definitions and messages a run needs, in the profile's numbers.
extension FITTestWriter {
    /// FIT time 1_000_000_000 (a multiple of 32) = 2021-09-07T01:46:40Z = Unix 1_631_065_600.
    public static let t0: UInt64 = 1_000_000_000
    public static let unixT0: Double = 1_631_065_600
    /// Semicircles per degree: 2^31 / 180.
    public static func semicircles(_ degrees: Double) -> UInt64 {
        UInt64(bitPattern: Int64((degrees * 2_147_483_648 / 180).rounded()))
    }

    public static let fileIDFields = [
        Field(number: 0, size: 1, base: Base.enumeration), Field(number: 1, size: 2, base: Base.uint16),
        Field(number: 4, size: 4, base: Base.uint32),
    ]
    /// timestamp, lat, long, altitude, heart rate, cadence, distance, power.
    public static let recordFields = [
        Field(number: 253, size: 4, base: Base.uint32), Field(number: 0, size: 4, base: Base.sint32),
        Field(number: 1, size: 4, base: Base.sint32), Field(number: 2, size: 2, base: Base.uint16),
        Field(number: 3, size: 1, base: Base.uint8), Field(number: 4, size: 1, base: Base.uint8),
        Field(number: 5, size: 4, base: Base.uint32), Field(number: 7, size: 2, base: Base.uint16),
    ]
    /// timestamp, event, event_type.
    public static let eventFields = [
        Field(number: 253, size: 4, base: Base.uint32), Field(number: 0, size: 1, base: Base.enumeration),
        Field(number: 1, size: 1, base: Base.enumeration),
    ]
    /// timestamp, start_time, sport, sub_sport, total_elapsed_time, total_timer_time, total_distance, avg_speed.
    public static let sessionFields = [
        Field(number: 253, size: 4, base: Base.uint32), Field(number: 2, size: 4, base: Base.uint32),
        Field(number: 5, size: 1, base: Base.enumeration), Field(number: 6, size: 1, base: Base.enumeration),
        Field(number: 7, size: 4, base: Base.uint32), Field(number: 8, size: 4, base: Base.uint32),
        Field(number: 9, size: 4, base: Base.uint32), Field(number: 14, size: 2, base: Base.uint16),
    ]
    /// timestamp, local_timestamp.
    public static let activityFields = [
        Field(number: 253, size: 4, base: Base.uint32), Field(number: 5, size: 4, base: Base.uint32),
    ]

    /// Local types 0 file_id, 1 record, 2 event, 3 session, 4 lap, 5 activity, and the file_id message.
    public mutating func defineRun(bigEndian: Bool = false, fileType: UInt64 = 4, manufacturer: UInt64 = 1) {
        define(local: 0, global: 0, Self.fileIDFields, bigEndian: bigEndian)
        message(local: 0, [fileType, manufacturer, Self.t0 - 60])
        define(local: 1, global: 20, Self.recordFields, bigEndian: bigEndian)
        define(local: 2, global: 21, Self.eventFields, bigEndian: bigEndian)
        define(local: 3, global: 18, Self.sessionFields, bigEndian: bigEndian)
        define(local: 4, global: 19, [Field(number: 253, size: 4, base: Base.uint32)], bigEndian: bigEndian)
        define(local: 5, global: 34, Self.activityFields, bigEndian: bigEndian)
    }

    /// A record at `t0 + seconds` with position and the given extras (all valid).
    public mutating func record(
        _ seconds: UInt64, latitude: Double, longitude: Double, altitudeRaw: UInt64 = 3000, heartRate: UInt64 = 150,
        cadence: UInt64 = 85, distanceRaw: UInt64 = 0, power: UInt64 = 250
    ) {
        message(
            local: 1,
            [
                Self.t0 + seconds, Self.semicircles(latitude), Self.semicircles(longitude), altitudeRaw, heartRate,
                cadence, distanceRaw, power,
            ])
    }

    /// A timer event: type 0 start, 1 stop, 4 stop_all.
    public mutating func timer(_ seconds: UInt64, type: UInt64) { message(local: 2, [Self.t0 + seconds, 0, type]) }

    /// A session ending at `t0 + end`.
    public mutating func session(
        end: UInt64, start: UInt64 = 0, sport: UInt64 = 1, subSport: UInt64 = 0, elapsedMs: UInt64 = 30_500,
        timerMs: UInt64 = 15_250, distanceCm: UInt64 = 5000, averageSpeedMm: UInt64 = 1234
    ) {
        message(
            local: 3,
            [Self.t0 + end, Self.t0 + start, sport, subSport, elapsedMs, timerMs, distanceCm, averageSpeedMm])
    }

    /// A run file (a file_id), then `count` one-byte data messages of type `global`, defined
    /// without fields: the cheapest flood the FIT format allows.
    public static func flood(global: UInt16, count: Int) -> [UInt8] {
        var w = FITTestWriter()
        w.define(local: 0, global: 0, fileIDFields)
        w.message(local: 0, [4, 1, t0])
        w.define(local: 1, global: global, [])
        w.raw([UInt8](repeating: 1, count: count))
        return w.file()
    }
}
