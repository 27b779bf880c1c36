import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyFeeds

@Suite struct ManifestTests {
    private static let valid = DatasetManifest(
        id: "toilets", title: "Toilets",
        source: .init(urls: ["https://example.org/t.csv"], format: .csv),
        fields: .init(
            name: "公廁名稱", latitude: "緯度", longitude: "經度",
            attributes: [.init(key: "seats", field: "座數", label: "座數")]),
        licence: "OGDL-1.0", attribution: "data.taipei")

    private static func edited(_ change: (inout DatasetManifest) -> Void) -> DatasetManifest {
        var manifest = valid
        change(&manifest)
        return manifest
    }

    @Test func builtInManifestsAllLoadAndValidate() throws {
        let catalog = try DatasetCatalog.load(from: [
            .init(FeedTestPaths.datasets, isRequired: true)
        ])
        #expect(
            catalog.manifests.map(\.id) == [
                "hotels", "landmarks", "landmarks-2016", "parks", "parks-2016", "toilets",
                "toilets-api",
            ])
        for manifest in catalog.manifests {
            #expect(
                manifest.licence == "政府資料開放授權條款－第1版 (Open Government Data License, version 1.0)")
            #expect(manifest.refresh.timeZone == "Asia/Taipei")
        }
        let toilets = try #require(catalog.manifest(id: "toilets"))
        #expect(toilets.source.paging == nil)
        #expect(toilets.fields.attributes.map(\.key).contains("accessible-seats"))
        let landmarks = try #require(catalog.manifest(id: "landmarks"))
        #expect(landmarks.source.headers == ["Accept": "application/json"])
        #expect(
            landmarks.source.paging == .init(style: .page, pageSize: 30, first: 1, total: "total"))
    }

    @Test func defaultsFillInOptionalKeys() throws {
        let text = #"""
            {"id":"x","title":"X","source":{"urls":["https://e/x"],"format":"json"},
             "fields":{"name":"n","latitude":"lat","longitude":"lon"},"licence":"l","attribution":"a"}
            """#
        let manifest = try JSONDecoder().decode(DatasetManifest.self, from: Data(text.utf8))
        #expect(manifest.kind == "places")
        #expect(manifest.source.records.isEmpty)
        #expect(manifest.source.encoding == "utf-8")
        #expect(manifest.refresh == .init(days: 5, timeZone: "Asia/Taipei"))
        #expect(manifest.fields.id == nil)
        let again = try JSONDecoder().decode(
            DatasetManifest.self, from: try JSONEncoder().encode(manifest))
        #expect(again == manifest)
    }

    @Test func pagingFillsTemplates() {
        let offset = DatasetManifest.Paging(style: .offset, pageSize: 1000)
        #expect(
            offset.url(from: "https://e/x?limit={limit}&offset={offset}", pageIndex: 2)
                == "https://e/x?limit=1000&offset=2000")
        let page = DatasetManifest.Paging(style: .page, pageSize: 30)
        #expect(
            page.url(from: "https://e/x?page={page}&q={other}", pageIndex: 0)
                == "https://e/x?page=1&q={other}")
    }

    @Test(arguments: [
        (edited { $0.id = "Toilets" }, ManifestError.invalidID("Toilets")),
        (edited { $0.id = "-x" }, ManifestError.invalidID("-x")),
        (edited { $0.title = " " }, ManifestError.missingValue(dataset: "toilets", key: "title")),
        (
            edited { $0.fields.name = "" },
            ManifestError.missingValue(dataset: "toilets", key: "fields.name")
        ),
        (edited { $0.source.urls = [] }, ManifestError.noSourceURLs(dataset: "toilets")),
        (
            edited { $0.source.urls = ["https://e/?page={page}"] },
            ManifestError.placeholderWithoutPaging(
                dataset: "toilets", url: "https://e/?page={page}")
        ),
        (
            edited { $0.source.paging = .init(style: .offset, pageSize: 10) },
            ManifestError.pagingPlaceholderMissing(
                dataset: "toilets", url: "https://example.org/t.csv", placeholder: "{offset}")
        ),
        (
            edited { $0.source.encoding = "big5" },
            ManifestError.unsupportedEncoding(dataset: "toilets", encoding: "big5")
        ),
        (
            edited { $0.fields.attributes.append(.init(key: "seats", field: "x")) },
            ManifestError.duplicateAttributeKey(dataset: "toilets", key: "seats")
        ),
        (
            edited { $0.filter = .init(field: "Region", equals: "a", prefix: "b") },
            ManifestError.invalidFilter(dataset: "toilets")
        ),
        (
            edited { $0.refresh.timeZone = "Mars/Olympus" },
            ManifestError.unknownTimeZone(dataset: "toilets", timeZone: "Mars/Olympus")
        ),
    ])
    func validationRefusesWithOneSentence(manifest: DatasetManifest, expected: ManifestError) {
        #expect(throws: expected) { try manifest.validate() }
        #expect(expected.description.hasSuffix("."))
    }

    @Test func validManifestPasses() throws {
        try Self.valid.validate()
    }
}

@Suite struct ManifestCatalogTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let url = try TestPaths.temporaryDirectory("nearby-manifest")
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    private func manifest(_ id: String, title: String) -> String {
        #"{"id":"\#(id)","title":"\#(title)","source":{"urls":["https://e/x"],"format":"json"},"#
            + #""fields":{"name":"n","latitude":"lat","longitude":"lon"},"licence":"l","attribution":"a"}"#
    }

    @Test func laterFoldersOverrideAndOtherKindsAreSkipped() throws {
        let first = try folder([
            "toilets.json": manifest("toilets", title: "A"),
            "parks.json": manifest("parks", title: "P"),
        ])
        let second = try folder([
            "mine.json": manifest("toilets", title: "B"),
            "badges.json": "[1,2,3]",
            "moons.json": #"{"kind":"badges","id":"Not Valid"}"#,
            "notes.txt": "not json",
        ])
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let missing = first.appendingPathComponent("absent")
        let catalog = try DatasetCatalog.load(from: [.init(first), .init(missing), .init(second)])
        #expect(catalog.manifests.map(\.id) == ["parks", "toilets"])
        #expect(catalog.manifest(id: "toilets")?.title == "B")
        #expect(catalog.entries.last?.file.lastPathComponent == "mine.json")
    }

    @Test func errorsNameTheFile() throws {
        let broken = try folder(["bad.json": "{\"id\": \"x\",\n\"title\" 1}"])
        let missingKey = try folder([
            "nofields.json":
                #"{"id":"x","title":"X","source":{"urls":["u"],"format":"json"},"licence":"l","attribution":"a"}"#
        ])
        let invalid = try folder(["upper.json": manifest("Upper", title: "U")])
        let twice = try folder([
            "a.json": manifest("x", title: "1"), "b.json": manifest("x", title: "2"),
        ])
        defer {
            for url in [broken, missingKey, invalid, twice] {
                try? FileManager.default.removeItem(at: url)
            }
        }
        let badPath = broken.appendingPathComponent("bad.json").path
        // A bad manifest is refused with its sentence and skipped; it never hides the good ones.
        #expect(
            try DatasetCatalog.load(from: [.init(broken)]).refused == [
                CatalogError.notJSON(
                    path: badPath,
                    error: JSONParseError(
                        reason: .unexpectedCharacter("'1'", expected: "':' after a member name"),
                        line: 2, column: 9, offset: 20))
            ])
        let noFields = try DatasetCatalog.load(from: [.init(missingKey)])
        #expect(noFields.entries.isEmpty)
        #expect(noFields.refused.count == 1)
        #expect(noFields.refused.first?.description.contains("nofields.json") == true)
        #expect(noFields.refused.first?.description.contains("\"fields\" is missing") == true)
        #expect(
            try DatasetCatalog.load(from: [.init(invalid)]).refused == [
                CatalogError.invalidManifest(
                    path: invalid.appendingPathComponent("upper.json").path, error: .invalidID("Upper"))
            ])
        // A query that needs the refused dataset gets its sentence.
        #expect(
            throws: CatalogError.invalidManifest(
                path: invalid.appendingPathComponent("upper.json").path, error: .invalidID("Upper"))
        ) {
            try DatasetCatalog.load(from: [.init(invalid)], only: ["Upper"])
        }
        #expect(
            throws: CatalogError.duplicateID(
                id: "x", firstPath: twice.appendingPathComponent("a.json").path,
                secondPath: twice.appendingPathComponent("b.json").path)
        ) {
            try DatasetCatalog.load(from: [.init(twice)])
        }
        let absent = broken.appendingPathComponent("nowhere")
        #expect(throws: CatalogError.directoryMissing(path: absent.path)) {
            try DatasetCatalog.load(from: [.init(absent, isRequired: true)])
        }
    }
}
