import Foundation
import NearbySystem
import NearbyRuns

/// The runs a user imported, in one SQLite file.
///
/// Each run is a summary row plus one row per segment whose points are packed in a ``PointBlob``.
/// Imports are idempotent by content hash and atomic: one transaction, so a failed or
/// interrupted import leaves nothing behind. Owns its connection, so it is not `Sendable`;
/// open one store per isolation domain (SQLite's WAL mode lets several processes share a file).
public final class RunStore {
    let database: SQLiteDatabase
    /// The athlete this store was opened for: imports record it, ``AthleteScope/own`` means them.
    public let athlete: String
    private let now: () -> Double

    static let summaryColumns = """
        id, content_hash, source_name, name, activity_type, start_time, distance, elapsed_time,
        moving_time, point_count, imported_at, file_time, source_path, device_distance,
        device_timer_time, device_elapsed_time, athlete
        """

    /// What a store is opened for.
    public enum Access: Sendable, Hashable {
        /// Importing and deleting: the file is created if missing, migrated, set to WAL mode.
        case readWrite
        /// Reading only (`runs list`, `runs show`, `badges`, `runs export`): an existing, current
        /// file is opened read-only and without any transaction, so it works while another process
        /// writes and on a read-only file or folder. A missing file, or one whose migration is
        /// due, is opened as ``readWrite`` instead.
        case readOnly
    }

    /// Opens the database at `path` for `access`; for ``Access/readWrite`` (the default) it and
    /// its parent directories are created if needed and an older file is migrated forward.
    ///
    /// - Parameters:
    ///   - athlete: whose runs this store imports and lists (``AthleteScope/own``); a file from
    ///     before schema version 5 gives its runs to the athlete who migrates it. The caller checks
    ///     a name from outside with ``AthleteName/checked(_:)``.
    ///   - now: the clock stamping `importedAt`, seconds since 1970; inject one in tests.
    public init(path: String, access: Access = .readWrite, athlete: String = "", now: @escaping () -> Double)
        throws(RunStoreError)
    {
        self.now = now
        self.athlete = athlete
        if path != ":memory:" { try Self.checkRegularFiles(path) }
        if access == .readOnly, path != ":memory:", FileManager.default.fileExists(atPath: path),
            let reader = try Self.openForReading(path)
        {
            database = reader
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if path != ":memory:", !parent.isEmpty {
            do {
                try FileManager.default.createDirectory(
                    atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateDirectory(path: parent, reason: error.localizedDescription)
            }
        }
        do {
            database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        } catch {
            throw .database(error)
        }
        try StoreSchema.prepare(database, athlete: athlete)
    }

    /// Refuses a database whose file, or whose journal, WAL or shared-memory file, exists and is
    /// not a regular file: SQLite would open a FIFO and wait on it forever, and a device or a
    /// directory is no database either. Opening to check never blocks (``RegularFile``).
    static func checkRegularFiles(_ path: String) throws(RunStoreError) {
        for file in [path, path + "-journal", path + "-wal", path + "-shm"] {
            do {
                _ = try RegularFile(path: file)
            } catch {
                if case .notRegular(_, let kind) = error { throw .notRegularFile(path: file, kind: kind) }
                // Missing is fine (it is created); anything else SQLite reports in its own words.
            }
        }
    }

    /// A read-only connection to the file at `path`, or nil when its migration is due. The
    /// version is read without a transaction; if SQLite cannot set up its shared memory (a WAL
    /// file in a read-only folder), the file is opened immutable instead.
    private static func openForReading(_ path: String) throws(RunStoreError) -> SQLiteDatabase? {
        let connection: (database: SQLiteDatabase, version: Int64)
        do {
            connection = try readOnlyConnection(path)
        } catch {
            throw .database(error)
        }
        guard connection.version >= StoreSchema.latestVersion else { return nil }
        guard connection.version == StoreSchema.latestVersion else {
            throw .newerSchema(path: path, found: connection.version, supported: StoreSchema.latestVersion)
        }
        do {
            try connection.database.execute("PRAGMA foreign_keys = ON")
        } catch {
            throw .database(error)
        }
        return connection.database
    }

    /// A read-only connection and the file's schema version, falling back to an immutable one.
    private static func readOnlyConnection(_ path: String) throws(SQLiteError) -> (SQLiteDatabase, Int64) {
        let plain = try SQLiteDatabase(path: path, mode: .readOnly)
        do {
            return (plain, try plain.integerPragma("user_version"))
        } catch {
            guard error.reason == .cantOpen || error.reason == .readOnly else { throw error }
        }
        let immutable = try SQLiteDatabase(path: path, mode: .immutable)
        return (immutable, try immutable.integerPragma("user_version"))
    }

    // MARK: Import

    /// Stores `record` unless a run with the same content hash exists, or the same activity from
    /// a file of the other kind (``SameActivity``: FIT against GPX/TCX, starts within 5 s, routes
    /// within 50 m), in one transaction.
    public func importRun(_ record: RunRecord, packed: [PackedSegment]) throws(RunStoreError) -> ImportResult {
        try importRun(record, packed: packed, afterSegment: { _ in })
    }

    /// The import, with a seam for tests: `afterSegment` runs after each segment row is written
    /// (with its ordinal) and may throw to simulate an interruption.
    func importRun(_ record: RunRecord, packed: [PackedSegment], afterSegment: (Int) throws -> Void)
        throws(RunStoreError) -> ImportResult
    {
        let hash = try Self.validated(record)
        try record.check(packed)
        let importedAt = now()
        return try guarded {
            try database.transaction(.immediate) {
                let existing = try database.prepare("SELECT id FROM runs WHERE content_hash = ?1")
                try existing.bind(hash, at: 1)
                if try existing.step(), let id = existing.int64(at: 0) {
                    return .duplicate(id)
                }
                if let id = try sameActivity(as: record) { return .sameActivity(id) }
                let insertRun = try database.prepare(
                    """
                    INSERT INTO runs (content_hash, source_name, name, activity_type, start_time,
                        distance, elapsed_time, moving_time, point_count, imported_at, file_time,
                        source_path, device_distance, device_timer_time, device_elapsed_time, athlete)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
                    """)
                try insertRun.bind(hash, at: 1)
                try insertRun.bind(record.sourceName, at: 2)
                try insertRun.bind(record.name, at: 3)
                try insertRun.bind(record.activityType, at: 4)
                try insertRun.bind(record.startTime, at: 5)
                try insertRun.bind(record.distance, at: 6)
                try insertRun.bind(record.elapsedTime, at: 7)
                try insertRun.bind(record.movingTime, at: 8)
                try insertRun.bind(Int64(record.pointCount), at: 9)
                try insertRun.bind(importedAt, at: 10)
                try insertRun.bind(record.fileTime, at: 11)
                try insertRun.bind(record.sourcePath, at: 12)
                try insertRun.bind(record.deviceTotals?.distance, at: 13)
                try insertRun.bind(record.deviceTotals?.timerTime, at: 14)
                try insertRun.bind(record.deviceTotals?.elapsedTime, at: 15)
                try insertRun.bind(athlete, at: 16)
                try insertRun.step()
                let runID = database.lastInsertRowID

                let insertSegment = try database.prepare(
                    """
                    INSERT INTO segments (run_id, ordinal, point_count, points, min_latitude,
                        max_latitude, min_longitude, max_longitude)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                    """)
                for (ordinal, segment) in packed.enumerated() {
                    try insertSegment.bind(runID, at: 1)
                    try insertSegment.bind(Int64(ordinal), at: 2)
                    try insertSegment.bind(Int64(segment.pointCount), at: 3)
                    try insertSegment.bind(segment.points, at: 4)
                    try Self.bind(segment.box, to: insertSegment, from: 5)
                    try insertSegment.step()
                    insertSegment.reset()
                    try afterSegment(ordinal)
                }
                return .inserted(runID)
            }
        }
    }

    /// Checks what SQLite would silently mangle (NaN becomes NULL) and returns the lowercase hash.
    private static func validated(_ record: RunRecord) throws(RunStoreError) -> String {
        try record.checkedContentHash()
    }

    // MARK: Reading

    /// The run with `id`, or `nil`.
    public func run(id: Int64) throws(RunStoreError) -> StoredRun? {
        try guarded {
            let statement = try database.prepare(
                "SELECT \(Self.summaryColumns) FROM runs WHERE id = ?1")
            try statement.bind(id, at: 1)
            return try statement.step() ? Self.summary(statement) : nil
        }
    }

    /// The segments of run `id`, in order, with every point exactly as imported.
    public func segments(ofRun id: Int64) throws(RunStoreError) -> [TrackSegment] {
        guard try run(id: id) != nil else { throw .runNotFound(id) }
        return try guarded {
            let statement = try database.prepare(
                "SELECT ordinal, point_count, points FROM segments WHERE run_id = ?1 ORDER BY ordinal"
            )
            try statement.bind(id, at: 1)
            var segments: [TrackSegment] = []
            while try statement.step() {
                let ordinal = Int(clamping: statement.int64(at: 0) ?? 0)
                let count = Int(clamping: statement.int64(at: 1) ?? 0)
                let points = try statement.withBlob(at: 2) { bytes throws(RunStoreError) in
                    let empty = UnsafeRawBufferPointer(start: nil, count: 0)
                    do {
                        return try PointBlob.decode(bytes ?? empty, count: count)
                    } catch {
                        throw .corruptPoints(
                            runID: id, segment: ordinal, reason: String(describing: error))
                    }
                }
                segments.append(TrackSegment(points: points))
            }
            return segments
        }
    }

    /// Deletes run `id` and its segments.
    public func deleteRun(id: Int64) throws(RunStoreError) {
        let deleted = try guarded {
            let statement = try database.prepare("DELETE FROM runs WHERE id = ?1")
            try statement.bind(id, at: 1)
            try statement.step()
            return database.changes
        }
        guard deleted > 0 else { throw .runNotFound(id) }
    }

    static func summary(_ row: SQLiteStatement) -> StoredRun {
        StoredRun(
            id: row.int64(at: 0) ?? 0, contentHash: row.string(at: 1) ?? "",
            sourceName: row.string(at: 2) ?? "", name: row.string(at: 3),
            activityType: row.string(at: 4), startTime: row.double(at: 5),
            distance: row.double(at: 6) ?? 0, elapsedTime: row.double(at: 7) ?? 0,
            movingTime: row.double(at: 8) ?? 0, pointCount: Int(clamping: row.int64(at: 9) ?? 0),
            importedAt: row.double(at: 10) ?? 0, fileTime: row.double(at: 11), sourcePath: row.string(at: 12),
            deviceTotals: deviceTotals(row, from: 13), athlete: row.string(at: 16) ?? "")
    }

    /// The device totals in columns `first`…`first + 2`, nil when all are NULL.
    static func deviceTotals(_ row: SQLiteStatement, from first: Int32) -> DeviceTotals? {
        let totals = DeviceTotals(
            distance: row.double(at: first), timerTime: row.double(at: first + 1),
            elapsedTime: row.double(at: first + 2))
        return totals.isEmpty ? nil : totals
    }

    /// The stored run of this store's athlete that is the same activity as `record`
    /// (``SameActivity``), if any: two athletes running together are two runs. Only runs starting
    /// within the tolerance are read (the athlete/start-time index finds them).
    private func sameActivity(as record: RunRecord) throws -> Int64? {
        guard let start = record.startTime else { return nil }
        let candidates = try database.prepare(
            "SELECT id, source_name FROM runs WHERE athlete = ?3 AND start_time BETWEEN ?1 AND ?2 ORDER BY id")
        try candidates.bind(start - SameActivity.startTolerance, at: 1)
        try candidates.bind(start + SameActivity.startTolerance, at: 2)
        try candidates.bind(athlete, at: 3)
        let kind = SameActivity.kind(ofSourceName: record.sourceName)
        var ids: [Int64] = []
        while try candidates.step() {
            guard let id = candidates.int64(at: 0),
                SameActivity.kind(ofSourceName: candidates.string(at: 1) ?? "") != kind
            else { continue }
            ids.append(id)
        }
        for id in ids {
            let stored = try segments(ofRun: id)
            if SameActivity.matches(record.segments, stored) { return id }
        }
        return nil
    }

    /// Runs `body`, turning any error into a ``RunStoreError``.
    func guarded<T>(_ body: () throws -> T) throws(RunStoreError) -> T {
        do {
            return try body()
        } catch let error as RunStoreError {
            throw error
        } catch let error as SQLiteError {
            throw .database(error)
        } catch {
            throw .aborted(String(describing: error))
        }
    }
}

@available(
    *, unavailable, message: "A RunStore owns a SQLite connection; open one per isolation domain."
)
extension RunStore: Sendable {}
