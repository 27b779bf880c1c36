import Foundation
import NearbyGeo
import NearbyRuns
import NearbyPostgres

/// The runs of a shared store, in PostgreSQL: `<schema>.runs` and `<schema>.segments` (see
/// ``PostgresSchema``), with the same behaviour as the SQLite `RunStore`.
///
/// - One transaction per import, so a killed import leaves no half run.
/// - Duplicates by content hash are recognised under concurrency: the run row is inserted with
///   `ON CONFLICT (content_hash) DO NOTHING`, so of several importers of one file exactly one
///   inserts and the others answer ``ImportResult/duplicate(_:)`` without an error.
/// - The same-activity rule (`SameActivity`, shared with SQLite) is checked under transaction-level
///   advisory locks on the start time's 5-second buckets, so two importers of one activity from
///   different files never both insert it.
/// - Each segment's points are stored in the shared ``PointBlob`` form (bytea, bit-exact) and as a
///   `geography(LineString,4326)` path (NULL below two points) for spatial SQL.
/// - SQL text holds only the checked schema name; every value is a bound parameter.
///
/// Owns its connection, so it is not `Sendable`: open one store per task.
public final class PostgresRunStore: RunStoring {
    let connection: PostgresConnection
    let table: String
    let segmentTable: String
    /// The athlete this store was opened for: imports record it, ``AthleteScope/own`` means them.
    public let athlete: String
    private let now: () -> Double

    /// The advisory-lock namespace of same-activity buckets ("runs" in ASCII, shifted high).
    static let bucketLockBase: Int64 = 0x7275_6e73 << 24

    private static let summaryColumns = """
        id, content_hash, source_name, name, activity_type, start_time, distance, elapsed_time,
        moving_time, point_count, imported_at, file_time, source_path, device_distance,
        device_timer_time, device_elapsed_time, athlete
        """

    /// Connects to `url`; for ``RunStore/Access/readWrite`` creates or migrates `schema`
    /// (``PostgresSchema/migrate(_:schema:)``), for ``RunStore/Access/readOnly`` only checks that it
    /// is current (``PostgresSchema/requireCurrent(_:schema:)``: no lock, no DDL, no write, so a
    /// role with SELECT alone can read), failing with one sentence naming the migration due.
    ///
    /// - Parameters:
    ///   - athlete: whose runs this store imports and lists (the `athlete` column); the caller
    ///     checks a name from outside with `AthleteName.checked(_:)`.
    ///   - now: the clock stamping `importedAt`, seconds since 1970.
    public init(
        url: PostgresURL, schema: PostgresSchemaName = .nearby, access: RunStore.Access = .readWrite,
        athlete: String = "", now: @escaping () -> Double
    ) throws(RunStoreError) {
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url)
        } catch {
            throw .backend(error.description)
        }
        switch access {
        case .readWrite:
            do {
                try PostgresSchema.migrate(connection, schema: schema)
            } catch {
                throw .backend(error.description)
            }
        case .readOnly:
            try PostgresSchema.requireCurrent(connection, schema: schema)
        }
        self.connection = connection
        table = "\(schema.quoted).runs"
        segmentTable = "\(schema.quoted).segments"
        self.athlete = athlete
        self.now = now
    }

    // MARK: Import

    /// Stores `record` unless a run with its content hash, or the same activity from a file of
    /// the other kind, is stored already; in one transaction.
    public func importRun(_ record: RunRecord, packed: [PackedSegment]) throws(RunStoreError) -> ImportResult {
        let hash = try record.checkedContentHash()
        try record.check(packed)
        guard Int32(exactly: record.segments.count) != nil,
            record.segments.allSatisfy({ Int32(exactly: $0.points.count) != nil })
        else { throw .invalidRecord("the run has more segments or points than a segment row can count") }
        let importedAt = now()
        return try guarded { () throws(PostgresError) -> ImportResult in
            try connection.transaction { () throws(PostgresError) -> ImportResult in
                if let start = record.startTime { try lockBuckets(around: start) }
                if let id = try existingRun(hash: hash) { return .duplicate(id) }
                if let id = try sameActivity(as: record) { return .sameActivity(id) }
                let inserted = try connection.execute(
                    """
                    INSERT INTO \(table) (athlete, content_hash, source_name, name, activity_type,
                        start_time, distance, elapsed_time, moving_time, point_count, imported_at,
                        file_time, source_path, device_distance, device_timer_time, device_elapsed_time)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
                    ON CONFLICT (content_hash) DO NOTHING
                    RETURNING id
                    """,
                    [
                        .text(athlete), .text(hash), .text(record.sourceName), record.name.map { .text($0) },
                        record.activityType.map { .text($0) }, record.startTime.map { .double($0) },
                        .double(record.distance), .double(record.elapsedTime), .double(record.movingTime),
                        .integer(Int64(record.pointCount)), .double(importedAt),
                        record.fileTime.map { .double($0) }, record.sourcePath.map { .text($0) },
                        record.deviceTotals?.distance.map { .double($0) },
                        record.deviceTotals?.timerTime.map { .double($0) },
                        record.deviceTotals?.elapsedTime.map { .double($0) },
                    ])
                // Another importer committed the same file after our check: its run is the answer.
                guard let runID = try inserted.rows.first?.int64("id") else {
                    return .duplicate(try existingRun(hash: hash) ?? 0)
                }
                for (ordinal, (segment, points)) in zip(record.segments, packed).enumerated() {
                    try connection.execute(
                        """
                        INSERT INTO \(segmentTable) (run_id, ordinal, point_count, points, path)
                        VALUES ($1, $2, $3, $4, ST_GeogFromWKB($5))
                        """,
                        [
                            .integer(runID), .integer(Int64(ordinal)), .integer(Int64(segment.points.count)),
                            .bytes(points.points), Self.lineWKB(segment.points).map { .bytes($0) },
                        ])
                }
                return .inserted(runID)
            }
        }
    }

    /// Takes the transaction-level advisory locks of the 5-second buckets around `start`: two
    /// imports whose starts lie within ``SameActivity/startTolerance`` share one, so the second
    /// waits and then sees the first's run. Locks are taken in ascending order (no deadlock).
    private func lockBuckets(around start: Double) throws(PostgresError) {
        let scaled = (start / SameActivity.startTolerance).rounded(.down)
        guard scaled.isFinite, let bucket = Int64(exactly: scaled), abs(bucket) < 1 << 40 else { return }
        for key in [bucket - 1, bucket, bucket + 1] {
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(Self.bucketLockBase ^ key)])
        }
    }

    private func existingRun(hash: String) throws(PostgresError) -> Int64? {
        try connection.execute("SELECT id FROM \(table) WHERE content_hash = $1", [.text(hash)]).rows.first?.int64(
            "id")
    }

    /// The stored run of this store's athlete that is the same activity as `record`
    /// (`SameActivity`), if any: two athletes running together are two runs.
    private func sameActivity(as record: RunRecord) throws(PostgresError) -> Int64? {
        guard let start = record.startTime else { return nil }
        let candidates = try connection.execute(
            """
            SELECT id, source_name FROM \(table)
            WHERE athlete = $3 AND start_time BETWEEN $1 AND $2 ORDER BY id
            """,
            [
                .double(start - SameActivity.startTolerance), .double(start + SameActivity.startTolerance),
                .text(athlete),
            ])
        let kind = SameActivity.kind(ofSourceName: record.sourceName)
        for row in candidates.rows {
            guard let id = try row.int64("id"),
                SameActivity.kind(ofSourceName: try row.string("source_name") ?? "") != kind
            else { continue }
            let stored: [TrackSegment]
            do {
                stored = try segments(ofRun: id)
            } catch {
                throw .unexpectedResult(target: connection.url.redacted, detail: error.description)
            }
            if SameActivity.matches(record.segments, stored) { return id }
        }
        return nil
    }

    /// The segment as a little-endian WKB LineString (x longitude, y latitude), or nil when it has
    /// fewer than two points or a position PostGIS's geography would refuse.
    /// The same segments `RunsNear` searches (`RunsNear.isSearchable(_:)`).
    static func lineWKB(_ points: [TrackPoint]) -> [UInt8]? {
        guard RunsNear.isSearchable(points), let count = UInt32(exactly: points.count) else { return nil }
        var bytes: [UInt8] = [1]
        bytes.reserveCapacity(9 + points.count * 16)
        withUnsafeBytes(of: UInt32(2).littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: count.littleEndian) { bytes.append(contentsOf: $0) }
        for point in points {
            withUnsafeBytes(of: point.longitude.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: point.latitude.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    // MARK: Reading

    /// The runs in `scope`, by start time (runs without one last), then by id.
    public func runs(_ scope: AthleteScope) throws(RunStoreError) -> [StoredRun] {
        try guarded { () throws(PostgresError) -> [StoredRun] in
            let result = try connection.execute(
                """
                SELECT \(Self.summaryColumns) FROM \(table) WHERE $1 OR athlete = $2
                ORDER BY start_time ASC NULLS LAST, id
                """, [.boolean(scope == .all), .text(athlete)])
            var runs: [StoredRun] = []
            for row in result.rows { runs.append(try Self.summary(row)) }
            return runs
        }
    }

    /// The run with `id`, or nil.
    public func run(id: Int64) throws(RunStoreError) -> StoredRun? {
        try guarded { () throws(PostgresError) -> StoredRun? in
            let result = try connection.execute(
                "SELECT \(Self.summaryColumns) FROM \(table) WHERE id = $1", [.integer(id)])
            guard let row = result.rows.first else { return nil }
            return try Self.summary(row)
        }
    }

    /// The segments of run `id`, in order, with every point exactly as imported.
    public func segments(ofRun id: Int64) throws(RunStoreError) -> [TrackSegment] {
        guard try run(id: id) != nil else { throw .runNotFound(id) }
        let rows = try guarded { () throws(PostgresError) -> [PostgresRow] in
            try connection.execute(
                "SELECT ordinal, point_count, points FROM \(segmentTable) WHERE run_id = $1 ORDER BY ordinal",
                [.integer(id)]
            ).rows
        }
        var segments: [TrackSegment] = []
        for row in rows {
            let (ordinal, count, bytes) = try guarded { () throws(PostgresError) -> (Int, Int, [UInt8]) in
                (try row.int("ordinal") ?? 0, try row.int("point_count") ?? 0, try row.bytes("points") ?? [])
            }
            do {
                let points = try bytes.withUnsafeBytes { buffer throws(PointBlob.DecodeError) in
                    try PointBlob.decode(buffer, count: count)
                }
                segments.append(TrackSegment(points: points))
            } catch {
                throw .corruptPoints(runID: id, segment: ordinal, reason: String(describing: error))
            }
        }
        return segments
    }

    /// Resolves what a user typed, by the rules of the SQLite store: a decimal run id wins
    /// (store-wide); otherwise the runs in `scope` whose content hash starts with the reference (at
    /// least `RunStore.minimumHashPrefix` hex digits) and those whose source file name equals it
    /// (or its last path component); exactly one is the answer.
    public func findRun(reference: String, scope: AthleteScope) throws(RunStoreError) -> StoredRun {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .referenceNotFound(reference) }
        if trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let id = Int64(trimmed), let found = try run(id: id)
        {
            return found
        }
        let lowered = trimmed.lowercased()
        let isHashPrefix =
            lowered.count >= RunStore.minimumHashPrefix
            && lowered.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
        let lastComponent = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        let ids = try guarded { () throws(PostgresError) -> [Int64] in
            let result = try connection.execute(
                """
                SELECT id FROM \(table)
                WHERE (($1 AND starts_with(content_hash, $2)) OR source_name = $3 OR source_name = $4)
                    AND ($5 OR athlete = $6)
                ORDER BY id
                """,
                [
                    .boolean(isHashPrefix), .text(lowered), .text(trimmed), .text(lastComponent),
                    .boolean(scope == .all), .text(athlete),
                ])
            var ids: [Int64] = []
            for row in result.rows { if let id = try row.int64("id") { ids.append(id) } }
            return ids
        }
        switch ids.count {
        case 0:
            throw .referenceNotFound(trimmed)
        case 1:
            guard let id = ids.first, let found = try run(id: id) else { throw .referenceNotFound(trimmed) }
            return found
        default:
            throw .ambiguousReference(trimmed, matches: ids)
        }
    }

    /// Deletes run `id` and its segments.
    public func deleteRun(id: Int64) throws(RunStoreError) {
        let deleted = try guarded { () throws(PostgresError) -> Int in
            try connection.execute("DELETE FROM \(table) WHERE id = $1", [.integer(id)]).affectedRows ?? 0
        }
        guard deleted > 0 else { throw .runNotFound(id) }
    }

    static func summary(_ row: PostgresRow) throws(PostgresError) -> StoredRun {
        let totals = DeviceTotals(
            distance: try row.double("device_distance"), timerTime: try row.double("device_timer_time"),
            elapsedTime: try row.double("device_elapsed_time"))
        return StoredRun(
            id: try row.int64("id") ?? 0, contentHash: try row.string("content_hash") ?? "",
            sourceName: try row.string("source_name") ?? "", name: try row.string("name"),
            activityType: try row.string("activity_type"), startTime: try row.double("start_time"),
            distance: try row.double("distance") ?? 0, elapsedTime: try row.double("elapsed_time") ?? 0,
            movingTime: try row.double("moving_time") ?? 0, pointCount: try row.int("point_count") ?? 0,
            importedAt: try row.double("imported_at") ?? 0, fileTime: try row.double("file_time"),
            sourcePath: try row.string("source_path"), deviceTotals: totals.isEmpty ? nil : totals,
            athlete: try row.string("athlete") ?? "")
    }

    /// Runs `body`, turning a PostgreSQL error into ``RunStoreError/backend(_:)`` (its text names
    /// the database by its redacted URL).
    func guarded<T>(_ body: () throws(PostgresError) -> T) throws(RunStoreError) -> T {
        do {
            return try body()
        } catch {
            throw .backend(error.description)
        }
    }
}

@available(*, unavailable, message: "A PostgresRunStore owns a connection; open one per task.")
extension PostgresRunStore: Sendable {}
