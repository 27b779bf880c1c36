import Foundation
import Testing

@testable import NearbyStore

/// Reading commands open the store read-only, with no write transaction, unless a migration is due.
@Suite struct ReadOnlyStoreTests {
    /// Another connection holds the write lock (as an import in another process would): a
    /// read-only store still opens and reads the committed runs. The old migration check took
    /// the write lock itself and failed with "database is locked".
    @Test func readsWhileAnotherConnectionWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            _ = try RunStore(path: path, now: fixedNow).importRun(sampleRecord(hash: "ab12"))
            let writer = try SQLiteDatabase(path: path)
            try writer.execute("BEGIN IMMEDIATE; DELETE FROM segments;")
            defer { try? writer.execute("ROLLBACK") }
            let reader = try RunStore(path: path, access: .readOnly, now: fixedNow)
            reader.database.setBusyTimeout(milliseconds: 0)
            let runs = try reader.runs()
            #expect(runs.map(\.contentHash) == ["ab12"])
            #expect(try reader.segments(ofRun: runs[0].id).count == 2)
        }
    }

    /// A read-only store cannot write, so it cannot have taken a write transaction.
    @Test func aReadOnlyStoreRefusesWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            _ = try RunStore(path: path, now: fixedNow).importRun(sampleRecord(hash: "ab12"))
            let reader = try RunStore(path: path, access: .readOnly, now: fixedNow)
            let error = try #require(throws: RunStoreError.self) {
                try reader.importRun(sampleRecord(hash: "cd34"))
            }
            guard case .database(let sqlite) = error else {
                Issue.record("expected a database error, got \(error)")
                return
            }
            #expect(sqlite.reason == .readOnly)
        }
    }

    /// A file whose migration is due is migrated (a write, once); a missing file is created.
    @Test func aDueMigrationOrAMissingFileOpensForWriting() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("v2.sqlite").path
            do {
                let old = try SQLiteDatabase(path: path)
                try old.execute(
                    """
                    CREATE TABLE runs (id INTEGER PRIMARY KEY, content_hash TEXT NOT NULL UNIQUE,
                        source_name TEXT NOT NULL, name TEXT, activity_type TEXT, start_time REAL,
                        distance REAL NOT NULL, elapsed_time REAL NOT NULL,
                        moving_time REAL NOT NULL, point_count INTEGER NOT NULL,
                        imported_at REAL NOT NULL);
                    CREATE TABLE segments (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                        ordinal INTEGER NOT NULL, point_count INTEGER NOT NULL, points BLOB NOT NULL,
                        PRIMARY KEY (run_id, ordinal));
                    CREATE INDEX runs_by_start ON runs(start_time, id);
                    CREATE INDEX runs_by_source ON runs(source_name);
                    INSERT INTO runs VALUES (3, 'ee', 'old.gpx', NULL, NULL, 5, 42, 10, 9, 0, 1);
                    PRAGMA user_version = 2;
                    """)
            }
            let store = try RunStore(path: path, access: .readOnly, now: fixedNow)
            #expect(try store.database.integerPragma("user_version") == 6)
            let run = try #require(try store.run(id: 3))
            #expect(run.fileTime == nil && run.distance == 42)
            let fresh = directory.appendingPathComponent("new/runs.sqlite").path
            #expect(try RunStore(path: fresh, access: .readOnly, now: fixedNow).runs().isEmpty)
            #expect(FileManager.default.fileExists(atPath: fresh))
        }
    }

    /// The immutable fallback (a WAL file in a read-only folder) names the file as a URI; the
    /// characters a URI gives meaning to are escaped.
    @Test func theImmutableFallbackOpensAnyPath() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("odd ?#% 跑步.sqlite").path
            _ = try RunStore(path: path, now: fixedNow).importRun(sampleRecord(hash: "ab12"))
            let database = try SQLiteDatabase(path: path, mode: .immutable)
            let statement = try database.prepare("SELECT count(*) FROM runs")
            #expect(try statement.step())
            #expect(statement.int64(at: 0) == 1)
            #expect(SQLiteDatabase.immutableURI("/a b/c?d#e%f") == "file:/a b/c%3Fd%23e%25f?immutable=1")
        }
    }

    /// The file's own time is stored and read back.
    @Test func theFileTimeRoundTrips() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            var record = sampleRecord(hash: "ab12")
            record.fileTime = -2_147_483_648
            let store = try RunStore(path: path, now: fixedNow)
            let id = try store.importRun(record).id
            #expect(try store.run(id: id)?.fileTime == -2_147_483_648)
        }
    }
}
