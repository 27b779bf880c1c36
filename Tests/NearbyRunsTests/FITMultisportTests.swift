import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Several sessions in one file: one track (and one run document) per session, in file order.
@Suite struct FITMultisportTests {
    typealias W = FITTestWriter

    @Test func eachSessionIsItsOwnRun() throws {
        var w = W()
        w.defineRun()
        for second in 0..<3 { w.record(UInt64(second), latitude: 10 + Double(second) / 1000, longitude: 10) }
        w.session(end: 2, sport: 1, distanceCm: 100)
        for second in 3..<5 { w.record(UInt64(second), latitude: 10 + Double(second) / 1000, longitude: 10) }
        w.session(end: 4, start: 3, sport: 3, distanceCm: 200)
        for second in 5..<8 { w.record(UInt64(second), latitude: 10 + Double(second) / 1000, longitude: 10) }
        w.session(end: 7, start: 5, sport: 2, distanceCm: 300)
        let activity = try FITDecoder().decode(w.file(), fileName: "tri.fit")
        #expect(activity.warnings == [])
        #expect(activity.sessions.map(\.sport) == ["running", "transition", "cycling"])
        #expect(activity.sessions.map(\.totalDistance) == [1, 2, 3])
        #expect(activity.sessions.map(\.recordCount) == [3, 2, 3])
        #expect(activity.sessions.map(\.firstRecordTime) == [0, 3, 5].map { W.unixT0 + $0 })
        let tracks = activity.document.tracks
        #expect(tracks.map(\.pointCount) == [3, 2, 3])
        #expect(tracks.map(\.activityType) == ["running", "transition", "cycling"])
        #expect(tracks.map(\.name) == ["Part 1 of 3: running", "Part 2 of 3: transition", "Part 3 of 3: cycling"])
        let runs = activity.runDocuments
        #expect(runs.count == 3)
        #expect(runs.map { $0.tracks.count } == [1, 1, 1])
        #expect(runs[2].tracks[0] == tracks[2])
        #expect(runs.allSatisfy { $0.format == .fit })
    }

    @Test func sessionsWrittenAtTheEndTakeTheirRecordsByTime() throws {
        var w = W()
        w.defineRun()
        for second in 0..<6 { w.record(UInt64(second), latitude: 10 + Double(second) / 1000, longitude: 10) }
        w.session(end: 1, sport: 1)  // records at 0 and 1
        w.session(end: 2, start: 2, sport: 3)  // the record at 2
        w.session(end: 5, start: 3, sport: 2)  // 3, 4, 5
        let activity = try FITDecoder().decode(w.file(), fileName: "end.fit")
        #expect(activity.sessions.map(\.recordCount) == [2, 1, 3])
        #expect(activity.sessions.map(\.lastRecordTime) == [1, 2, 5].map { W.unixT0 + $0 })
        #expect(activity.document.tracks.map(\.pointCount) == [2, 1, 3])
    }

    @Test func aSessionWrittenFirstOwnsTheRecordsAfterIt() throws {
        var w = W()
        w.defineRun()
        w.session(end: 2, distanceCm: 777)
        for second in 0..<3 { w.record(UInt64(second), latitude: 10, longitude: 10 + Double(second) / 1000) }
        let activity = try FITDecoder().decode(w.file(), fileName: "first.fit")
        #expect(activity.warnings == [])
        #expect(activity.sessions.count == 1)
        #expect(activity.sessions[0].recordCount == 3)
        #expect(activity.sessions[0].totalDistance == 7.77)
    }
}
