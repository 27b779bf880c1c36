import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Fields whose size is not a multiple of their base type's size (issue 23). Garmin's FIT SDK
/// reads such a field as bytes — no value of its type — and goes on; so does Nearby, and every
/// message after such a definition is read. Figures by hand: see ``DeviceFixtures``.
@Suite struct FITOddFieldTests {
    typealias W = FITTestWriter

    @Test func everyMessageAfterAnOddDefinitionIsRead() throws {
        let activity = try FITDecoder().decode(DeviceFixtures.oddFieldRun(), fileName: "coros.fit")
        #expect(activity.warnings == [])
        #expect(activity.timerEventCount == 2)
        #expect(activity.lapCount == 1)
        #expect(activity.recordCount == 11)
        let session = try #require(activity.sessions.first)
        #expect(session.totalElapsedTime == 30.5)
        #expect(session.totalTimerTime == 30)
        #expect(session.totalDistance == 111.2)
        #expect(session.lastRecordDistance == 111.2)
        #expect(session.deviceTotals == DeviceTotals(distance: 111.2, timerTime: 30, elapsedTime: 30.5))
        let points = activity.document.tracks[0].segments.flatMap(\.points)
        #expect(points.count == 11)
        // The fields after the 3-byte speed are where their definition says.
        #expect(points.allSatisfy { $0.heartRate == 150 })
        #expect(points.map(\.time) == (0...10).map { W.unixT0 + 3 * Double($0) })
    }

    /// A total_distance (uint32) declared as 6 bytes is bytes, not a distance, as the SDK reads
    /// it; a total_timer_time of two whole uint32 elements is an array whose first element counts.
    @Test func aFieldOfPartElementsIsInvalid() throws {
        var fields = W.sessionFields
        fields[6] = W.Field(number: 9, size: 6, base: W.Base.uint32)
        fields[5] = W.Field(number: 8, size: 8, base: W.Base.uint32)
        let bytes = DeviceFixtures.oddFieldRun(
            sessionFields: fields, sessionValues: [W.t0 + 30, W.t0, 1, 0, 30_500, 30_000, 11_120, 3_707])
        let session = try #require(try FITDecoder().decode(bytes, fileName: "odd.fit").sessions.first)
        #expect(session.totalDistance == nil)
        #expect(session.totalTimerTime == 30)
        #expect(session.totalElapsedTime == 30.5)
        #expect(session.averageSpeed == 3.707)
    }

    /// A field too short for one element (a uint32 in 1 byte, as COROS writes an event's data)
    /// reads as invalid; its neighbours do not move.
    @Test func aFieldShorterThanItsTypeIsInvalid() {
        let field = FITField(number: 3, size: 1, baseType: W.Base.uint32, offset: 0)
        let odd = FITField(number: 6, size: 3, baseType: W.Base.uint16, offset: 1)
        let bytes: [UInt8] = [0x05, 0xA0, 0x0F, 0x00]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            #expect(field.integer(in: base, bigEndian: false) == nil)
            #expect(field.value(in: base, bigEndian: false) == nil)
            #expect(odd.integer(in: base, bigEndian: false) == nil)
            #expect(
                FITField(number: 6, size: 2, baseType: W.Base.uint16, offset: 1).integer(in: base, bigEndian: false)
                    == 4000)
        }
    }
}
