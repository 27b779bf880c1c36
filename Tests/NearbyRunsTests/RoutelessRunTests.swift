import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Recordings without positions (issue 10: an indoor ride, a treadmill run, a TCX without
/// `<Position>`) are runs without a route, measured from their records (``RouteStatus``), against
/// figures computed by hand in ``IndoorFixtures`` and ORACLE.md's values for the real file.
@Suite struct RoutelessRunTests {
    static func analyse(_ document: TrackDocument) throws -> RunAnalysis {
        RunAnalysis(tracks: document.tracks, units: .metric, catalogue: try BadgeTests.loadCatalogue())
    }

    static func fit(_ bytes: [UInt8]) throws -> TrackDocument {
        let activity = try FITDecoder().decode(bytes, fileName: "indoor.fit")
        return try #require(activity.runDocuments.first)
    }

    @Test func anIndoorRideIsMeasuredFromItsRecords() throws {
        let analysis = try Self.analyse(try Self.fit(IndoorFixtures.indoorRide()))
        #expect(analysis.route.problem == .noRoute)
        #expect(analysis.route.isRouteless && !analysis.route.hasRoute)
        #expect(analysis.route.importProblem == nil)
        #expect(analysis.route.recording?.count == 241)
        #expect(analysis.statistics.startTime == IndoorFixtures.firstRecordUnix)
        #expect(analysis.statistics.elapsedTime == 240)
        #expect(analysis.cleaned.activity == .cycling)
        // Unknown distance: no 0 shown as if measured, no moving time, no speed, no badge.
        #expect(analysis.knownDistance == nil)
        #expect(analysis.knownMovingTime == nil)
        #expect(analysis.shownTime == 240)
        #expect(analysis.statistics.averageSpeed == nil)
        #expect(analysis.splits.isEmpty && analysis.bestEfforts.isEmpty && analysis.checkpoints.isEmpty)
        #expect(analysis.bestBadge == nil)
        #expect(analysis.timingProblem == .noRoute)
        #expect(analysis.rankingSpeed == nil)
        #expect(throws: RouteError.noRoute) { try analysis.route.requireRoute() }
    }

    @Test func aTreadmillRunKeepsTheDevicesDistance() throws {
        // 241 records, 2.5 m a record: the last record says 240 × 2.5 = 600 m.
        let bytes = IndoorFixtures.indoorRide(distancePerRecordCm: 250, sport: 1, subSport: 1)
        let analysis = try Self.analyse(try Self.fit(bytes))
        #expect(analysis.route.isRouteless)
        #expect(analysis.knownDistance == 600)
        #expect(analysis.statistics.elapsedTime == 240)
        #expect(analysis.cleaned.activity == .running)
        #expect(analysis.bestBadge?.distance == 0)  // longer than Earth's 0 m, short of 804.672 m
        #expect(analysis.rankingSpeed == nil)
    }

    @Test func aTCXWithoutPositionsIsARunWithoutARoute() throws {
        let document = try TrackReader().read(Array(IndoorFixtures.tcx().utf8), fileName: "treadmill.tcx")
        #expect(document.tracks.first?.pointCount == 0)
        let analysis = try Self.analyse(document)
        #expect(analysis.route.isRouteless)
        #expect(analysis.statistics.startTime == IndoorFixtures.firstRecordUnix)
        #expect(analysis.statistics.elapsedTime == 300)  // 10 steps of 30 s
        #expect(analysis.knownDistance == 750)  // 10 steps of 75 m
        let unknown = try TrackReader().read(
            Array(IndoorFixtures.tcx(points: 3, metresPerPoint: nil).utf8), fileName: "bike.tcx")
        let bike = try Self.analyse(unknown)
        #expect(bike.route.isRouteless && bike.knownDistance == nil && bike.statistics.elapsedTime == 60)
    }

    @Test func aTCXDistanceThatIsNotANumberIsNoDistanceAndNoRefusal() throws {
        let text = IndoorFixtures.tcx(points: 2).replacingOccurrences(
            of: "<DistanceMeters>75.0</DistanceMeters>", with: "<DistanceMeters>n/a</DistanceMeters>")
        let analysis = try Self.analyse(try TrackReader().read(Array(text.utf8), fileName: "odd.tcx"))
        #expect(analysis.route.isRouteless)
        #expect(analysis.knownDistance == nil)  // the first point's 0.0 is the last number seen
    }

    @Test func whatIsNotARouteAndNotARecordingIsStillRefused() throws {
        // One fix and no records (GPX): too few points, as before.
        let one = Track(segments: [TrackSegment(points: [TrackPoint(latitude: 25, longitude: 121.5, time: 100)])])
        let single = RunAnalysis(tracks: [one], units: .metric, catalogue: nil)
        #expect(single.route.importProblem == .tooFewPoints)
        // Records that span no time (one record, or none): nothing recorded.
        let empty = RunAnalysis(
            tracks: [Track(records: RecordSummary(count: 1, firstTime: 100, lastTime: 100))], units: .metric,
            catalogue: nil)
        #expect(empty.route.importProblem == .nothingRecorded)
        #expect(RunAnalysis(tracks: [], units: .metric, catalogue: nil).route.problem == .nothingRecorded)
        // Positions all dropped by cleaning never make a run without a route.
        let spikes = Track(
            segments: [
                TrackSegment(points: [
                    TrackPoint(latitude: 0, longitude: 0, time: 0), TrackPoint(latitude: 0, longitude: 0, time: 10),
                ])
            ], records: RecordSummary(count: 2, firstTime: 0, lastTime: 10))
        #expect(RunAnalysis(tracks: [spikes], units: .metric, catalogue: nil).route.problem == .tooFewPoints)
    }

    @Test func aRouteIsUntouched() throws {
        let track = AnalysisFixtures.meridianTrack(times: (0..<11).map { Double($0) * 60 })
        let analysis = RunAnalysis(tracks: [track], units: .metric, catalogue: nil)
        #expect(analysis.route.hasRoute && analysis.route.problem == nil)
        #expect(analysis.knownDistance == analysis.statistics.distance)
        #expect(analysis.knownMovingTime == analysis.statistics.movingTime)
        #expect(throws: Never.self) { try analysis.route.requireRoute() }
    }

    @Test func storedFiguresComeBackAsTheRecords() {
        let stored = RecordSummary.stored(start: 1_000, elapsed: 2_263, distance: 0)
        #expect(stored == RecordSummary(count: 0, firstTime: 1_000, lastTime: 3_263, distance: nil))
        #expect(RecordSummary.stored(start: nil, elapsed: 5, distance: 0) == nil)
        #expect(RecordSummary.stored(start: 0, elapsed: .nan, distance: 0) == nil)
        let analysis = RunAnalysis(
            tracks: [Track(activityType: "cycling", records: stored)], units: .metric, catalogue: nil)
        #expect(analysis.statistics.elapsedTime == 2_263 && analysis.knownDistance == nil)
    }

    /// ORACLE.md: no position, no distance (session total_distance 0.0), 2,263 records at 1 s
    /// from 2011-11-02T12:54:19Z to 13:32:02Z, elapsed 2,263 s, cycling.
    @Test(.enabled(if: FITTestPaths.sharedFIT != nil)) func theRealIndoorTrainerFile() throws {
        let bytes = try FITTestPaths.bytes("fitparse__sample-activity-indoor-trainer.fit")
        let analysis = try Self.analyse(try Self.fit(bytes))
        #expect(analysis.route.isRouteless)
        #expect(analysis.route.recording?.count == 2263)
        #expect(analysis.statistics.startTime == FITTestPaths.time("2011-11-02T12:54:19Z"))
        #expect(analysis.statistics.elapsedTime == 2263)
        #expect(analysis.knownDistance == nil)
        #expect(analysis.cleaned.activity == .cycling)
    }
}
