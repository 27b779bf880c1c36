import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// The FIT decoder on files of our own making (FITTestWriter), against values computed by hand.
@Suite struct FITDecoderTests {
    typealias W = FITTestWriter
    static let step = 180 / 2_147_483_648.0  // one semicircle in degrees

    /// A run: timer start, 3 records, stop at +10, start at +25 (15 s paused), 2 records, a
    /// skipped device_info message, lap, session, activity.
    static func runWriter(bigEndian: Bool = false) -> FITTestWriter {
        var w = W()
        w.defineRun(bigEndian: bigEndian)
        w.define(local: 6, global: 23, [.init(number: 3, size: 16, base: W.Base.string)], bigEndian: bigEndian)
        w.timer(0, type: 0)
        w.record(0, latitude: 45, longitude: 90, altitudeRaw: 3000, distanceRaw: 0)
        w.record(5, latitude: 45.0001, longitude: 90, altitudeRaw: 3005, heartRate: 151, distanceRaw: 1112)
        w.message(local: 6, [0x4142_4344])
        w.record(10, latitude: 45.0002, longitude: 90, altitudeRaw: 3010, heartRate: 152, distanceRaw: 2224)
        w.timer(10, type: 1)
        w.timer(25, type: 0)
        w.record(25, latitude: 45.0003, longitude: 90, altitudeRaw: 3015, heartRate: 153, distanceRaw: 3336)
        w.record(30, latitude: 45.0004, longitude: -180, altitudeRaw: 2500, heartRate: 154, distanceRaw: 4448, power: 0)
        w.message(local: 4, [W.t0 + 30])
        w.session(end: 30)
        w.message(local: 5, [W.t0 + 30, W.t0 + 30 + 8 * 3600])
        return w
    }

    static func decode(_ bytes: [UInt8], _ name: String = "run.fit", lenient: Bool = false) throws(FITDecodeError)
        -> FITActivity
    {
        try FITDecoder(options: .init(acceptDamaged: lenient)).decode(bytes, fileName: name)
    }

    @Test func aRunDecodesToHandValues() throws {
        let activity = try Self.decode(Self.runWriter().file())
        #expect(activity.warnings == [])
        #expect(activity.protocolVersion == 2.0)
        #expect(activity.profileVersion == 21.133)
        #expect(activity.manufacturer == "garmin")
        #expect(activity.document.creator == "garmin")
        #expect(activity.document.format == .fit)
        #expect(activity.timeCreated == W.unixT0 - 60)
        #expect(activity.recordCount == 5)
        #expect(activity.lapCount == 1)
        #expect(activity.timerEventCount == 3)
        #expect(activity.pausedSeconds == 15)
        let tracks = activity.document.tracks
        #expect(tracks.count == 1)
        #expect(tracks[0].activityType == "running")
        #expect(tracks[0].name == nil)
        #expect(tracks[0].segments.map(\.points.count) == [3, 2])
        let points = tracks[0].segments.flatMap(\.points)
        let offsets: [Double] = [0, 5, 10, 25, 30]
        let wantTimes: [Double?] = offsets.map { W.unixT0 + $0 }
        #expect(points.map(\.time) == wantTimes)
        // altitude = raw / 5 − 500
        #expect(points.map(\.elevation) == [100, 101, 102, 103, 0])
        #expect(points.map(\.heartRate) == [150, 151, 152, 153, 154])
        #expect(points.map(\.cadence) == [85, 85, 85, 85, 85])
        #expect(points.map(\.power) == [250, 250, 250, 250, 0])
        for (point, latitude) in zip(points, [45, 45.0001, 45.0002, 45.0003, 45.0004]) {
            #expect(abs(point.latitude - latitude) <= Self.step)
        }
        #expect(points[0].longitude == 90)
        #expect(points[4].longitude == -180)  // sint32 −2^31 is valid; only 0x7FFFFFFF is invalid
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(session.sport == "running")
        #expect(session.subSport == "generic")
        #expect(session.startTime == W.unixT0)
        #expect(session.endTime == W.unixT0 + 30)
        #expect(session.totalElapsedTime == 30.5)
        #expect(session.totalTimerTime == 15.25)
        #expect(session.totalDistance == 50)
        #expect(session.averageSpeed == 1.234)
        #expect(session.recordCount == 5)
        #expect(session.positionedRecordCount == 5)
        #expect(session.recordElapsedTime == 30)
        #expect(session.lastRecordDistance == 44.48)
        #expect(!session.isSynthesized)
        #expect(activity.runDocuments == [activity.document])
    }

    @Test func recordsWrittenDuringAPauseAreLeftOutOrKeptApart() throws {
        var w = W()
        w.defineRun()
        w.timer(0, type: 0)
        w.record(0, latitude: 1, longitude: 1)
        w.record(1, latitude: 1.001, longitude: 1)
        w.timer(1, type: 4)  // stop_all (auto-pause)
        w.record(2, latitude: 1.002, longitude: 1)
        w.record(3, latitude: 1.003, longitude: 1)
        w.timer(4, type: 0)
        w.record(4, latitude: 1.004, longitude: 1)
        w.record(5, latitude: 1.005, longitude: 1)
        w.session(end: 5)
        let activity = try Self.decode(w.file())
        #expect(activity.pausedSeconds == 3)
        #expect(activity.sessions[0].positionedRecordCount == 6)
        #expect(activity.sessions[0].pausedPointCount == 2)
        let times = activity.document.tracks[0].segments.map { $0.points.map(\.time) }
        let t0: Double = W.unixT0
        let wantTimes: [[Double?]] = [[t0, t0 + 1], [t0 + 4, t0 + 5]]
        #expect(times == wantTimes)
        let kept = try FITDecoder(options: .init(keepPausedRecords: true)).decode(w.file(), fileName: "k.fit")
        let keptTimes = kept.document.tracks[0].segments.map { $0.points.map(\.time) }
        let wantKept: [[Double?]] = [[t0, t0 + 1], [t0 + 2, t0 + 3], [t0 + 4, t0 + 5]]
        #expect(keptTimes == wantKept)
    }

    @Test func bigEndianMessagesDecodeTheSame() throws {
        let little = try Self.decode(Self.runWriter().file())
        let big = try Self.decode(Self.runWriter(bigEndian: true).file())
        #expect(big.document == little.document)
        #expect(big.sessions == little.sessions)
        #expect(big.warnings == [])
        #expect(big.document.tracks[0].segments[0].points[0].heartRate == 150)
    }

    @Test func twelveByteHeaderAndOldProfileVersion() throws {
        let activity = try Self.decode(Self.runWriter().file(headerSize: 12, protocolVersion: 0x10, profile: 2030))
        #expect(activity.warnings == [])
        #expect(activity.protocolVersion == 1.0)
        #expect(activity.profileVersion == 20.3)
        #expect(activity.recordCount == 5)
    }

    @Test func crcIsTheFITSpecificationsCRC16() {
        let check = Array("123456789".utf8)
        let crc = check.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { FITCRC.checksum($0, count: buffer.count) }
        }
        #expect(crc == 0xBB3D)  // CRC-16/ARC check value
        #expect(W.crc(check) == 0xBB3D)
        // Every length 0…40 (the eight-byte steps and the tail) against the specification's
        // nibble algorithm.
        let bytes = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        for length in 0...40 {
            let prefix = Array(bytes[..<length])
            let fast = prefix.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { FITCRC.checksum($0, count: buffer.count) } ?? 0
            }
            #expect(fast == W.crc(prefix))
        }
    }

    @Test func compressedTimestampHeadersRollOver() throws {
        var w = W()
        w.defineRun()
        let position: [W.Field] = [
            .init(number: 0, size: 4, base: W.Base.sint32), .init(number: 1, size: 4, base: W.Base.sint32),
        ]
        w.define(local: 2, global: 20, position)
        let (lat, lon) = (W.semicircles(10), W.semicircles(20))
        w.message(local: 1, [W.t0 + 30, lat, lon, 3000, 150, 85, 0, 250])  // low 5 bits of t0 + 30: 30
        w.compressed(local: 2, timeOffset: 31, [lat, lon])  // 31 ≥ 30: t0 + 31
        w.compressed(local: 2, timeOffset: 2, [lat, lon])  // 2 < 31: wraps, t0 + 32 + 2
        w.compressed(local: 2, timeOffset: 2, [lat, lon])  // equal: same second
        w.compressed(local: 2, timeOffset: 5, [lat, lon])  // t0 + 37
        w.define(local: 3, global: 18, W.sessionFields)
        w.session(end: 37)
        let activity = try Self.decode(w.file())
        let times = activity.document.tracks[0].segments.flatMap(\.points).map(\.time)
        #expect(times == [30, 31, 34, 34, 37].map { W.unixT0 + $0 })
        #expect(activity.compressedTimestampRecordCount == 4)
    }

    @Test func aCompressedHeaderBeforeAnyTimestampHasNoTime() throws {
        var w = W()
        w.define(local: 0, global: 0, W.fileIDFields)
        w.message(local: 0, [4, 1, W.t0])  // time_created is not a timestamp field
        w.define(
            local: 1, global: 20,
            [.init(number: 0, size: 4, base: W.Base.sint32), .init(number: 1, size: 4, base: W.Base.sint32)])
        w.compressed(local: 1, timeOffset: 7, [W.semicircles(1), W.semicircles(2)])
        let activity = try Self.decode(w.file())
        #expect(activity.document.tracks[0].segments[0].points[0].time == nil)
        #expect(activity.warnings == [.neverClosed])
    }

    @Test func developerFieldsAreSkippedByTheirSize() throws {
        var w = W()
        w.define(local: 0, global: 0, W.fileIDFields)
        w.message(local: 0, [4, 95, W.t0])
        // developer_data_id (207) and field_description (206): skipped by their definitions.
        w.define(local: 2, global: 207, [.init(number: 3, size: 1, base: W.Base.uint8)])
        w.message(local: 2, [0])
        w.define(
            local: 3, global: 206,
            [.init(number: 0, size: 1, base: W.Base.uint8), .init(number: 3, size: 9, base: W.Base.string)])
        w.message(local: 3, [0, 0x65_636E_6174_7369_44])  // "Distance"
        let fields: [W.Field] = [
            .init(number: 253, size: 4, base: W.Base.uint32), .init(number: 0, size: 4, base: W.Base.sint32),
            .init(number: 1, size: 4, base: W.Base.sint32), .init(number: 5, size: 4, base: W.Base.uint32),
        ]
        w.define(
            local: 1, global: 20, fields,
            developer: [.init(number: 0, size: 4, base: 0), .init(number: 1, size: 2, base: 0)])
        w.message(local: 1, [W.t0, W.semicircles(38), W.semicircles(-9), 1145], developerBytes: [9, 9, 9, 9, 7, 7])
        w.message(
            local: 1, [W.t0 + 1, W.semicircles(38), W.semicircles(-9), 1240], developerBytes: [1, 2, 3, 4, 5, 6])
        // A developer flag with zero developer fields is allowed too.
        w.define(local: 4, global: 20, [.init(number: 253, size: 4, base: W.Base.uint32)], developer: [])
        w.raw([0x64, 0, 0, 20, 0, 1, 253, 4, W.Base.uint32, 0])
        w.message(local: 4, [W.t0 + 2])
        w.define(local: 5, global: 18, W.sessionFields)
        w.message(local: 5, [W.t0 + 2, W.t0, 1, 0, 2000, 2000, 124, 0])
        let activity = try Self.decode(w.file())
        #expect(activity.warnings == [])
        #expect(activity.manufacturer == "stryd")
        #expect(activity.developerFieldRecordCount == 2)
        #expect(activity.recordCount == 3)
        #expect(activity.sessions[0].lastRecordDistance == 12.4)
        let points = activity.document.tracks[0].segments[0].points
        #expect(points.count == 2)
        #expect(abs(points[1].latitude - 38) <= Self.step && abs(points[1].longitude + 9) <= Self.step)
    }

    @Test func invalidSentinelsReadAsAbsent() throws {
        var w = W()
        w.defineRun(manufacturer: 0xFFFF)
        w.record(0, latitude: 1, longitude: 1)
        // Invalid latitude: the record counts but has no position.
        w.message(local: 1, [W.t0 + 1, 0x7FFF_FFFF, W.semicircles(1), 3000, 150, 85, 100, 250])
        // Every extra invalid: uint16 0xFFFF, uint8 0xFF, uint32 0xFFFFFFFF.
        w.message(local: 1, [W.t0 + 2, W.semicircles(1), W.semicircles(1), 0xFFFF, 0xFF, 0xFF, 0xFFFF_FFFF, 0xFFFF])
        // uint8z heart rate 0 is invalid; a float32 altitude of all ones too.
        w.define(
            local: 6, global: 20,
            [
                .init(number: 253, size: 4, base: W.Base.uint32), .init(number: 0, size: 4, base: W.Base.sint32),
                .init(number: 1, size: 4, base: W.Base.sint32), .init(number: 3, size: 1, base: W.Base.uint8z),
                .init(number: 2, size: 4, base: 0x88),
            ])
        w.message(local: 6, [W.t0 + 3, W.semicircles(1), W.semicircles(1), 0, 0xFFFF_FFFF])
        w.message(local: 6, [W.t0 + 4, W.semicircles(1), W.semicircles(1), 60, UInt64(Float(2510).bitPattern)])
        w.session(end: 4)
        let activity = try Self.decode(w.file())
        #expect(activity.manufacturer == nil)
        #expect(activity.recordCount == 5)
        #expect(activity.sessions[0].positionedRecordCount == 4)
        #expect(activity.sessions[0].lastRecordDistance == 1)  // the last valid distance, 100 cm
        let points = activity.document.tracks[0].segments[0].points
        #expect(points.map(\.time) == [0, 2, 3, 4].map { W.unixT0 + $0 })
        #expect(points[1].elevation == nil && points[1].heartRate == nil && points[1].cadence == nil)
        #expect(points[1].power == nil)
        #expect(points[2].heartRate == nil && points[2].elevation == nil)
        #expect(points[3].heartRate == 60 && points[3].elevation == 2510.0 / 5 - 500)
    }

    @Test func chainedFilesAreReadInOrder() throws {
        var second = W()
        second.defineRun()
        second.record(40, latitude: 45.0005, longitude: 90)
        let bytes = Self.runWriter().file() + second.file()
        let activity = try Self.decode(bytes)
        #expect(activity.warnings == [])
        #expect(activity.recordCount == 6)
        #expect(activity.document.tracks[0].pointCount == 6)
        let trailing = try Self.decode(bytes + [0x0A])
        #expect(trailing.warnings == [.trailingBytes(count: 1)])
    }

    @Test func theSettingsFileIsNotAnActivity() throws {
        var w = W()
        w.defineRun(fileType: 2)
        let error = #expect(throws: FITDecodeError.self) { try Self.decode(w.file(), "Settings.fit") }
        #expect(error == .notAnActivity(file: "Settings.fit", fileType: "settings"))
        #expect(error?.description == "Settings.fit is a FIT settings file, not an activity.")
        var bare = W()
        bare.define(local: 1, global: 20, W.recordFields)
        bare.record(0, latitude: 1, longitude: 1)
        #expect(throws: FITDecodeError.notAnActivity(file: "bare.fit", fileType: nil)) {
            try Self.decode(bare.file(), "bare.fit")
        }
    }

    @Test func notFITBytesGetOneSentence() {
        let cases: [([UInt8], String)] = [
            ([], "x.fit is not a FIT file: the file is empty."),
            ([14, 0x20, 0], "x.fit is not a FIT file: the file has only 3 bytes."),
            (
                Array("<?xml version=\"1.0\"?><gpx/>".utf8),
                "x.fit is not a FIT file: its header size is 60, expected 12 or 14."
            ),
            (
                [14, 0x20, 0, 0, 0, 0, 0, 0] + Array(".FIT".utf8),
                "x.fit is not a FIT file: the file has only 12 bytes."
            ),
            (
                [12, 0x20, 0, 0, 0, 0, 0, 0] + Array(".FTI".utf8),
                "x.fit is not a FIT file: there is no \".FIT\" signature at byte 8."
            ),
        ]
        for (bytes, sentence) in cases {
            let error = #expect(throws: FITDecodeError.self) { try Self.decode(bytes, "x.fit") }
            #expect(error?.description == sentence)
        }
        #expect(FITDecoder.looksLikeFIT(Self.runWriter().file()))
        #expect(!FITDecoder.looksLikeFIT(Array("<gpx>........".utf8)))
        #expect(!FITDecoder.looksLikeFIT([14, 0, 0]))
    }
}
