import Foundation
import Testing

@testable import NearbyStore

@Suite struct MigrationTests {
    @Test func emptyFileGetsLatestSchemaWALAndForeignKeys() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nested/deeper/runs.sqlite").path
            let store = try RunStore(path: path, now: fixedNow)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try store.database.integerPragma("user_version") == 6)
            #expect(try store.database.integerPragma("foreign_keys") == 1)
            let mode = try store.database.prepare("PRAGMA journal_mode")
            #expect(try mode.step())
            #expect(mode.string(at: 0) == "wal")
            #expect(
                try scalar(path, "SELECT count(*) FROM sqlite_master WHERE name = 'runs_by_start'")
                    == 1)
            #expect(try store.runs().isEmpty)
        }
    }

    @Test func reopeningIsANoOp() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            let id = try RunStore(path: path, now: fixedNow).importRun(sampleRecord(hash: "ab12"))
                .id
            let again = try RunStore(path: path, now: fixedNow)
            #expect(try again.database.integerPragma("user_version") == 6)
            #expect(try again.run(id: id)?.contentHash == "ab12")
        }
    }

    /// A version-1 file written by hand with the version-1 DDL (as a release of that time
    /// would have), holding one run: opening it must add the version-2 indexes and keep the run.
    @Test func versionOneFileIsMigratedKeepingData() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("v1.sqlite").path
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
                    INSERT INTO runs VALUES (7, 'beef', 'old.gpx', NULL, NULL, 1.5e9, 42.0, 10.0,
                        9.0, 1, 1.6e9);
                    INSERT INTO segments VALUES (7, 0, 1,
                        X'0100000000000000C0400000000000005E40');
                    PRAGMA user_version = 1;
                    """)
            }
            let store = try RunStore(path: path, now: fixedNow)
            #expect(try store.database.integerPragma("user_version") == 6)
            #expect(
                try scalar(
                    path,
                    "SELECT count(*) FROM sqlite_master WHERE name IN ('runs_by_start', 'runs_by_source')"
                ) == 2)
            let run = try #require(try store.run(id: 7))
            #expect(run.sourceName == "old.gpx")
            #expect(run.distance == 42)
            // Version 4 columns are empty for runs imported before them.
            #expect(run.deviceTotals == nil)
            #expect(run.sourcePath == nil)
            // The blob is version 1 with one point, flags 0, lat 8192.0 (0x40C0000000000000)
            // and lon 120.0 (0x405E000000000000), written by hand from the documented format.
            let points = try store.segments(ofRun: 7).flatMap(\.points)
            #expect(points == [.init(latitude: 8192, longitude: 120)])
        }
    }

    @Test func newerFileIsRefusedAndLeftAlone() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("future.sqlite").path
            do {
                let future = try SQLiteDatabase(path: path)
                try future.execute("CREATE TABLE something (x); PRAGMA user_version = 99")
            }
            let error = try #require(throws: RunStoreError.self) {
                try RunStore(path: path, now: fixedNow)
            }
            #expect(error == .newerSchema(path: path, found: 99, supported: 6))
            #expect(error.description.contains("schema version 99, newer than the 6"))
            #expect(try scalar(path, "PRAGMA user_version") == 99)
            let mode = try SQLiteDatabase(path: path, mode: .readOnly).prepare(
                "PRAGMA journal_mode")
            #expect(try mode.step())
            #expect(mode.string(at: 0) == "delete")
            #expect(try scalar(path, "SELECT count(*) FROM sqlite_master WHERE name = 'runs'") == 0)
        }
    }

    @Test func migrationsAreOrderedAndDense() {
        #expect(
            StoreSchema.migrations.map(\.version) == Array(1...Int64(StoreSchema.migrations.count)))
    }

    @Test func notADatabaseIsAClearError() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("junk.sqlite").path
            try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
            let error = try #require(throws: RunStoreError.self) {
                try RunStore(path: path, now: fixedNow)
            }
            guard case .database(let sqlite) = error else {
                Issue.record("expected a database error, got \(error)")
                return
            }
            #expect(sqlite.reason == .notADatabase)
        }
    }
}
