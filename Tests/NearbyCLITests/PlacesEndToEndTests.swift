import Foundation
import Testing

/// `nearby` run as a user would (in process, pinned clock), against a mirror folder of our own fixture
/// (Fixtures/mirror/toilets.csv: the data.taipei shape with BOM, CRLF, 經度 before 緯度, a quoted
/// comma, a trailing-space header, U+00A0 and U+3000, one row without coordinates).
@Suite(.serialized) struct PlacesEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let mirror = TestPaths.fixture("mirror").path

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-e2e")
        nearby = InProcessRunner(home: home)
    }

    /// Expected order and distances from GeographicLib:
    /// python3 -c "from geographiclib.geodesic import Geodesic as G; print(G.WGS84.Inverse(25.0418,121.5152,LAT,LON))"
    /// for each fixture row (s12 and azi1).
    static let expected: [(id: String, name: String, metres: Double, bearing: Double)] = [
        ("3", "捷運台大醫院站", 142.042379, 128.6005),
        ("2", "二二八和平公園(署)", 173.256790, 349.9366),
        ("5", "總統府參觀區", 382.580755, 240.5139),
        ("1", "臺北車站一樓東側", 712.717658, 21.1644),
        ("4", "大安森林公園", 2421.665706, 122.6633),
    ]

    @Test func nearestToiletsAsJSONMatchGeographicLib() throws {
        let result = nearby.run([
            "toilets", "--at", "25.0418,121.5152", "--limit", "4", "--format", "json", "--from", mirror,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 4)
        for (item, want) in zip(items, Self.expected) {
            #expect(item["id"] as? String == want.id)
            #expect(item["name"] as? String == want.name)
            #expect(abs((item["distance_m"] as? Double ?? 0) - want.metres) < 0.001)
            #expect(abs((item["bearing_deg"] as? Double ?? 0) - want.bearing) < 0.06)
            #expect(item["dataset"] as? String == "toilets")
        }
        // One row has no coordinates: it is listed but not ranked, and the user is told.
        #expect(result.stderr.contains("1 of 6 places in toilets have no usable coordinates"))
    }

    @Test func tableShowsDistanceBearingAndAddress() throws {
        let result = nearby.run(["toilets", "--at", "25.0418,121.5152", "--limit", "2", "--from", mirror])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("142 m SE") && lines[1].contains("捷運台大醫院站") && lines[1].contains("公園路52號"))
        #expect(lines[2].contains("173 m N") && lines[2].contains("二二八和平公園(署)"))
    }

    @Test func withinAndWhereFilter() throws {
        let within = nearby.run([
            "toilets", "--at", "25.0418,121.5152", "--within", "200m", "--format", "csv", "--from", mirror,
        ])
        #expect(within.status == 0)
        #expect(within.stdout.split(separator: "\r\n").count == 3)  // header + 2 places
        let family = nearby.run([
            "toilets", "--at", "25.0418,121.5152", "--where", "family-seats", "--format", "json", "--from", mirror,
        ])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(family.stdout.utf8)) as? [[String: Any]])
        // 捷運台大醫院站 (3) and 總統府參觀區 (5) have no family seats.
        #expect(items.map { $0["id"] as? String } == ["2", "1", "4"])
    }

    @Test func sourceOrderWithoutAt() throws {
        let result = nearby.run(["toilets", "--format", "json", "--from", mirror])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["1", "2", "3", "4", "5", "6"])
        #expect(items[3]["name"] as? String == "大安森林公園")  // U+3000 padding trimmed
        #expect(items[3]["address"] as? String == "臺北市大安區新生南路二段1號, 近信義路")
        #expect(items[5]["latitude"] is NSNull)
    }

    @Test func showGivesEveryFieldAndMapLinks() throws {
        _ = nearby.run(["refresh", "toilets", "--from", mirror])
        let result = nearby.run(["show", "toilets", "4", "--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        for field in ["行政區", "公廁類別", "公廁名稱", "公廁地址", "經度", "緯度", "管理單位", "座數", "改善級", "無障礙廁座數", "親子廁座數"] {
            #expect(result.stdout.contains(field), "missing \(field)")
        }
        #expect(result.stdout.contains("臺北市政府警察局 大安分局"))  // U+00A0 became a plain space
        #expect(result.stdout.contains("geo:25.030000,121.535400"))
        #expect(result.stdout.contains("https://www.openstreetmap.org/?mlat=25.03&mlon=121.5354"))
    }

    @Test func offlineWithoutCacheIsExitCodeThree() throws {
        let result = nearby.run(["toilets", "--at", "25.0418,121.5152", "--offline"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("toilets has no data"))
    }

    @Test func usageErrorsAreExitCodeTwo() throws {
        for words in [
            ["toilets", "--at", "91,121"], ["toilets", "--bogus"], ["no-such-dataset"], ["toilets", "--limit", "x"],
        ] {
            let result = nearby.run(words)
            #expect(result.status == 2, "\(words)")
            #expect(result.stderr.hasPrefix("nearby: "), "\(words)")
        }
    }

    @Test func failedRefreshKeepsTheLastGoodCopy() throws {
        let first = nearby.run(["refresh", "toilets", "--from", mirror])
        #expect(first.status == 0)
        #expect(first.stdout.contains("toilets: updated, 6 records"))
        let emptyMirror = try TestPaths.temporaryDirectory("nearby-empty-mirror")
        let failed = nearby.run(["refresh", "toilets", "--force", "--from", emptyMirror.path])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("last good copy"))
        let after = nearby.run([
            "toilets", "--at", "25.0418,121.5152", "--limit", "1", "--offline", "--format", "csv",
        ])
        #expect(after.status == 0)
        #expect(after.stdout.contains("捷運台大醫院站"))
    }

    @Test func datasetsListsTheCacheState() throws {
        _ = nearby.run(["refresh", "toilets", "--from", mirror])
        let result = nearby.run(["datasets", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let toilets = try #require(items.first { $0["id"] as? String == "toilets" })
        let cache = try #require(toilets["cache"] as? [String: Any])
        #expect(cache["records"] as? Int == 6)
        #expect(cache["age_days"] as? Int == 0)
        #expect((toilets["licence"] as? String)?.contains("政府資料開放授權條款") == true)
        #expect(items.contains { $0["id"] as? String == "parks" && $0["cache"] is NSNull })
    }

    @Test func helpAndVersion() throws {
        for words in [
            ["--help"], ["--version"], ["toilets", "--help"], ["runs", "--help"], ["refresh", "--help"],
            ["near", "-h"],
        ] {
            let result = nearby.run(words)
            #expect(result.status == 0, "\(words)")
            #expect(!result.stdout.isEmpty)
        }
    }
}

extension PlacesEndToEndTests {
    /// A user adds a dataset by dropping a manifest into a folder: no rebuild.
    @Test func userManifestInADatasetsFolder() throws {
        let folder = try TestPaths.temporaryDirectory("nearby-datasets")
        let mirrorFolder = try TestPaths.temporaryDirectory("nearby-user-mirror")
        let manifest = """
            {"kind": "places", "id": "my-toilets", "title": "My toilets", "description": "a copy",
             "source": {"urls": ["https://example.invalid/my-toilets.csv"], "format": "csv"},
             "fields": {"name": "公廁名稱", "latitude": "緯度", "longitude": "經度", "address": "公廁地址",
                        "attributes": [{"key": "seats", "field": "座數", "label": "seats"}]},
             "refresh": {"days": 1, "timeZone": "Asia/Taipei"},
             "licence": "test", "attribution": "test"}
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("my-toilets.json"))
        try FileManager.default.copyItem(
            at: TestPaths.fixture("mirror/toilets.csv"), to: mirrorFolder.appendingPathComponent("my-toilets.csv"))
        let result = nearby.run([
            "my-toilets", "--at", "25.0418,121.5152", "--limit", "1", "--format", "json",
            "--datasets", folder.path, "--from", mirrorFolder.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["name"] as? String == "捷運台大醫院站")
        #expect((items.first?["attributes"] as? [String: Any])?["seats"] as? String == "6")

        // A broken manifest is named in one sentence and `datasets` exits 1, but it hides neither
        // the other datasets from the listing nor their queries.
        try Data("{\"kind\": \"places\", \"id\": \"Bad Id\"}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let broken = nearby.run(["datasets", "--datasets", folder.path])
        #expect(broken.status == 1)
        let lines = broken.stderr.split(separator: "\n")
        #expect(lines.count == 3)  // the refusal, the cache folder note, the summary
        #expect(lines.first?.hasPrefix("warning: ") == true && lines.first?.contains("bad.json") == true)
        #expect(lines.last == "nearby: 1 manifest was refused (see above); the other datasets are listed.")
        #expect(broken.stdout.contains("my-toilets"))
        #expect(broken.stdout.contains("toilets-api"))
        let query = nearby.run([
            "my-toilets", "--at", "25.0418,121.5152", "--limit", "1", "--datasets", folder.path, "--from",
            mirrorFolder.path,
        ])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.contains("捷運台大醫院站"))
    }
}

extension PlacesEndToEndTests {
    /// `refresh` also repairs a damaged index of a fresh feed, so the next query is fast again.
    @Test func refreshRebuildsADamagedIndex() throws {
        _ = nearby.run(["refresh", "toilets", "--from", mirror])
        let archive = home.appendingPathComponent("cache/toilets/current/places.nbyplace")
        var bytes = try [UInt8](Data(contentsOf: archive))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: archive)
        let again = nearby.run(["refresh", "toilets", "--from", mirror])
        #expect(again.status == 0)
        #expect(again.stdout.contains("toilets: fresh (checked today), not fetched"))
        #expect(again.stdout.contains("toilets: rebuilt the index"))
        let clean = nearby.run(["refresh", "toilets", "--from", mirror])
        #expect(!clean.stdout.contains("rebuilt"))
        let query = nearby.run(["toilets", "--at", "25.0418,121.5152", "--limit", "1", "--offline"])
        #expect(query.status == 0)
        #expect(!query.stderr.contains("rebuilt"))
        #expect(query.stdout.contains("捷運台大醫院站"))
    }
}
