import Foundation
import NearbyGeo
import NearbyRuns
import NearbyTestSupport
import Testing

@testable import NearbyStore

/// ``RunLibrary``: import outcomes, tallies and events, and run references, on hand-made files.
///
/// Oracle for the distances: points on the equator 0.001° of longitude apart are 0.001 × π/180 ×
/// 6,378,137 m = 111.319491 m apart along the geodesic (the equator is a geodesic of WGS84).
@Suite struct RunLibraryTests {
    static let equatorLeg = 6_378_137.0 * 0.001 * Double.pi / 180

    /// A GPX 1.1 run along the equator from 1°E (never at 0,0, which the cleaner drops as "no fix"):
    /// `count` fixes 0.001° apart, one minute apart.
    static func gpx(points count: Int = 3, name: String = "Equator run", startMinute: Int = 0) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="hand" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>\(name)</name><type>running</type><trkseg>

            """
        for index in 0..<count {
            let minute = startMinute + index
            text += """
                <trkpt lat="0" lon="\(1 + Double(index) * 0.001)"><time>2024-05-01T06:\(minute < 10 ? "0" : "")\(minute):00Z</time></trkpt>

                """
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    /// A TCX activity whose trackpoints have times and heart rates but no positions.
    static let indoorTCX = """
        <?xml version="1.0"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
        <Activities><Activity Sport="Running"><Id>2024-05-01T06:00:00Z</Id>
        <Lap StartTime="2024-05-01T06:00:00Z"><Track>
        <Trackpoint><Time>2024-05-01T06:00:00Z</Time><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>
        <Trackpoint><Time>2024-05-01T06:01:00Z</Time><HeartRateBpm><Value>125</Value></HeartRateBpm></Trackpoint>
        </Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """

    /// A library over a fresh database in `directory`, counting how often the store is opened.
    final class Opened: @unchecked Sendable {
        var count = 0
    }

    static func library(in directory: URL, opened: Opened = Opened()) -> RunLibrary {
        let path = directory.appendingPathComponent("runs.sqlite").path
        return RunLibrary(settings: RunAnalysisSettings()) { () throws(RunStoreError) -> any RunStoring in
            opened.count += 1
            return try RunStore(path: path, now: fixedNow)
        }
    }

    /// Imports `paths`, returning the tally and every event in order.
    static func importing(_ library: RunLibrary, _ paths: [RunSourcePath]) throws(RunLibraryError) -> (
        tally: RunImportTally, events: [RunImportEvent], skipped: [RunLibraryError]
    ) {
        var events: [RunImportEvent] = []
        let tally = try library.importRuns(paths) { (event: RunImportEvent) -> Void in events.append(event) }
        let skipped = events.compactMap { (event: RunImportEvent) -> RunLibraryError? in
            if case .skipped(let error) = event { return error }
            return nil
        }
        return (tally, events, skipped)
    }

    /// The error `body` throws, nil when it throws none.
    static func failure<T>(_ body: () throws(RunLibraryError) -> T) -> RunLibraryError? {
        do throws(RunLibraryError) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    static func write(_ text: String, _ name: String, in directory: URL) throws -> RunSourcePath {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return RunSourcePath(given: name, path: url.path)
    }

    @Test func importsAGPXAndRecognisesItAgain() throws {
        try withTemporaryDirectory { directory in
            let library = Self.library(in: directory)
            let file = try Self.write(Self.gpx(), "equator.gpx", in: directory)
            let (first, events, _) = try Self.importing(library, [file])
            #expect(first.imported == 1 && first.duplicates == 0 && first.skipped == 0 && first.seen == 1)
            guard events.count == 2, case .reading(let shown, _) = events[0],
                case .run(.imported(let id, let run), let title) = events[1]
            else {
                Issue.record("unexpected events \(events)")
                return
            }
            #expect(shown.hasSuffix("equator.gpx"))
            #expect(title == "equator.gpx")
            #expect(abs(run.statistics.distance - 2 * Self.equatorLeg) < 0.001)
            let stored = try #require(try library.store().run(id: id))
            #expect(stored.sourceName == "equator.gpx")
            #expect(stored.sourcePath == nil)
            #expect(stored.pointCount == 3)
            #expect(stored.name == "Equator run")
            #expect(stored.startTime == 1_714_543_200)  // 2024-05-01T06:00:00Z

            let again = try library.importRuns([file])
            #expect(again.imported == 0 && again.duplicates == 1)
        }
    }

    @Test func aBadFileIsSkippedAndTheRestImported() throws {
        try withTemporaryDirectory { directory in
            let library = Self.library(in: directory)
            _ = try Self.write(Self.gpx(), "runs/a.gpx", in: directory)
            _ = try Self.write("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=", "runs/b.gpx", in: directory)
            _ = try Self.write("not a track", "runs/notes.txt", in: directory)
            let folder = RunSourcePath(given: "runs", path: directory.appendingPathComponent("runs").path)
            let (tally, _, skipped) = try Self.importing(library, [folder])
            #expect(tally.imported == 1 && tally.skipped == 1 && tally.seen == 2)
            guard skipped.count == 1, case .track = skipped[0] else {
                Issue.record("expected one GPX error, got \(skipped)")
                return
            }
            #expect(try library.store().runs().count == 1)
        }
    }

    @Test func aTimedFileWithoutPositionsImportsWithoutARoute() throws {
        try withTemporaryDirectory { directory in
            let library = Self.library(in: directory)
            let file = try Self.write(Self.indoorTCX, "treadmill.tcx", in: directory)
            let (tally, _, skipped) = try Self.importing(library, [file])
            #expect(tally.imported == 1 && tally.skipped == 0 && skipped.isEmpty)
            let runs = try library.store().runs()
            #expect(runs.count == 1)
            // Two trackpoints one minute apart (hand-read from the fixture): 60 s elapsed.
            #expect(runs.first?.elapsedTime == 60)
        }
    }

    @Test func aFileWithNeitherPositionsNorTimesIsRefusedByTheStorableRule() throws {
        try withTemporaryDirectory { directory in
            let library = Self.library(in: directory)
            let untimed = Self.indoorTCX.replacingOccurrences(
                of: "<Time>2024-05-01T06:01:00Z</Time>", with: "<Time>2024-05-01T06:00:00Z</Time>")
            let file = try Self.write(untimed, "still.tcx", in: directory)
            let (tally, _, skipped) = try Self.importing(library, [file])
            #expect(tally.skipped == 1 && tally.imported == 0)
            guard skipped.count == 1, case .unstorable(let title, .nothingRecorded) = skipped[0] else {
                Issue.record("expected .unstorable(_, .nothingRecorded), got \(skipped)")
                return
            }
            #expect(title == "still.tcx")
            #expect(try library.store().runs().isEmpty)
        }
    }

    @Test func anExportMemberKeepsItsPathInTheArchive() throws {
        try withTemporaryDirectory { directory in
            let library = Self.library(in: directory)
            let zip = TestZip([
                .init("activities/1.gpx", text: Self.gpx(name: "From the zip")),
                .init("media/photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0]),
            ])
            let url = directory.appendingPathComponent("export.zip")
            try Data(zip.bytes).write(to: url)
            let (tally, events, _) = try Self.importing(library, [RunSourcePath(given: "export.zip", path: url.path)])
            let titles = events.compactMap { (event: RunImportEvent) -> String? in
                if case .run(_, let title) = event { return title }
                return nil
            }
            #expect(tally.imported == 1 && tally.ignored == 1 && tally.skipped == 0)
            #expect(titles.count == 1 && titles[0].hasSuffix("export.zip!activities/1.gpx"))
            let stored = try #require(try library.store().runs().first)
            #expect(stored.sourceName == "1.gpx")
            #expect(stored.sourcePath?.hasSuffix("export.zip!activities/1.gpx") == true)
        }
    }

    @Test func nothingToImportIsOneSentence() throws {
        try withTemporaryDirectory { directory in
            let opened = Opened()
            let library = Self.library(in: directory, opened: opened)
            let missing = RunSourcePath(
                given: "nowhere.gpx", path: directory.appendingPathComponent("nowhere.gpx").path)
            #expect(
                Self.failure { () throws(RunLibraryError) in try library.importRuns([missing]) }?.description
                    == "nowhere.gpx does not exist")
            let empty = directory.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let folder = RunSourcePath(given: "empty", path: empty.path)
            #expect(
                Self.failure { () throws(RunLibraryError) in try library.importRuns([folder]) }?.description
                    == "no .gpx, .tcx, .fit, .gz or .zip files in empty")
            #expect(opened.count == 0)  // nothing to import: no database is created
        }
    }

    @Test func aStoreThatRefusesLeavesOneSentencePerRun() throws {
        try withTemporaryDirectory { directory in
            let library = RunLibrary(settings: RunAnalysisSettings(), store: RefusingStore())
            let file = try Self.write(Self.gpx(), "equator.gpx", in: directory)
            let (tally, _, skipped) = try Self.importing(library, [file])
            #expect(tally.skipped == 1 && tally.imported == 0)
            #expect(
                skipped.map(\.description) == [
                    "equator.gpx: The run cannot be stored: refused by the test store.; nothing was imported"
                ])
        }
    }

    // MARK: References

    @Test func aReferenceFindsAStoredRunByIdHashOrFileName() throws {
        try withTemporaryDirectory { directory in
            let library = Self.library(in: directory)
            let file = try Self.write(Self.gpx(), "equator.gpx", in: directory)
            _ = try library.importRuns([file])
            let stored = try #require(try library.store().runs().first)
            let elsewhere = directory.appendingPathComponent("not-here").path
            for reference in [String(stored.id), String(stored.contentHash.prefix(6)), "equator.gpx"] {
                let found = try library.resolve(reference, path: elsewhere + "/" + reference)
                #expect(found.stored?.id == stored.id, "reference \(reference)")
                #expect(abs(found.analysis.statistics.distance - 2 * Self.equatorLeg) < 0.001)
            }
            let error = Self.failure { () throws(RunLibraryError) in
                try library.resolve("nothing", path: elsewhere + "/nothing")
            }
            guard case .store(.referenceNotFound("nothing")) = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
        }
    }

    @Test func aPathIsReadWithoutOpeningTheStore() throws {
        try withTemporaryDirectory { directory in
            let opened = Opened()
            let library = Self.library(in: directory, opened: opened)
            let file = try Self.write(Self.gpx(points: 4), "four.gpx", in: directory)
            let found = try library.resolve("four.gpx", path: file.path)
            guard case .file(let title) = found.source else {
                Issue.record("expected a file, got \(found.source)")
                return
            }
            #expect(title == "four.gpx")
            #expect(abs(found.analysis.statistics.distance - 3 * Self.equatorLeg) < 0.001)
            #expect(opened.count == 0)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("runs.sqlite").path))
        }
    }

    @Test func aZipPathResolvesToItsFirstActivity() throws {
        try withTemporaryDirectory { directory in
            let library = Self.library(in: directory)
            let zip = TestZip([
                .init("notes.txt", text: "hello"),
                .init("b.gpx", text: Self.gpx(points: 2, name: "Second")),
            ])
            let url = directory.appendingPathComponent("two.zip")
            try Data(zip.bytes).write(to: url)
            let found = try library.resolve("two.zip", path: url.path)
            guard case .file(let title) = found.source else {
                Issue.record("expected a file, got \(found.source)")
                return
            }
            #expect(title.hasSuffix("two.zip!b.gpx"))
            #expect(abs(found.analysis.statistics.distance - Self.equatorLeg) < 0.001)
        }
    }
}

/// A ``RunStoring`` that refuses every import: the protocol is the only seam the library uses.
final class RefusingStore: RunStoring {
    func importRun(_ record: RunRecord, packed: [PackedSegment]) throws(RunStoreError) -> ImportResult {
        throw .invalidRecord("refused by the test store")
    }
    let athlete = "test"
    func runs(_ scope: AthleteScope) throws(RunStoreError) -> [StoredRun] { [] }
    func runsNear(_ point: Coordinate, within distance: Double, scope: AthleteScope) throws(RunStoreError)
        -> [RunPass]
    { [] }
    func run(id: Int64) throws(RunStoreError) -> StoredRun? { nil }
    func segments(ofRun id: Int64) throws(RunStoreError) -> [TrackSegment] { throw .runNotFound(id) }
    func findRun(reference: String, scope: AthleteScope) throws(RunStoreError) -> StoredRun {
        throw .referenceNotFound(reference)
    }
    func deleteRun(id: Int64) throws(RunStoreError) { throw .runNotFound(id) }
}
