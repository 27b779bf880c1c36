import Foundation
import NearbyGeo
import NearbyRuns
import Testing

@testable import NearbyStore

/// SQLite schema version 5 (athletes, segment boxes) and the athlete-name check.
@Suite struct AthleteMigrationTests {
    /// A version-4 file written by hand with the DDL of versions 1–4, holding one run of two fixes
    /// (25.0, 121.5) and (25.001, 121.502): opening it as "carol" gives her the run, fills the
    /// segment's box and adds the athlete index.
    @Test func versionFourFileIsMigratedToTheMigratingAthlete() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("v4.sqlite").path
            let points = [
                TrackPoint(latitude: 25.0, longitude: 121.5, time: 1_500_000_000),
                TrackPoint(latitude: 25.001, longitude: 121.502, time: 1_500_000_010),
            ]
            do {
                let old = try SQLiteDatabase(path: path)
                try old.execute(
                    """
                    CREATE TABLE runs (id INTEGER PRIMARY KEY, content_hash TEXT NOT NULL UNIQUE,
                        source_name TEXT NOT NULL, name TEXT, activity_type TEXT, start_time REAL,
                        distance REAL NOT NULL, elapsed_time REAL NOT NULL,
                        moving_time REAL NOT NULL, point_count INTEGER NOT NULL,
                        imported_at REAL NOT NULL);
                    CREATE TABLE segments (
                        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                        ordinal INTEGER NOT NULL, point_count INTEGER NOT NULL,
                        points BLOB NOT NULL, PRIMARY KEY (run_id, ordinal));
                    CREATE INDEX runs_by_start ON runs(start_time, id);
                    CREATE INDEX runs_by_source ON runs(source_name);
                    ALTER TABLE runs ADD COLUMN file_time REAL;
                    ALTER TABLE runs ADD COLUMN device_distance REAL;
                    ALTER TABLE runs ADD COLUMN device_timer_time REAL;
                    ALTER TABLE runs ADD COLUMN device_elapsed_time REAL;
                    ALTER TABLE runs ADD COLUMN source_path TEXT;
                    INSERT INTO runs (id, content_hash, source_name, start_time, distance, elapsed_time,
                        moving_time, point_count, imported_at)
                        VALUES (7, 'beef', 'old.gpx', 1.5e9, 230.0, 10.0, 10.0, 2, 1.6e9);
                    PRAGMA user_version = 4;
                    """)
                let insert = try old.prepare("INSERT INTO segments VALUES (7, 0, 2, ?1)")
                try insert.bind(packedVersion1(points), at: 1)
                try insert.step()
            }
            let store = try RunStore(path: path, athlete: "carol", now: fixedNow)
            #expect(try store.database.integerPragma("user_version") == 6)
            #expect(try store.runs().map(\.id) == [7])
            #expect(try store.run(id: 7)?.athlete == "carol")
            #expect(try store.segments(ofRun: 7) == [TrackSegment(points: points)])
            let box = try store.database.prepare(
                "SELECT min_latitude, max_latitude, min_longitude, max_longitude FROM segments")
            #expect(try box.step())
            #expect(
                [box.double(at: 0), box.double(at: 1), box.double(at: 2), box.double(at: 3)] == [
                    25.0, 25.001, 121.5, 121.502,
                ])
            #expect(try scalar(path, "SELECT count(*) FROM sqlite_master WHERE name = 'runs_by_athlete_start'") == 1)
            // The filled box finds the run; another athlete opening the file later does not own it.
            let point = try #require(Coordinate(latitude: 25.0, longitude: 121.5))
            #expect(try store.runsNear(point, within: 1, scope: .own).map(\.run.id) == [7])
            let dave = try RunStore(path: path, athlete: "dave", now: fixedNow)
            #expect(try dave.runs().isEmpty)
            #expect(try dave.runsNear(point, within: 1, scope: .own).isEmpty)
            #expect(try dave.runs(.all).map(\.athlete) == ["carol"])
        }
    }

    @Test func athleteNamesFromOutsideAreChecked() throws {
        #expect(throws: AthleteNameError.empty) { try AthleteName.checked("") }
        #expect(throws: AthleteNameError.controlCharacter) { try AthleteName.checked("ann\u{7}") }
        #expect(throws: AthleteNameError.controlCharacter) { try AthleteName.checked("ann\u{1B}[2J") }
        #expect(throws: AthleteNameError.controlCharacter) { try AthleteName.checked("a\u{202E}b") }
        #expect(throws: AthleteNameError.tooLong(65)) { try AthleteName.checked(String(repeating: "x", count: 65)) }
        #expect(try AthleteName.checked(String(repeating: "é", count: 64)).count == 64)
        #expect(try AthleteName.checked("林 小明") == "林 小明")
    }

    /// The window is a safe bound (GeographicLib: Direct(25, 121.5, 0, 1000) reaches latitude
    /// 25.0090274744; Direct(25, 121.5, 90, 1000) longitude 121.5099058851; both lie inside the
    /// window of 1 km), and near a pole or across ±180° it widens as it must.
    @Test func searchWindowBounds() throws {
        let taipei = try #require(Coordinate(latitude: 25, longitude: 121.5))
        let window = SearchWindow(around: taipei, within: 1000)
        #expect(window.maximumLatitude > 25.009_027_474_4 && window.maximumLatitude < 25.0095)
        let range = try #require(window.longitudeRanges?.first)
        #expect(range.upperBound > 121.509_905_885_1 && range.upperBound < 121.5103)
        let pole = SearchWindow(around: try #require(Coordinate(latitude: 89.999, longitude: 0)), within: 1000)
        #expect(pole.longitudeRanges == nil)
        let fiji = SearchWindow(around: try #require(Coordinate(latitude: -17, longitude: 179.999)), within: 1000)
        #expect(fiji.longitudeRanges?.count == 2)
        #expect(fiji.longitudeRanges?.last?.lowerBound == -180)
    }
}
