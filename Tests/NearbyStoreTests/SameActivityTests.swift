import Foundation
import NearbyRuns
import Testing

@testable import NearbyStore

/// The same-activity rule (FIT against GPX/TCX, starts within 5 s, positions within 50 m at 20
/// common instants over at least half the longer run) and
/// the version 4 columns. Distances by hand: along a meridian near 25°N one degree of latitude is
/// about 110,770 m, so 0.0001° ≈ 11 m, 0.0003° ≈ 33 m and 0.0006° ≈ 66 m.
@Suite struct SameActivityTests {
    /// A straight run north from 25°N, 121.5°E: a fix every `every` seconds for 600 s, 0.0001° per 10 s.
    static func route(start: Double = 1_600_000_000, every: Int = 10, north: Double = 0, east: Double = 0)
        -> [TrackSegment]
    {
        let points = stride(from: 0, through: 600, by: every).map { second in
            TrackPoint(
                latitude: 25 + north + Double(second) / 10 * 0.0001, longitude: 121.5 + east,
                time: start + Double(second))
        }
        return [TrackSegment(points: points)]
    }

    @Test func aThinnedCopyOfTheSameRouteMatches() {
        #expect(SameActivity.matches(Self.route(), Self.route(every: 30)))
        #expect(SameActivity.matches(Self.route(), Self.route(start: 1_600_000_004, every: 60)))
    }

    @Test func startsMoreThanFiveSecondsApartDoNotMatch() {
        #expect(!SameActivity.matches(Self.route(), Self.route(start: 1_600_000_006)))
    }

    @Test func positionsAreComparedWithinFiftyMetres() {
        #expect(SameActivity.matches(Self.route(), Self.route(north: 0.0003)))  // ≈ 33 m
        #expect(!SameActivity.matches(Self.route(), Self.route(north: 0.0006)))  // ≈ 66 m
        #expect(!SameActivity.matches(Self.route(), Self.route(east: 0.01)))  // ≈ 1 km
    }

    @Test func onlyFilesOfDifferentKindsAreCompared() {
        #expect(SameActivity.kind(ofSourceName: "1.FIT.gz") == "fit")
        #expect(SameActivity.kind(ofSourceName: "ride.fit") == "fit")
        #expect(SameActivity.kind(ofSourceName: "ride.gpx.gz") == "xml")
        #expect(SameActivity.kind(ofSourceName: "ride.tcx") == "xml")
    }

    @Test func aRunCoveringLessThanHalfTheOtherDoesNotMatch() {
        let short = [TrackSegment(points: Array(Self.route()[0].points.prefix(20)))]  // 190 s of 600 s
        #expect(!SameActivity.matches(Self.route(), short))
    }

    @Test func theStoreReportsTheSameActivityAndKeepsVersionFourColumns() throws {
        try withTemporaryDirectory { directory in
            let store = try RunStore(path: directory.appendingPathComponent("runs.sqlite").path, now: fixedNow)
            var fit = RunRecord(
                contentHash: "ab12", sourceName: "1.fit.gz", startTime: 1_600_000_000, distance: 666,
                elapsedTime: 600, movingTime: 600, segments: Self.route(),
                sourcePath: "export.zip!activities/1.fit.gz",
                deviceTotals: DeviceTotals(distance: 650.5, timerTime: 590, elapsedTime: 600.25))
            let id = try store.importRun(fit).id
            let stored = try #require(try store.run(id: id))
            #expect(stored.sourcePath == "export.zip!activities/1.fit.gz")
            #expect(stored.deviceTotals == DeviceTotals(distance: 650.5, timerTime: 590, elapsedTime: 600.25))
            let gpx = RunRecord(
                contentHash: "cd34", sourceName: "1.gpx", startTime: 1_600_000_002, distance: 666,
                elapsedTime: 600, movingTime: 600, segments: Self.route(start: 1_600_000_002, every: 30))
            #expect(try store.importRun(gpx) == .sameActivity(id))
            var second = fit
            second.sourceName = "2.fit"
            second.contentHash = "cd35"
            #expect(try store.importRun(second) == .inserted(id + 1))  // FIT against FIT: hashes only
            fit.contentHash = "ef56"
            fit.deviceTotals = DeviceTotals(distance: .nan)
            #expect(throws: RunStoreError.self) { try store.importRun(fit) }
            #expect(try store.runs().count == 2)
        }
    }
}
