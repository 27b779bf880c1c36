/// The name of the schema Nearby's tables live in: `nearby` in every real database; tests use
/// their own names so they never meet each other's tables.
public struct PostgresSchemaName: Sendable, Hashable, CustomStringConvertible {
    /// The schema's name: a lower-case letter or `_`, then up to 62 lower-case letters, digits or `_`.
    public let name: String

    /// The schema every Nearby store uses.
    public static let nearby = PostgresSchemaName(checked: "nearby")

    /// Checks `name` (identifiers cannot be bound parameters, so only this shape is accepted).
    public init(_ name: String) throws(PostgresError) {
        let scalars = name.unicodeScalars
        let valid =
            (1...63).contains(scalars.count)
            && scalars.enumerated().allSatisfy { offset, scalar in
                ("a"..."z").contains(scalar) || scalar == "_" || (offset > 0 && ("0"..."9").contains(scalar))
            }
        guard valid else {
            throw .invalidParameter(
                index: 0, reason: "a schema name is 1 to 63 lower-case letters, digits or _, not starting with a digit")
        }
        self.name = name
    }

    private init(checked name: String) { self.name = name }

    /// The name quoted for SQL text.
    package var quoted: String { "\"\(name)\"" }

    public var description: String { name }
}

/// The PostgreSQL schema as an ordered list of forward migrations, recorded in
/// `<schema>.schema_version` (one row per applied step), like the SQLite store's `user_version`.
///
/// ``migrate(_:schema:)`` applies, in one transaction, every step after the recorded version; a
/// database with a version beyond ``latestVersion`` is refused rather than guessed at. Concurrent
/// first use is safe: the transaction first takes a transaction-level advisory lock that every
/// Nearby migration in the database shares, so a second process waits, then finds the work done.
/// Steps are append-only: never edit a released one.
///
/// Version 1:
/// - `runs`: the SQLite runs columns plus `athlete`; `content_hash` unique.
/// - `segments`: per run and segment, the points in the packed form of `NearbyStore`'s `PointBlob` (bytea) and the
///   same line as `geography(LineString,4326)` (NULL for a segment of fewer than two points), with
///   a GiST index, so the database itself answers "which runs passed near here".
/// - `places`: a dataset's places with `position geography(Point,4326)` (NULL when the record has
///   no coordinates) and a GiST index; attributes as jsonb.
///
/// Version 2:
/// - `places`: `ordinal` (the record's 0-based source order; with `dataset` the primary key, as ids
///   may repeat) and `details` (jsonb: the attributes with labels and every raw field, in order),
///   so a query from PostGIS rebuilds each place exactly as the archive holds it.
///
/// Version 3: no change of tables; `segments.points` may hold `PointBlob` format 2.
public enum PostgresSchema {
    /// One forward step: the version it produces and its SQL (`{schema}` is the quoted schema).
    package struct Migration: Sendable {
        package let version: Int64
        package let summary: String
        package let statements: [String]
    }

    /// The advisory lock key every Nearby migration takes ("nearby" in ASCII).
    static let lockKey: Int64 = 0x6e65_6172_6279

    package static let migrations: [Migration] = [
        Migration(
            version: 1,
            summary: "runs with an athlete, segments with packed points and a geography line, places",
            statements: [
                """
                CREATE TABLE {schema}.runs (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    athlete text NOT NULL,
                    content_hash text NOT NULL UNIQUE,
                    source_name text NOT NULL,
                    source_path text,
                    name text,
                    activity_type text,
                    start_time double precision,
                    file_time double precision,
                    distance double precision NOT NULL,
                    elapsed_time double precision NOT NULL,
                    moving_time double precision NOT NULL,
                    device_distance double precision,
                    device_timer_time double precision,
                    device_elapsed_time double precision,
                    point_count bigint NOT NULL CHECK (point_count >= 0),
                    imported_at double precision NOT NULL
                )
                """,
                "CREATE INDEX runs_by_athlete_start ON {schema}.runs (athlete, start_time, id)",
                "CREATE INDEX runs_by_source ON {schema}.runs (source_name)",
                """
                CREATE TABLE {schema}.segments (
                    run_id bigint NOT NULL REFERENCES {schema}.runs (id) ON DELETE CASCADE,
                    ordinal integer NOT NULL CHECK (ordinal >= 0),
                    point_count integer NOT NULL CHECK (point_count >= 0),
                    points bytea NOT NULL,
                    path geography(LineString, 4326),
                    PRIMARY KEY (run_id, ordinal)
                )
                """,
                "CREATE INDEX segments_by_path ON {schema}.segments USING gist (path)",
                """
                CREATE TABLE {schema}.places (
                    dataset text NOT NULL,
                    id text NOT NULL,
                    name text NOT NULL,
                    address text,
                    category text,
                    attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
                    position geography(Point, 4326),
                    source text,
                    licence text,
                    attribution text,
                    fetched_at timestamptz,
                    PRIMARY KEY (dataset, id)
                )
                """,
                "CREATE INDEX places_by_position ON {schema}.places USING gist (position)",
            ]
        ),
        Migration(
            version: 2,
            summary: "places keep their source order and every field, so PostGIS answers as the local cache",
            statements: [
                // Ids need not be unique in a feed (the archive keeps every record): a place is its
                // dataset and its 0-based record number; `show` finds the first record with an id.
                "ALTER TABLE {schema}.places DROP CONSTRAINT places_pkey",
                "ALTER TABLE {schema}.places ADD COLUMN ordinal bigint NOT NULL CHECK (ordinal >= 0)",
                "ALTER TABLE {schema}.places ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb",
                "ALTER TABLE {schema}.places ADD PRIMARY KEY (dataset, ordinal)",
                "CREATE INDEX places_by_id ON {schema}.places (dataset, id, ordinal)",
            ]
        ),
        Migration(
            version: 3,
            summary: "segment points may be in PointBlob format 2 (scaled decimals), unknown to older builds",
            // No SQL: the step marks the schema, so an older build says "newer schema" instead of
            // failing on the first new segment; rows already stored keep format 1 and stay readable.
            statements: []
        ),
    ]

    /// The version a fully migrated schema has.
    public static var latestVersion: Int64 { migrations.last?.version ?? 0 }

    /// Brings `schema` to ``latestVersion`` (creating it, and the postgis extension when missing),
    /// or refuses a newer one. Returns the version found before.
    @discardableResult
    public static func migrate(_ connection: PostgresConnection, schema: PostgresSchemaName = .nearby)
        throws(PostgresError) -> Int64
    {
        try connection.transaction { () throws(PostgresError) -> Int64 in
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(lockKey)])
            let postgis = try connection.execute("SELECT 1 FROM pg_extension WHERE extname = 'postgis'")
            if postgis.rows.isEmpty {
                try connection.execute("CREATE EXTENSION IF NOT EXISTS postgis")
            }
            try connection.execute("CREATE SCHEMA IF NOT EXISTS \(schema.quoted)")
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS \(schema.quoted).schema_version (
                    version bigint PRIMARY KEY,
                    summary text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            let current = try connection.execute(
                "SELECT coalesce(max(version), 0)::bigint AS version FROM \(schema.quoted).schema_version")
            let found = try current.rows.first?.int64("version") ?? 0
            guard found <= latestVersion else {
                throw .newerSchema(
                    target: connection.url.redacted, schema: schema.name, found: found, supported: latestVersion)
            }
            for migration in migrations where migration.version > found {
                for statement in migration.statements {
                    try connection.execute(statement.replacing("{schema}", with: schema.quoted))
                }
                try connection.execute(
                    "INSERT INTO \(schema.quoted).schema_version (version, summary) VALUES ($1, $2)",
                    [.integer(migration.version), .text(migration.summary)])
            }
            return found
        }
    }
}
