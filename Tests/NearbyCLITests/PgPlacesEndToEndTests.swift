import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `nearby publish` and `--places-db` end to end (in process), against the throw-away cluster of
/// `NEARBY_TEST_PG` (skipped without it): the answers from PostGIS are the local cache's, byte for
/// byte, for the fixture mirror's toilets (GeographicLib's distances in PlacesEndToEndTests).
@Suite(.serialized, .enabled(if: PgPlacesDatabase.url != nil, "NEARBY_TEST_PG is not set"))
struct PgPlacesEndToEndTests {
    static var databaseURL: String? { PgPlacesDatabase.url }

    let home: URL
    let nearby: InProcessRunner
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-pgplaces")
        nearby = InProcessRunner(home: home)
    }

    /// The password of the test URL (none: nil).
    static var password: String? {
        guard let text = databaseURL, let scheme = text.firstRange(of: "://"),
            let at = text[scheme.upperBound...].firstIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        else { return nil }
        return String(text[text.index(after: colon)..<at])
    }

    @Test func publishedPlacesAnswerAsTheLocalCache() throws {
        let url = try #require(Self.databaseURL)
        let published = nearby.run(["publish", "toilets", "--to", url, "--from", mirror])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout.hasPrefix("toilets: 6 places published to postgresql://"))
        if let password = Self.password { #expect(!published.stdout.contains(password)) }
        let questions: [[String]] = [
            ["toilets", "--at", "25.0418,121.5152", "--limit", "4", "--format", "json"],
            ["toilets", "--at", "25.0418,121.5152"],
            ["toilets", "--at", "25.0418,121.5152", "--within", "400m", "--format", "csv"],
            ["toilets", "--format", "json"],
            ["near", "--in", "toilets", "--at", "25.05,121.52", "--limit", "3"],
            ["show", "toilets", "3", "--at", "25.0418,121.5152"],
            ["show", "toilets", "2", "--format", "json"],
        ]
        for question in questions {
            let local = nearby.run(question + ["--from", mirror])
            let remote = nearby.run(question + ["--places-db", url, "--offline"])
            #expect(local.status == 0, "\(question) \(local.stderr)")
            #expect(remote.status == local.status, "\(question) \(remote.stderr)")
            #expect(remote.stdout == local.stdout, "\(question)")
            #expect(remote.stderr == local.stderr, "\(question)")
        }
        // NEARBY_PLACES_DB is the same switch.
        let fromVariable = InProcessRunner(home: home, extra: ["NEARBY_PLACES_DB": url]).run([
            "toilets", "--at", "25.0418,121.5152", "--offline",
        ])
        #expect(fromVariable.stdout == nearby.run(["toilets", "--at", "25.0418,121.5152", "--from", mirror]).stdout)
    }

    @Test func aRefusedLoginNeverShowsThePassword() throws {
        let url = try #require(Self.databaseURL)
        let secret = "N0t-the-Passw0rd-\(UInt32.random(in: 0...UInt32.max))"
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else {
            return
        }
        let user = url[scheme.upperBound..<at].prefix { $0 != ":" }
        let wrong = String(url[..<scheme.upperBound]) + user + ":" + secret + String(url[at...])
        let query = nearby.run(["toilets", "--at", "25.0418,121.5152", "--places-db", wrong, "--offline"])
        #expect(query.status == 1, "\(query.stderr)")  // the database failed: not "no data"
        #expect(!query.stderr.contains(secret) && !query.stdout.contains(secret))
        let publish = nearby.run(["publish", "toilets", "--to", wrong, "--from", mirror])
        #expect(publish.status == 1, "\(publish.stderr)")
        #expect(!publish.stderr.contains(secret) && !publish.stdout.contains(secret))
    }

}

/// The throw-away cluster's URL (`NEARBY_TEST_PG`, from `.ci/postgres start`), or nil.
enum PgPlacesDatabase {
    static var url: String? {
        guard let value = getenv("NEARBY_TEST_PG") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

/// What `--places-db` and `publish --to` do without any database: a value is a URL or refused,
/// and a query from the cache never loads libpq.
@Suite struct PgPlacesWithoutDatabaseTests {
    let home: URL
    let nearby: InProcessRunner
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-pgplaces")
        nearby = InProcessRunner(home: home)
    }

    @Test func aPlacesDatabaseIsAURLNeverAFile() throws {
        for value in ["postgresql:", "places.sqlite", "mysql://host/db"] {
            let result = nearby.run(["toilets", "--at", "25.0418,121.5152", "--places-db", value, "--offline"])
            #expect(result.status == 2, "\(value): \(result.stderr)")
            #expect(result.stderr.contains("--places-db"))
        }
        let created = try FileManager.default.contentsOfDirectory(atPath: home.path)
        #expect(!created.contains("postgresql:") && !created.contains("places.sqlite"))
        let publish = nearby.run(["publish", "toilets", "--to", "toilets.sqlite", "--from", mirror])
        #expect(publish.status == 2)
    }

    /// A one-shot place query from the cache never loads libpq (it is dlopened on first use).
    @Test func aLocalQueryNeverLoadsLibpq() throws {
        guard BinaryRunner.executable != nil else { return }
        let runner = BinaryRunner(home: home, extra: ["LD_DEBUG": "files"])
        let result = try runner.run(["toilets", "--at", "25.0418,121.5152", "--from", mirror])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("calling init"))  // LD_DEBUG did report the libraries
        #expect(!result.stderr.contains("libpq"))
    }
}
