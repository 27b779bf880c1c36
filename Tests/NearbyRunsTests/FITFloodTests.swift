import NearbySystem
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Issue 22: one byte per message is legal FIT, so a small file can hold millions of `record` or
/// `session` messages. What the decoder keeps is capped in proportion to a real device's files,
/// charged before it is kept, and a file past a cap is refused with one sentence.
@Suite struct FITFloodTests {
    typealias W = FITTestWriter

    @Test func aFloodOfEmptySessionsStopsAtTheCap() throws {
        let cap = InputKind.fitSessions.limits.itemsOut
        #expect(cap == 100)
        // At the cap: a hundred sessions without records are read (and become no run; see the
        // import's one sentence per file).
        let atCap = try FITDecoder().decode(W.flood(global: 18, count: cap), fileName: "s.fit")
        #expect(atCap.sessions.count == cap)
        // One more is refused, whatever follows: 2 MB of them cost what the cap costs.
        #expect(throws: FITDecodeError.self) {
            try FITDecoder().decode(W.flood(global: 18, count: cap + 1), fileName: "s.fit")
        }
        do {
            _ = try FITDecoder().decode(W.flood(global: 18, count: 2_000_000), fileName: "s.fit")
            Issue.record("a flood of sessions was decoded")
        } catch {
            #expect(
                error.description
                    == "s.fit holds more than 100 sessions (a multisport device writes a handful), so it is refused.")
        }
    }

    @Test func aFloodOfEmptyRecordsStopsAtTheCap() throws {
        var decoder = FITDecoder()
        decoder.recordLimits = InputBudget.Limits(bytesIn: 1 << 20, itemsOut: 1000, bytesRetained: 1 << 20)
        let atCap = try decoder.decode(W.flood(global: 20, count: 1000), fileName: "r.fit")
        #expect(atCap.recordCount == 1000)
        do {
            _ = try decoder.decode(W.flood(global: 20, count: 1001), fileName: "r.fit")
            Issue.record("a flood of records was decoded")
        } catch {
            #expect(
                error.description
                    == "r.fit holds more than 1,000 records (more than 11 days at one record a second), so it is refused."
            )
        }
        // The default cap: a million records, eleven and a half days at one a second.
        #expect(InputKind.fitRecords.limits.itemsOut == 1_000_000)
    }

    @Test func aFileLargerThanTheFITLimitIsRefusedBeforeItIsRead() {
        var decoder = FITDecoder()
        decoder.recordLimits = InputBudget.Limits(bytesIn: 100, itemsOut: 1000, bytesRetained: 1 << 20)
        #expect(throws: FITDecodeError.overBudget(file: "b.fit", .init(kind: .fitRecords, meter: .bytesIn, limit: 100)))
        {
            try decoder.decode(W.flood(global: 20, count: 200), fileName: "b.fit")
        }
    }

    /// A record as kept takes 40 bytes (the plain optionals took 64), and reads back what was set.
    @Test func aRecordIsSmallAndKeepsItsValues() {
        #expect(MemoryLayout<FITActivityBuilder.Record>.stride == 40)
        var record = FITActivityBuilder.Record(time: 7)
        #expect(record.time == 7 && record.latitude == nil && record.distance == nil && !record.breakBefore)
        record.latitude = -5
        record.longitude = Int32.min
        record.altitude = -0.0
        record.heartRate = 0
        record.cadence = 85
        record.power = 250
        record.distance = 12.5
        record.breakBefore = true
        #expect(record.latitude == -5 && record.longitude == Int32.min && record.heartRate == 0)
        #expect(record.altitude?.sign == .minus && record.cadence == 85 && record.power == 250)
        #expect(record.distance == 12.5 && record.breakBefore && !record.duringPause)
        record.time = nil
        record.latitude = nil
        #expect(record.time == nil && record.latitude == nil && record.longitude == Int32.min)
    }

    /// A flood of file_id messages keeps each file type once (it kept one entry per message).
    @Test func aFloodOfFileIDsKeepsEachTypeOnce() throws {
        var w = W()
        w.define(local: 0, global: 0, W.fileIDFields)
        for index in 0..<10_000 { w.message(local: 0, [index % 2 == 0 ? 4 : 2, 1, W.t0]) }
        let data = w.data
        let types = data.withUnsafeBufferPointer { buffer -> [Int64?] in
            guard let base = buffer.baseAddress else { return [] }
            var reader = FITMessageReader(base: base)
            var builder = FITActivityBuilder()
            var budget = FITBudget()
            _ = reader.read(from: 0, to: buffer.count, into: &builder, budget: &budget)
            return builder.fileTypes
        }
        #expect(types == [4, 2])
    }
}
