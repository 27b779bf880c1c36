import Foundation
import NearbySystem
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Badge catalogues as dataset plugins: found in the dataset folders like place manifests, chosen
/// by id, validated with one sentence per problem (issue 9).
@Suite("Badge datasets: listing, selection, validation")
struct BadgeDatasetTests {
    static let builtIn = DatasetFolder(TestPaths.datasets)

    /// A hand-made kilometre catalogue: distances typed in by hand, not taken from any output.
    static let kilometres = #"""
        {"kind": "badges", "id": "km", "title": "Kilometre badges", "source": "hand-made",
         "licence": "CC0", "attribution": "the test", "club": "an unknown key is ignored",
         "badges": [
           {"id": "start", "name": "Start", "distance": 0},
           {"id": "km-1", "name": "1 km", "distance": 1000, "description": "One kilometre."},
           {"id": "km-5", "name": "5 km", "distance": 5000},
           {"id": "km-10", "name": "10 km", "distance": 10000},
           {"id": "half", "name": "Half marathon", "distance": 21097.5}
         ]}
        """#

    /// A fresh folder holding `files` (name → text).
    static func folder(_ files: [String: String]) throws -> URL {
        let url = try TestPaths.temporaryDirectory("badges")
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    @Test func theBuiltInFolderListsMoonRunnersCatalogueWithItsLicence() throws {
        let datasets = try BadgeDatasets.load(from: [Self.builtIn])
        #expect(datasets.refused.isEmpty)
        let entry = try #require(datasets.entries.first)
        #expect(datasets.entries.count == 1)
        #expect(entry.catalogue.info.id == "badges")
        #expect(entry.catalogue.badges.count == 33)  // moonrunner/NOTES.md: 33 badges
        #expect(entry.catalogue.info.licence.contains("MIT"))
        #expect(entry.catalogue.info.attribution.contains("Matt Luedke"))
        #expect(entry.file.lastPathComponent == "badges.json")
        // The place catalog's manifests in the same folder are not badge catalogues.
        #expect(!datasets.entries.contains { $0.catalogue.info.id == "toilets" })
    }

    @Test func aUserCatalogueIsSelectedByIDAndTheDefaultStaysMoonRunner() throws {
        let mine = try Self.folder(["km.json": Self.kilometres])
        defer { try? FileManager.default.removeItem(at: mine) }
        let folders = [Self.builtIn, DatasetFolder(mine)]
        let chosen = try BadgeDatasets.selected("km", from: folders)
        #expect(chosen.refused.isEmpty)
        let km = chosen.entry.catalogue
        #expect(km.info.title == "Kilometre badges")
        #expect(km.badges.map(\.distance) == [0, 1000, 5000, 10000, 21097.5])
        #expect(km.badges[1].description == "One kilometre.")
        #expect(km.badges[2].description == "" && km.badges[2].image == "")
        // 5.5 km: best is the last badge strictly below (5 km), next the first above (10 km).
        #expect(km.best(for: 5500).name == "5 km")
        #expect(km.next(for: 5500).name == "10 km")
        #expect(km.distanceLeft(from: 5500) == 4500)
        #expect(try BadgeDatasets.selected(nil, from: folders).entry.catalogue.info.id == "badges")
    }

    @Test func aLaterFolderReplacesTheBuiltInCatalogueOfTheSameID() throws {
        let mine = try Self.folder([
            "space.json": Self.kilometres.replacingOccurrences(of: #""id": "km""#, with: #""id": "badges""#)
        ])
        defer { try? FileManager.default.removeItem(at: mine) }
        let chosen = try BadgeDatasets.selected(nil, from: [Self.builtIn, DatasetFolder(mine)])
        #expect(chosen.entry.catalogue.badges.count == 5)
        #expect(chosen.entry.file.lastPathComponent == "space.json")
    }

    @Test func unknownInvalidAndMissingFolderSelectionsAreOneSentence() throws {
        #expect(throws: BadgeDatasetError.unknown(id: "club", known: ["badges"])) {
            try BadgeDatasets.selected("club", from: [Self.builtIn])
        }
        #expect(throws: BadgeDatasetError.invalidSelection("Club Badges")) {
            try BadgeDatasets.selected("Club Badges", from: [Self.builtIn])
        }
        let absent = URL(fileURLWithPath: "/nonexistent/nearby-badges")
        #expect(throws: BadgeDatasetError.folder(.missing(path: absent.path))) {
            try BadgeDatasets.load(from: [DatasetFolder(absent, isRequired: true)])
        }
        #expect(try BadgeDatasets.load(from: [DatasetFolder(absent)]).entries.isEmpty)
        for error in [
            BadgeDatasetError.unknown(id: "club", known: ["badges"]), .invalidSelection("Club Badges"),
            .folder(.missing(path: absent.path)),
        ] {
            #expect(error.description.hasSuffix(".") && !error.description.contains("\n"))
        }
    }

    /// One catalogue body per rule, with the error it must give (each a hand-written file).
    static let bad: [(String, BadgeCatalogueError)] = [
        ("[]", .bareList),
        (#"[{"id":"a","name":"A","distance":0}]"#, .bareList),
        (
            #"{"kind":"badges","id":"x","title":"T","licence":"l","attribution":"a"}"#,
            .malformed("the key \"badges\" is missing.")
        ),
        (
            #"{"kind":"badges","id":"x","title":"T","licence":"l","attribution":"a","badges":[{"id":"a","name":"A","distance":"5"}]}"#,
            .malformed("the value at \"badges.0.distance\" has the wrong type.")
        ),
        (body(id: "Km Badges", #"{"id":"a","name":"A","distance":0}"#), .invalidID("Km Badges")),
        (body(title: " ", #"{"id":"a","name":"A","distance":0}"#), .missingValue(badge: nil, key: "title")),
        (
            body(title: #"T\u001B]0;x\u0007"#, #"{"id":"a","name":"A","distance":0}"#),
            .notPrintable(badge: nil, key: "title")
        ),
        (body(""), .empty),
        (body(#"{"id":"A","name":"A","distance":0}"#), .invalidBadgeID("A")),
        (body(#"{"id":"a","name":"","distance":0}"#), .missingValue(badge: "a", key: "name")),
        (body(#"{"id":"a","name":"A\nB","distance":0}"#), .notPrintable(badge: "a", key: "name")),
        (body(#"{"id":"a","name":"A\u202EB","distance":0}"#), .notPrintable(badge: "a", key: "name")),
        (
            body(#"{"id":"a","name":"\#(String(repeating: "x", count: 101))","distance":0}"#),
            .tooLong(badge: "a", key: "name", limit: 100)
        ),
        (body(#"{"id":"a","name":"A","distance":-0.5}"#), .invalidDistance(id: "a")),
        (body(#"{"id":"a","name":"A","distance":1000000.5}"#), .invalidDistance(id: "a")),
        (body(#"{"id":"a","name":"A","distance":1000},{"id":"b","name":"B","distance":1000}"#), .notAscending(id: "b")),
        (body(#"{"id":"a","name":"A","distance":1000},{"id":"b","name":"B","distance":999}"#), .notAscending(id: "b")),
        (body(#"{"id":"a","name":"A","distance":0},{"id":"a","name":"B","distance":1}"#), .duplicateID("a")),
        (
            body((0...1000).map { #"{"id":"b\#($0)","name":"B","distance":\#($0)}"# }.joined(separator: ",")),
            .tooMany(1001)
        ),
    ]

    static func body(id: String = "x", title: String = "T", _ badges: String) -> String {
        #"{"kind":"badges","id":"\#(id)","title":"\#(title)","licence":"l","attribution":"a","badges":[\#(badges)]}"#
    }

    @Test func badCataloguesAreRefusedWithOneSentenceEach() throws {
        for (text, expected) in Self.bad {
            #expect(throws: expected, Comment(rawValue: String(text.prefix(120)))) {
                try BadgeCatalogue(data: Data(text.utf8))
            }
            let sentence = expected.description
            #expect(sentence.hasSuffix(".") && !sentence.contains("\n") && sentence.first?.isUppercase == true)
        }
    }

    @Test func aRefusedCatalogueIsNamedAndOnlyStopsTheCommandThatChoseIt() throws {
        let broken = Self.body(id: "club", #"{"id":"a","name":"A","distance":5},{"id":"b","name":"B","distance":2}"#)
        let mine = try Self.folder([
            "club.json": broken, "km.json": Self.kilometres, "toilets.json": #"{"kind":"places"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: mine) }
        let folders = [Self.builtIn, DatasetFolder(mine)]
        let refusal = BadgeDatasetError.refused(
            path: mine.appendingPathComponent("club.json").path, error: .notAscending(id: "b"))
        let datasets = try BadgeDatasets.load(from: folders)
        #expect(datasets.refused == [refusal])
        #expect(datasets.entries.map(\.catalogue.info.id) == ["badges", "km"])
        #expect(refusal.description.hasPrefix("The badge catalogue \(mine.path)/club.json is refused: Badge \"b\""))
        #expect(throws: refusal) { try BadgeDatasets.selected("club", from: folders) }
        #expect(try BadgeDatasets.selected("km", from: folders).refused == [refusal])
    }

    @Test func twoCataloguesWithOneIDInOneFolderAreAnError() throws {
        let mine = try Self.folder(["a.json": Self.kilometres, "b.json": Self.kilometres])
        defer { try? FileManager.default.removeItem(at: mine) }
        #expect(
            throws: BadgeDatasetError.duplicateID(
                id: "km", firstPath: mine.appendingPathComponent("a.json").path,
                secondPath: mine.appendingPathComponent("b.json").path)
        ) { try BadgeDatasets.load(from: [DatasetFolder(mine)]) }
    }
}
