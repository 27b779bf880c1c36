import NearbyRuns

/// The run database's schema as an ordered list of forward migrations.
///
/// `PRAGMA user_version` holds the number of migrations applied. Opening a file applies, in one
/// transaction, every step after its version; a file with a version beyond ``latestVersion``
/// is refused rather than guessed at. Steps are append-only: never edit a released one.
enum StoreSchema {
    /// One forward step: the version it produces and the fixed SQL that gets there.
    struct Migration: Sendable {
        let version: Int64
        let summary: String
        let statements: [String]
        /// A data step after the statements, given the migrating store's athlete (nil: none).
        var fill: (@Sendable (SQLiteDatabase, _ athlete: String) throws -> Void)? = nil
    }

    static let migrations: [Migration] = [
        Migration(
            version: 1,
            summary: "runs with summary figures; segments with packed points",
            statements: [
                """
                CREATE TABLE runs (
                    id INTEGER PRIMARY KEY,
                    content_hash TEXT NOT NULL UNIQUE,
                    source_name TEXT NOT NULL,
                    name TEXT,
                    activity_type TEXT,
                    start_time REAL,
                    distance REAL NOT NULL,
                    elapsed_time REAL NOT NULL,
                    moving_time REAL NOT NULL,
                    point_count INTEGER NOT NULL,
                    imported_at REAL NOT NULL
                )
                """,
                """
                CREATE TABLE segments (
                    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                    ordinal INTEGER NOT NULL,
                    point_count INTEGER NOT NULL,
                    points BLOB NOT NULL,
                    PRIMARY KEY (run_id, ordinal)
                )
                """,
            ]
        ),
        Migration(
            version: 2,
            summary: "indexes for chronological listing and lookup by file name",
            statements: [
                "CREATE INDEX runs_by_start ON runs(start_time, id)",
                "CREATE INDEX runs_by_source ON runs(source_name)",
            ]
        ),
        Migration(
            version: 3,
            summary: "the file's own time, against which the fixes' clock is checked",
            statements: ["ALTER TABLE runs ADD COLUMN file_time REAL"]
        ),
        Migration(
            version: 4,
            summary: "the device's own totals (FIT session) and where in an archive the file was",
            statements: [
                "ALTER TABLE runs ADD COLUMN device_distance REAL",
                "ALTER TABLE runs ADD COLUMN device_timer_time REAL",
                "ALTER TABLE runs ADD COLUMN device_elapsed_time REAL",
                "ALTER TABLE runs ADD COLUMN source_path TEXT",
            ]
        ),
        Migration(
            version: 5,
            summary: "runs carry an athlete; segments carry their latitude/longitude box for runs near",
            statements: [
                "ALTER TABLE runs ADD COLUMN athlete TEXT NOT NULL DEFAULT ''",
                "CREATE INDEX runs_by_athlete_start ON runs(athlete, start_time, id)",
                "ALTER TABLE segments ADD COLUMN min_latitude REAL",
                "ALTER TABLE segments ADD COLUMN max_latitude REAL",
                "ALTER TABLE segments ADD COLUMN min_longitude REAL",
                "ALTER TABLE segments ADD COLUMN max_longitude REAL",
                "CREATE INDEX segments_by_latitude ON segments(min_latitude, max_latitude)",
            ],
            fill: { database, athlete in
                // The runs stored so far are the migrating athlete's (one person's file until now).
                let owner = try database.prepare("UPDATE runs SET athlete = ?1")
                try owner.bind(athlete, at: 1)
                try owner.step()
                try fillBoxes(database)
            }
        ),
        Migration(
            version: 6,
            summary: "segment points may be in PointBlob format 2 (scaled decimals), unknown to older builds",
            // No SQL: the step marks the file, so an older build says "newer schema" instead of
            // failing on the first new segment; rows already stored keep format 1 and stay readable.
            statements: []
        ),
    ]

    /// Stores the box of every segment's points (NULL for one that is not searchable or whose
    /// points cannot be decoded: such a segment never matches `runs near`, and `runs show` reports
    /// the damage as before).
    static func fillBoxes(_ database: SQLiteDatabase) throws {
        let read = try database.prepare("SELECT run_id, ordinal, point_count, points FROM segments")
        let update = try database.prepare(
            """
            UPDATE segments SET min_latitude = ?3, max_latitude = ?4, min_longitude = ?5, max_longitude = ?6
            WHERE run_id = ?1 AND ordinal = ?2
            """)
        var keys: [(run: Int64, ordinal: Int64, points: [TrackPoint])] = []
        while try read.step() {
            guard let run = read.int64(at: 0), let ordinal = read.int64(at: 1) else { continue }
            let count = Int(clamping: read.int64(at: 2) ?? 0)
            let points = read.withBlob(at: 3) { bytes -> [TrackPoint] in
                guard let bytes else { return [] }
                return (try? PointBlob.decode(bytes, count: count)) ?? []
            }
            keys.append((run, ordinal, points))
            // Written in batches, so a large file never holds all its points at once.
            if keys.count >= 256 {
                try write(keys, with: update)
                keys.removeAll(keepingCapacity: true)
            }
        }
        try write(keys, with: update)
    }

    private static func write(
        _ keys: [(run: Int64, ordinal: Int64, points: [TrackPoint])], with update: SQLiteStatement
    )
        throws
    {
        for key in keys where SearchWindow.box(of: key.points) != nil {
            try update.bind(key.run, at: 1)
            try update.bind(key.ordinal, at: 2)
            try RunStore.bindBox(of: key.points, to: update, from: 3)
            try update.step()
            update.reset()
        }
    }

    /// The version a fully migrated file has.
    static var latestVersion: Int64 { migrations.last?.version ?? 0 }

    /// Brings `database` to ``latestVersion``, or refuses a newer file.
    ///
    /// Turns on foreign keys, migrates, then switches to WAL journal mode (a refused file is left
    /// in the journal mode it had).
    static func prepare(_ database: SQLiteDatabase, athlete: String) throws(RunStoreError) {
        do {
            try database.execute("PRAGMA foreign_keys = ON")
        } catch {
            throw .database(error)
        }
        try migrate(database, athlete: athlete)
        do {
            try database.execute("PRAGMA journal_mode = WAL")
            // Safe with WAL: a power cut may lose the last commits, never consistency.
            try database.execute("PRAGMA synchronous = NORMAL")
        } catch {
            throw .database(error)
        }
    }

    static func migrate(_ database: SQLiteDatabase, athlete: String) throws(RunStoreError) {
        do {
            try database.transaction(.immediate) {
                let found = try database.integerPragma("user_version")
                guard found <= latestVersion else {
                    throw RunStoreError.newerSchema(
                        path: database.path, found: found, supported: latestVersion)
                }
                for migration in migrations where migration.version > found {
                    for statement in migration.statements {
                        try database.execute(statement)
                    }
                    try migration.fill?(database, athlete)
                    // PRAGMA takes no bound parameters; the version is our own integer constant.
                    try database.execute("PRAGMA user_version = \(migration.version)")
                }
            }
        } catch let error as RunStoreError {
            throw error
        } catch let error as SQLiteError {
            throw .database(error)
        } catch {
            throw .aborted(String(describing: error))
        }
    }
}
