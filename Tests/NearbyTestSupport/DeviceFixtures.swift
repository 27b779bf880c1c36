/// FIT files of our own making for the device's own figures (issue 23): a run whose definitions
/// declare fields of sizes that are not a multiple of their base type's (as a COROS watch writes
/// them), and sessions with totals a device cannot have.
///
/// Hand-computed figures of ``oddFieldRun(sessionDistance:)``: 11 records 3 s apart from FIT time
/// t0 (2021-09-08T01:46:40Z) due north from 45° N 7° E, 0.0001° of latitude apart (11.1 m a leg),
/// so the fixes span 30 s; the device's running distance grows by 11.12 m a record (111.2 m at
/// the last); heart rate 150. Timer start at 0 and stop_all at 30 (two timer events), one lap, and
/// a running session of 30.5 s elapsed (total_elapsed_time 30,500 ms), 30 s timer and 111.2 m.
public enum DeviceFixtures {
    public typealias W = FITTestWriter

    /// timestamp, event, event_type and `data` (field 3, a uint32) declared as 1 byte, as COROS
    /// writes its events.
    public static let corosEventFields =
        W.eventFields + [W.Field(number: 3, size: 1, base: W.Base.uint32)]

    /// timestamp, position, `speed` (field 6, a uint16) declared as 3 bytes, distance, heart rate.
    public static let oddRecordFields = [
        W.Field(number: 253, size: 4, base: W.Base.uint32), W.Field(number: 0, size: 4, base: W.Base.sint32),
        W.Field(number: 1, size: 4, base: W.Base.sint32), W.Field(number: 6, size: 3, base: W.Base.uint16),
        W.Field(number: 5, size: 4, base: W.Base.uint32), W.Field(number: 3, size: 1, base: W.Base.uint8),
    ]

    /// The run described above; `sessionFields` and `sessionValues` replace the session message
    /// (the standard one by default: running, 30.5 s elapsed, 30 s timer, 111.2 m). Without
    /// `positions` the records carry no position (an indoor recording), without `recordDistance`
    /// no running distance.
    public static func oddFieldRun(
        sessionFields: [W.Field] = W.sessionFields,
        sessionValues: [UInt64] = [W.t0 + 30, W.t0, 1, 0, 30_500, 30_000, 11_120, 3_707],
        positions: Bool = true, recordDistance: Bool = true
    ) -> [UInt8] {
        var w = W()
        w.defineRun()
        // device_info: manufacturer (a uint16) in 3 bytes, serial number (a uint32z) in 1.
        w.define(
            local: 6, global: 23,
            [
                W.Field(number: 253, size: 4, base: W.Base.uint32), W.Field(number: 2, size: 3, base: W.Base.uint16),
                W.Field(number: 3, size: 1, base: 0x8C),
            ])
        w.message(local: 6, [W.t0, 0x00_01_00, 7])
        w.define(local: 2, global: 21, corosEventFields)
        w.message(local: 2, [W.t0, 0, 0, 0])
        w.define(local: 1, global: 20, oddRecordFields)
        for k in 0...10 {
            w.message(
                local: 1,
                [
                    W.t0 + 3 * UInt64(k), positions ? W.semicircles(45 + 0.0001 * Double(k)) : 0x7FFF_FFFF,
                    positions ? W.semicircles(7) : 0x7FFF_FFFF, 0x00_0F_A0,
                    recordDistance ? 1112 * UInt64(k) : 0xFFFF_FFFF,
                    150,
                ])
        }
        w.message(local: 2, [W.t0 + 30, 0, 4, 0])
        w.message(local: 4, [W.t0 + 30])
        w.define(local: 3, global: 18, sessionFields)
        w.message(local: 3, sessionValues)
        w.message(local: 5, [W.t0 + 30, W.t0 + 30 + 8 * 3600])
        return w.file()
    }

    /// The session's fields with total_distance (field 9) as a float64 of centimetres, as a
    /// hostile file may declare it: 1.7e308 cm is 1.7e306 m.
    public static let float64DistanceSession: [W.Field] = {
        var fields = W.sessionFields
        fields[6] = W.Field(number: 9, size: 8, base: 0x89)
        return fields
    }()

    /// ``oddFieldRun(sessionFields:sessionValues:positions:recordDistance:)`` whose session says
    /// 1.7e306 m (1.7e308 cm as a float64), without record distances.
    public static func impossibleDistanceRun(positions: Bool) -> [UInt8] {
        oddFieldRun(
            sessionFields: float64DistanceSession,
            sessionValues: [W.t0 + 30, W.t0, 1, 0, 30_500, 30_000, (1.7e308).bitPattern, 3_707],
            positions: positions, recordDistance: false)
    }
}
