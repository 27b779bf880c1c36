import Foundation
import NearbyPostgres
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The runs commands on PostgreSQL (`--db postgresql://…`, `NEARBY_DB`), in process, against the
/// cluster `NEARBY_TEST_PG` names (`.ci/postgres start`): the figures of the hand-made
/// Fixtures/meridian-2km.gpx (21 fixes due north, 100 m and 30 s apart: 2,000 m in 600 s, see
/// RunsEndToEndTests) and the same answers as the SQLite store. Uses the `nearby` schema, which it
/// empties first; skipped without NEARBY_TEST_PG.
@Suite(.serialized) struct PostgresRunsEndToEndTests {
    static var url: String? {
        guard let value = getenv("NEARBY_TEST_PG") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    let run = TestPaths.fixture("meridian-2km.gpx").path

    @Test(.enabled(if: url != nil, "NEARBY_TEST_PG is not set: no PostgreSQL to test against"))
    func importListShowDeleteAndReimportGiveTheSQLiteAnswers() throws {
        let url = try #require(Self.url)
        let password = Self.password(in: url)
        try Self.emptyRuns(url)
        let home = try TestPaths.temporaryDirectory("nearby-pgruns")
        let postgres = InProcessRunner(home: home, extra: ["TZ": "Asia/Taipei"])
        let sqlite = InProcessRunner(
            home: try TestPaths.temporaryDirectory("nearby-pgruns-sqlite"), extra: ["TZ": "Asia/Taipei"])
        var outputs: [String] = []
        func both(_ words: [String]) -> (InProcessRunner.Result, InProcessRunner.Result) {
            let onPostgres = postgres.run(words + ["--db", url])
            let onSQLite = sqlite.run(words)
            outputs += [onPostgres.stdout, onPostgres.stderr]
            return (onPostgres, onSQLite)
        }

        let (imported, importedSQLite) = both(["runs", "import", run])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported #1 meridian-2km.gpx: 2.00 km in 10:00 (5:00 /km)"))
        #expect(imported.stdout == importedSQLite.stdout)
        // The segment's path is a PostGIS geography: 21 fixes, 2,000 m on the ellipsoid by PostGIS's
        // own measure (the fixture's fixes are GeographicLib Direct steps of 100 m).
        let path = try PostgresConnection(PostgresURL(url)).execute(
            "SELECT ST_NPoints(path::geometry) AS n, ST_Length(path) AS metres FROM nearby.segments")
        #expect(try path.rows.first?.int64("n") == 21)
        #expect(abs((try path.rows.first?.double("metres") ?? 0) - 2000) < 0.01)
        let (again, againSQLite) = both(["runs", "import", run])
        #expect(again.stdout.contains("already imported as #1"))
        #expect(again.stdout == againSQLite.stdout)

        let (list, listSQLite) = both(["runs", "list", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(abs((rows.first?["distance_m"] as? Double ?? 0) - 2000) < 0.05)
        #expect(rows.first?["moving_s"] as? Double == 600)
        #expect(list.stdout == listSQLite.stdout)

        for words in [
            ["runs", "show", "1", "--format", "json"], ["runs", "show", "meridian-2km.gpx"],
            ["badges", "--format", "json"],
        ] {
            let (onPostgres, onSQLite) = both(words)
            #expect(onPostgres.status == 0, "\(words): \(onPostgres.stderr)")
            #expect(onPostgres.stdout == onSQLite.stdout, "\(words)")
        }

        // NEARBY_DB names the database as --db does.
        var byVariable = postgres
        byVariable.extra["NEARBY_DB"] = url
        #expect(byVariable.run(["runs", "list", "--format", "json"]).stdout == list.stdout)

        let (deleted, _) = both(["runs", "delete", "1"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let (empty, _) = both(["runs", "list", "--format", "json"])
        #expect((try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any])?.isEmpty == true)
        let (reimported, _) = both(["runs", "import", run])
        #expect(reimported.status == 0, "\(reimported.stderr)")
        #expect(reimported.stdout.contains("imported #2 meridian-2km.gpx"))

        if let password, !password.isEmpty {
            #expect(outputs.allSatisfy { !$0.contains(password) })
        }
    }

    @Test(.enabled(if: url != nil, "NEARBY_TEST_PG is not set: no PostgreSQL to test against"))
    func aWrongPasswordNeverAppearsInTheError() throws {
        let url = try #require(Self.url)
        let secret = "Wr0ng-s3cret-\(UInt32.random(in: 0..<UInt32.max))"
        let wrong = try #require(Self.replacingPassword(in: url, with: secret))
        let home = try TestPaths.temporaryDirectory("nearby-pgruns-password")
        let result = InProcessRunner(home: home).run(["runs", "list", "--db", wrong])
        #expect(result.status != 0)
        #expect(!result.stderr.isEmpty)
        #expect(!result.stderr.contains(secret))
        #expect(!result.stdout.contains(secret))
    }

    /// Today's defect: `--db postgresql://…` made a SQLite file called `postgresql:`. A URL is
    /// opened as PostgreSQL (here a closed port: one sentence, exit 1) and no file appears.
    @Test func aURLIsNeverAFileName() throws {
        let home = try TestPaths.temporaryDirectory("nearby-pgruns-url")
        for url in ["postgresql://nearby:pw-Zq7@127.0.0.1:1/x", "postgres://nearby:pw-Zq7@127.0.0.1:1/x"] {
            let result = InProcessRunner(home: home).run(["runs", "import", run, "--db", url])
            #expect(result.status == 1, "\(result.stdout)")
            #expect(!result.stderr.contains("pw-Zq7"))
            let contents = try FileManager.default.contentsOfDirectory(atPath: home.path)
            #expect(!contents.contains { $0.hasPrefix("postgres") }, "\(contents)")
        }
    }

    /// Creates the `nearby` schema if needed and empties its runs (ids restart at 1).
    static func emptyRuns(_ url: String) throws {
        let connection = try PostgresConnection(PostgresURL(url))
        _ = try PostgresSchema.migrate(connection)
        try connection.execute("TRUNCATE nearby.runs, nearby.segments RESTART IDENTITY")
    }

    static func password(in text: String) -> String? {
        guard let schemeEnd = text.firstRange(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return nil }
        return String(text[text.index(after: colon)..<at])
    }

    static func replacingPassword(in text: String, with password: String) -> String? {
        guard let schemeEnd = text.firstRange(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return nil }
        return String(text[..<text.index(after: colon)]) + password + String(text[at...])
    }
}
