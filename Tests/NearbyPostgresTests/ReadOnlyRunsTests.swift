import Foundation
import NearbyGeo
import NearbyPostgres
import NearbyRuns
import NearbyStore
import NearbyTestSupport
import Testing

/// Read-only commands on PostgreSQL work for a role with SELECT alone when the schema is current
/// (no migration lock, no DDL, no write), and fail with one sentence naming the migration due when
/// it is not. The SELECT-only role is made by the cluster's superuser, over the unix socket in the
/// folder `.ci/postgres start` recorded (`NEARBY_PG_STATE`, else `.build/ci-postgres.state`).
@Suite(.enabled(if: TestDatabase.isAvailable, TestDatabase.skipReason))
struct ReadOnlyRunsTests {
    /// The superuser's URL: the socket folder and port of the recorded cluster, nil without one.
    static func superuserURL() -> PostgresURL? {
        let state =
            ProcessInfo.processInfo.environment["NEARBY_PG_STATE"]
            ?? TestPaths.packageRoot.appendingPathComponent(".build/ci-postgres.state").path
        guard
            let folder = try? String(contentsOfFile: state, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines),
            let port = try? String(contentsOfFile: folder + "/port", encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
        else { return nil }
        return try? PostgresURL("postgresql://postgres@/nearby_test?host=\(folder)&port=\(port)")
    }

    /// A run of two fixes at Taipei Main Station.
    static let record = RunRecord(
        contentHash: String(repeating: "d", count: 64), sourceName: "ro.gpx", startTime: 1_700_000_000, distance: 11,
        elapsedTime: 10, movingTime: 10,
        segments: [
            TrackSegment(points: [
                TrackPoint(latitude: 25.0478, longitude: 121.5170, time: 1_700_000_000),
                TrackPoint(latitude: 25.0479, longitude: 121.5170, time: 1_700_000_010),
            ])
        ])

    @Test func aSelectOnlyRoleReadsACurrentSchemaAndIsToldWhichMigrationIsDue() throws {
        let superuser = try #require(Self.superuserURL(), "no superuser socket for the test cluster")
        let admin = try PostgresConnection(superuser)
        let owner = try TestDatabase.connect()
        let schema = try TestDatabase.freshSchema()
        let role = "reader_\(String(UInt32.random(in: 0..<UInt32.max), radix: 16))"
        let password = "pw\(String(UInt64.random(in: 0..<UInt64.max), radix: 16))"
        defer {
            TestDatabase.drop(schema, on: owner)
            _ = try? admin.execute("DROP OWNED BY \(role)")
            _ = try? admin.execute("DROP ROLE IF EXISTS \(role)")
        }
        let writer = try PostgresRunStore(url: TestDatabase.url(), schema: schema, athlete: "ann", now: { 1 })
        let id = try writer.importRun(Self.record).id
        try admin.execute("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'")
        try owner.execute("GRANT USAGE ON SCHEMA \"\(schema.name)\" TO \(role)")
        try owner.execute("GRANT SELECT ON ALL TABLES IN SCHEMA \"\(schema.name)\" TO \(role)")
        let text = try #require(TestDatabase.urlText)
        let readerText = try #require(TestDatabase.replacingPassword(in: text, with: password))
            .replacingOccurrences(of: "://nearby:", with: "://\(role):")
        let readerURL = try PostgresURL(readerText)

        // The reader cannot migrate (it may not even take part in DDL)…
        #expect(throws: RunStoreError.self) {
            _ = try PostgresRunStore(url: readerURL, schema: schema, athlete: "ann", now: { 1 })
        }
        // …but reads a current schema: listing, a reference, the points, runs near.
        let reader = try PostgresRunStore(url: readerURL, schema: schema, access: .readOnly, athlete: "ann", now: { 1 })
        #expect(try reader.runs().map(\.id) == [id])
        #expect(try reader.findRun(reference: "ro.gpx").id == id)
        #expect(try reader.segments(ofRun: id) == Self.record.segments)
        let station = try #require(Coordinate(latitude: 25.0478, longitude: 121.5170))
        #expect(try reader.runsNear(station, within: 5, scope: .own).map(\.run.id) == [id])
        // Nothing a reader does may write: it holds SELECT only, so any write would have failed.
        var another = Self.record
        another.contentHash = String(repeating: "e", count: 64)
        another.startTime = 1_600_000_000
        #expect(throws: RunStoreError.self) { _ = try reader.importRun(another) }

        // An older schema: one sentence naming the migration due, and no attempt to apply it.
        try owner.execute(
            "DELETE FROM \"\(schema.name)\".schema_version WHERE version = $1",
            [
                .integer(PostgresSchema.latestVersion)
            ])
        do {
            _ = try PostgresRunStore(url: readerURL, schema: schema, access: .readOnly, athlete: "ann", now: { 1 })
            Issue.record("an old schema was read")
        } catch {
            guard case .migrationNeeded(_, let found, let needed, _) = error else {
                Issue.record("unexpected: \(error)")
                return
            }
            #expect(found == PostgresSchema.latestVersion - 1)
            #expect(needed == PostgresSchema.latestVersion)
            #expect(error.description.hasPrefix("The run database "))
            #expect(error.description.contains("needs migration to version \(PostgresSchema.latestVersion)"))
            #expect(!error.description.contains(password))
        }
        // A schema never created reads as version 0.
        let missing = try TestDatabase.freshSchema()
        #expect(throws: RunStoreError.self) {
            _ = try PostgresRunStore(url: readerURL, schema: missing, access: .readOnly, now: { 1 })
        }
        #expect(try PostgresSchema.recordedVersion(owner, schema: missing) == 0)
    }
}
