import Foundation
import NearbyRuns
import Testing

@testable import NearbyStore

@Suite struct RoundTripTests {
    /// Values chosen to break lossy storage: signed zero, extremes, subnormals, infinities,
    /// a NaN with a payload, values that are not exact in decimal, and every nil pattern.
    static let awkward: [TrackPoint] = [
        TrackPoint(latitude: -0.0, longitude: 0.0),
        TrackPoint(
            latitude: 100, longitude: -180, elevation: -1e308, time: -62_135_596_800.000_001,
            heartRate: 0, cadence: UInt16.max),
        TrackPoint(
            latitude: .leastNonzeroMagnitude, longitude: -.greatestFiniteMagnitude,
            elevation: .infinity, time: nil, heartRate: UInt16.max, cadence: nil),
        TrackPoint(
            latitude: Double(bitPattern: 0x7ff8_0000_dead_beef), longitude: 0.1 + 0.2,
            elevation: nil, time: 1e18, heartRate: nil, cadence: 0),
        TrackPoint(latitude: 25.033_964_1, longitude: 121.564_468_3, elevation: -.infinity),
    ]

    static func bits(_ points: [TrackPoint]) -> [[UInt64?]] {
        points.map { p in
            [
                p.latitude.bitPattern, p.longitude.bitPattern, p.elevation?.bitPattern,
                p.time?.bitPattern, p.heartRate.map(UInt64.init), p.cadence.map(UInt64.init),
            ]
        }
    }

    @Test func pointsComeBackBitExact() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            let segments = [
                TrackSegment(points: Self.awkward),
                TrackSegment(points: []),
                TrackSegment(points: Array(Self.awkward.reversed())),
            ]
            let record = RunRecord(
                contentHash: "c0ffee", sourceName: "odd.tcx", distance: 0, elapsedTime: 0,
                movingTime: 0, segments: segments)
            let id = try RunStore(path: path, now: fixedNow).importRun(record).id
            // A fresh connection, so nothing can come from a cache in memory.
            let stored = try RunStore(path: path, now: fixedNow).segments(ofRun: id)
            #expect(stored.count == 3)
            #expect(stored.map(\.points.count) == [5, 0, 5])
            #expect(stored.map { Self.bits($0.points) } == segments.map { Self.bits($0.points) })
            #expect(try RunStore(path: path, now: fixedNow).run(id: id)?.pointCount == 10)
        }
    }

    @Test func summaryFieldsRoundTrip() throws {
        try withTemporaryDirectory { directory in
            let store = try RunStore(
                path: directory.appendingPathComponent("runs.sqlite").path, now: fixedNow)
            let record = RunRecord(
                contentHash: "ABCDEF12", sourceName: "晨跑.gpx", name: nil, activityType: "9",
                startTime: -1.5, distance: 0.1 + 0.2, elapsedTime: 1e12, movingTime: -0.0,
                segments: [])
            let id = try store.importRun(record).id
            let run = try #require(try store.run(id: id))
            #expect(
                run
                    == StoredRun(
                        id: id, contentHash: "abcdef12", sourceName: "晨跑.gpx", name: nil,
                        activityType: "9", startTime: -1.5, distance: 0.1 + 0.2,
                        elapsedTime: 1e12, movingTime: 0, pointCount: 0,
                        importedAt: 1_700_000_000.5))
            #expect(run.distance.bitPattern == (0.1 + 0.2).bitPattern)
            #expect(try store.segments(ofRun: id).isEmpty)
        }
    }
}
