import Foundation
import NearbyRuns
import Testing

@testable import NearbyStore

/// A run without a route (an indoor recording, issue 10) is a valid stored run with zero points;
/// the same-activity rule neither traps on it nor takes it for a run with a route.
@Suite struct RoutelessStoreTests {
    static let start = 1_631_065_605.0

    /// An indoor ride as `runs import` stores it: no segments, elapsed from the records, the
    /// device's totals, distance 0 (unknown).
    static func indoor(hash: String = "cd34", source: String = "indoor.fit") -> RunRecord {
        RunRecord(
            contentHash: hash, sourceName: source, activityType: "cycling", startTime: start, distance: 0,
            elapsedTime: 240, movingTime: 0, segments: [],
            deviceTotals: DeviceTotals(distance: 0, timerTime: 238.25, elapsedTime: 240.5))
    }

    @Test func aRunWithoutPointsIsStoredAndReadBackWithItsRecords() throws {
        try withTemporaryDirectory { directory in
            let store = try RunStore(path: directory.appendingPathComponent("runs.sqlite").path, now: fixedNow)
            let id = try store.importRun(Self.indoor()).id
            let run = try #require(try store.run(id: id))
            #expect(run.pointCount == 0 && run.elapsedTime == 240 && run.activityType == "cycling")
            #expect(try store.segments(ofRun: id).isEmpty)
            #expect(run.routelessRecords == RecordSummary(count: 0, firstTime: Self.start, lastTime: Self.start + 240))
            #expect(run.deviceTotals == DeviceTotals(distance: 0, timerTime: 238.25, elapsedTime: 240.5))
            // A run with points has no stand-in records.
            let gpx = try store.importRun(sampleRecord(hash: "ef56", start: Self.start)).id
            #expect(try store.run(id: gpx)?.routelessRecords == nil)
        }
    }

    @Test func aRunWithoutAPathIsNeverTheSameActivityByPath() throws {
        let route = SameActivityTests.route(start: Self.start)
        #expect(!SameActivity.matches([], route))
        #expect(!SameActivity.matches(route, []))
        #expect(!SameActivity.matches([], []))
        #expect(!SameActivity.matches([TrackSegment()], route))
        try withTemporaryDirectory { directory in
            let store = try RunStore(path: directory.appendingPathComponent("runs.sqlite").path, now: fixedNow)
            // A GPX starting at the same second, then the indoor FIT: two runs.
            var gpx = sampleRecord(hash: "ab12", source: "ride.gpx", start: Self.start)
            gpx.segments = route
            guard case .inserted = try store.importRun(gpx) else { Issue.record("the GPX was not stored"); return }
            guard case .inserted = try store.importRun(Self.indoor()) else {
                Issue.record("the indoor ride was taken for the GPX")
                return
            }
            // A TCX of the ride without positions is compared with the FIT (other kinds) and the
            // GPX: neither has a path in common with it, so it is stored too (its hash differs).
            guard case .inserted = try store.importRun(Self.indoor(hash: "cd35", source: "indoor.tcx")) else {
                Issue.record("the TCX without positions was taken for another run")
                return
            }
            #expect(try store.runs().count == 3)
        }
    }
}
