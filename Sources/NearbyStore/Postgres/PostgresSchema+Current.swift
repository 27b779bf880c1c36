import NearbyPostgres

extension PostgresSchema {
    /// The version recorded in `schema`, read without a lock, DDL or a write (0 when the schema or
    /// its version table does not exist yet), so a role with SELECT alone can ask.
    public static func recordedVersion(_ connection: PostgresConnection, schema: PostgresSchemaName = .nearby)
        throws(PostgresError) -> Int64
    {
        let present = try connection.execute(
            "SELECT to_regclass($1) IS NOT NULL AS present", [.text("\(schema.quoted).schema_version")])
        guard try present.rows.first?.bool("present") == true else { return 0 }
        let current = try connection.execute(
            "SELECT coalesce(max(version), 0)::bigint AS version FROM \(schema.quoted).schema_version")
        return try current.rows.first?.int64("version") ?? 0
    }

    /// Checks, for a reader, that `schema` is at ``latestVersion``: an older one (or none) fails
    /// with one sentence naming the migration due and how to apply it; a newer one is refused.
    public static func requireCurrent(_ connection: PostgresConnection, schema: PostgresSchemaName = .nearby)
        throws(RunStoreError)
    {
        let found: Int64
        do {
            found = try recordedVersion(connection, schema: schema)
        } catch {
            throw .backend(error.description)
        }
        let target = connection.url.redacted
        guard found <= latestVersion else {
            throw .newerSchema(path: "\(target) (schema \(schema.name))", found: found, supported: latestVersion)
        }
        guard found == latestVersion else {
            let due = migrations.filter { $0.version > found }
            throw .migrationNeeded(
                database: "\(target) (schema \(schema.name))", found: found, needed: latestVersion,
                summary: due.map(\.summary).joined(separator: "; "))
        }
    }
}
