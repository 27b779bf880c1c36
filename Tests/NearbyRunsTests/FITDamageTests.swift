import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Files that end early, carry wrong bytes or were never closed: warnings or one sentence,
/// never a crash, a hang or an impossible value.
@Suite struct FITDamageTests {
    typealias W = FITTestWriter

    static func decode(_ bytes: [UInt8], _ name: String = "run.fit", lenient: Bool = false) throws(FITDecodeError)
        -> FITActivity
    {
        try FITDecoder(options: .init(acceptDamaged: lenient)).decode(bytes, fileName: name)
    }

    @Test func aMissingCRCIsTruncation() throws {
        let bytes = FITDecoderTests.runWriter().file()
        let activity = try Self.decode(Array(bytes.dropLast()))
        #expect(activity.warnings == [.truncated(expected: bytes.count, actual: bytes.count - 1)])
        #expect(activity.recordCount == 5)
        #expect(activity.sessions[0].totalDistance == 50)
    }

    @Test func aCutLastMessageIsDroppedWithAWarning() throws {
        let bytes = FITDecoderTests.runWriter().file()
        // The activity message (1 + 4 + 4 bytes) ends just before the CRC; cut its last byte too.
        let activity = try Self.decode(Array(bytes.dropLast(3)))
        #expect(
            activity.warnings == [
                .truncated(expected: bytes.count, actual: bytes.count - 3),
                .endsInsideMessage(offset: bytes.count - 11),
            ])
        #expect(activity.recordCount == 5)
        #expect(activity.sessions[0].totalDistance == 50)  // written after every record: still trusted
    }

    @Test func everyPrefixEndsCleanly() throws {
        let bytes = FITDecoderTests.runWriter().file()
        var decoded = 0
        for length in 0..<bytes.count {
            do {
                let activity = try Self.decode(Array(bytes[..<length]), "cut.fit")
                decoded += 1
                #expect(activity.recordCount <= 5)
                #expect(activity.warnings.contains(.truncated(expected: bytes.count, actual: length)))
            } catch {
                #expect(error.description.hasPrefix("cut.fit "))
            }
        }
        #expect(decoded > 0)
    }

    @Test func aWrongByteIsACRCMismatch() throws {
        var bytes = FITDecoderTests.runWriter().file()
        let stored = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) << 8
        bytes[bytes.count - 3] ^= 0x01  // inside activity.local_timestamp
        let computed = W.crc(Array(bytes.dropLast(2)))
        let activity = try Self.decode(bytes)
        #expect(activity.warnings == [.crcMismatch(stored: stored, computed: computed)])
        #expect(activity.warnings[0].description.contains("CRC"))
        var header = FITDecoderTests.runWriter().file()
        header[12] ^= 0xFF
        let headerWarnings = try Self.decode(header).warnings
        #expect(headerWarnings.count == 2)  // the file CRC covers the header too
        if case .headerCRCMismatch = headerWarnings.first {} else { Issue.record("expected a header CRC warning") }
    }

    @Test func anUndefinedLocalMessageIsDamage() throws {
        var w = W()
        w.defineRun()
        w.session(end: 600, distanceCm: 1_127_404)  // written first, like the Strava app
        w.record(0, latitude: 44, longitude: -121)
        w.record(1, latitude: 44.0001, longitude: -121)
        let damageAt = 14 + w.data.count
        w.raw([0x0B, 1, 2, 3])  // local message 11 was never defined
        w.record(2, latitude: 44.0002, longitude: -121)
        let bytes = w.file()
        let error = #expect(throws: FITDecodeError.self) { try Self.decode(bytes, "strava.fit") }
        #expect(
            error
                == .damaged(
                    file: "strava.fit", offset: damageAt, size: bytes.count, reason: "local message 11 is not defined"))
        #expect(
            error?.description
                == "strava.fit is damaged: decoding stops at byte \(damageAt) of \(bytes.count) (local message 11 is not defined)."
        )
        let partial = try Self.decode(bytes, "strava.fit", lenient: true)
        #expect(
            partial.warnings == [
                .damaged(offset: damageAt, size: bytes.count, reason: "local message 11 is not defined"),
                .sessionTotalsIgnored(count: 1),
            ])
        #expect(partial.recordCount == 2)
        #expect(partial.sessions[0].totalDistance == nil)  // never the 11.27 km the session claims
        #expect(partial.sessions[0].totalElapsedTime == nil)
    }

    @Test func anUnknownArchitectureIsDamage() throws {
        var w = W()
        w.defineRun()
        w.raw([0x47, 0, 2, 20, 0, 0])
        #expect(
            throws: FITDecodeError.damaged(
                file: "a.fit", offset: 14 + w.data.count - 6, size: w.file().count,
                reason: "architecture 2 is not 0 or 1")
        ) {
            try Self.decode(w.file(), "a.fit")
        }
    }

    @Test func anImpossibleTimestampIsLeftOut() throws {
        var w = W()
        w.defineRun()
        for second in 0..<4 { w.record(UInt64(second), latitude: 44 + Double(second) / 10_000, longitude: -121) }
        w.record(2_027_039_314, latitude: 50, longitude: 10)  // 64 years later
        w.session(end: 3)
        let activity = try Self.decode(w.file())
        #expect(activity.warnings == [.droppedImpossibleTimestamps(count: 1)])
        #expect(activity.recordCount == 5)
        #expect(activity.droppedRecordCount == 1)
        #expect(activity.sessions[0].recordCount == 4)
        #expect(activity.sessions[0].lastRecordTime == W.unixT0 + 3)
        #expect(activity.document.tracks[0].pointCount == 4)
    }

    @Test func relativeTimesAreAnchoredOnTheLocalClockOrLeftOut() throws {
        func file(anchor: Bool) -> [UInt8] {
            var w = W()
            w.defineRun()
            for step in 0..<3 {
                w.message(
                    local: 1, [17_217_864 + UInt64(step), W.semicircles(1), W.semicircles(2), 3000, 150, 85, 0, 250])
            }
            w.message(local: 3, [17_217_900, 17_217_864, 1, 0, 36_000, 36_000, 0, 0])
            if anchor { w.message(local: 5, [17_217_900, W.t0]) }
            return w.file()
        }
        let anchored = try Self.decode(file(anchor: true))
        // local wall time t0 at relative 17217900: relative 17217864 is t0 − 36 s (approximate).
        #expect(anchored.warnings == [.relativeTimes(anchored: true)])
        #expect(anchored.document.tracks[0].segments[0].points.map(\.time) == [-36, -35, -34].map { W.unixT0 + $0 })
        #expect(anchored.sessions[0].startTime == W.unixT0 - 36)
        let bare = try Self.decode(file(anchor: false))
        #expect(bare.warnings == [.relativeTimes(anchored: false)])
        #expect(bare.document.tracks[0].segments[0].points.allSatisfy { $0.time == nil })
        #expect(bare.sessions[0].startTime == nil)  // never 1990-07-18
        #expect(bare.sessions[0].totalElapsedTime == 36)
    }

    @Test func packedSpeedAndDistanceAccumulate() throws {
        var w = W()
        w.defineRun()
        w.define(
            local: 6, global: 20,
            [.init(number: 253, size: 4, base: W.Base.uint32), .init(number: 8, size: 3, base: W.Base.byte)])
        // 12-bit speed (1/100 m/s) then 12-bit rolling distance (1/16 m).
        func packed(speed: UInt64, distance: UInt64) -> UInt64 {
            (speed & 0xFF) | ((speed >> 8) & 0x0F | (distance & 0x0F) << 4) << 8 | (distance >> 4) << 16
        }
        w.message(local: 6, [W.t0, packed(speed: 300, distance: 4000)])  // 250 m
        w.message(local: 6, [W.t0 + 1, packed(speed: 300, distance: 100)])  // wraps: +196/16 m
        w.message(local: 6, [W.t0 + 2, packed(speed: 0, distance: 100)])
        w.session(end: 2)
        let activity = try Self.decode(w.file())
        #expect(activity.sessions[0].lastRecordDistance == 4196.0 / 16)
        #expect(activity.sessions[0].recordCount == 3)
        #expect(activity.sessions[0].positionedRecordCount == 0)
        #expect(activity.document.tracks[0].segments.isEmpty)
    }

    @Test func aRecordingNeverClosedGetsASynthesizedSession() throws {
        var w = W()
        w.defineRun(manufacturer: 70)
        w.define(local: 6, global: 12, [.init(number: 0, size: 1, base: W.Base.enumeration)])
        w.message(local: 6, [2])
        w.timer(0, type: 0)
        w.record(0, latitude: 40, longitude: -83)
        w.record(1, latitude: 40.0001, longitude: -83)
        let activity = try Self.decode(w.file())
        #expect(activity.warnings == [.neverClosed])
        #expect(activity.manufacturer == "sigmasport")
        let session = try #require(activity.sessions.first)
        #expect(session.isSynthesized)
        #expect(session.sport == "cycling")
        #expect(session.totalDistance == nil)
        #expect(session.recordCount == 2)
        #expect(activity.document.tracks[0].activityType == "cycling")
    }

    @Test func hostileSizesEndInsideAMessage() throws {
        var w = W()
        w.defineRun()
        // 255 fields of 255 bytes each: a 65,025-byte message the file does not hold.
        w.raw([0x47, 0, 0, 20, 0, 255] + (0..<255).flatMap { [UInt8($0), 255, 0x0D] })
        let at = 14 + w.data.count
        w.raw([0x07, 1, 2, 3])
        let activity = try Self.decode(w.file())
        #expect(activity.warnings == [.endsInsideMessage(offset: at)])
    }

    @Test func randomByteDamageNeverCrashes() throws {
        let original = FITDecoderTests.runWriter().file()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // fixed seed: deterministic runs
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var failures = 0
        var decoded = 0
        for round in 0..<2000 {
            var bytes = original
            for _ in 0..<(1 + next() % 4) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            if round % 7 == 0 { bytes = Array(bytes.prefix(next() % bytes.count)) }
            do {
                let activity = try Self.decode(bytes, "fuzz.fit", lenient: round % 2 == 0)
                decoded += 1
                #expect(activity.recordCount <= bytes.count)
            } catch {
                failures += 1
                #expect(error.description.hasPrefix("fuzz.fit "))
            }
        }
        #expect(failures > 0)
        #expect(decoded > 0)
    }
}
