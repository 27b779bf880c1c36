import Foundation
import Testing

/// The badge catalogue as a dataset plugin, end to end in process: `datasets` lists it, `--badges`
/// and `NEARBY_BADGES` choose one, `badges` and `runs show` name the one they used (issue 9).
@Suite("Badge catalogue: datasets, selection, naming")
struct BadgeCatalogueCommandTests {
    /// A hand-made kilometre catalogue (distances typed in, not taken from any output).
    static let kilometres = #"""
        {"kind": "badges", "id": "km", "title": "Kilometre badges", "source": "hand-made",
         "licence": "CC0", "attribution": "the test",
         "badges": [
           {"id": "start", "name": "Start", "distance": 0},
           {"id": "km-1", "name": "1 km", "distance": 1000},
           {"id": "km-5", "name": "5 km", "distance": 5000}
         ]}
        """#

    let home: URL
    let folder: URL

    init() throws {
        home = try TestPaths.temporaryDirectory("badge-catalogue")
        folder = home.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.kilometres.utf8).write(to: folder.appendingPathComponent("km.json"))
    }

    func run(_ words: [String], _ extra: [String: String] = [:]) -> InProcessRunner.Result {
        InProcessRunner(home: home, extra: extra).run(words)
    }

    @Test func datasetsListsTheBadgeCataloguesWithKindCountSourceAndLicence() throws {
        let text = run(["datasets", "--offline", "--datasets", folder.path])
        #expect(text.status == 0, Comment(rawValue: text.stderr))
        let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("badges ") })
        #expect(row.contains(" badges ") && row.contains(" 33 ") && row.contains("MoonRunner"))
        #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("km ") && $0.contains(" 3 ") })
        let json = run(["datasets", "--offline", "--format", "json", "--datasets", folder.path])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let badges = try #require(items.first { $0["id"] as? String == "badges" })
        #expect(badges["kind"] as? String == "badges")
        #expect(badges["badges"] as? Int == 33)
        #expect((badges["licence"] as? String)?.contains("MIT") == true)
        #expect((badges["attribution"] as? String)?.contains("Matt Luedke") == true)
        #expect(items.first { $0["id"] as? String == "toilets" }?["kind"] as? String == "places")
        #expect(items.first { $0["id"] as? String == "km" }?["badges"] as? Int == 3)
    }

    @Test func badgesNamesTheCatalogueChosenByOptionOrVariable() throws {
        let byDefault = run(["badges"])
        #expect(byDefault.status == 0, Comment(rawValue: byDefault.stderr))
        #expect(byDefault.stderr.contains("Badge catalogue: badges (Space badges (MoonRunner's distances))."))
        let byOption = run(["badges", "--badges", "km", "--datasets", folder.path])
        #expect(byOption.status == 0, Comment(rawValue: byOption.stderr))
        #expect(byOption.stderr.contains("Badge catalogue: km (Kilometre badges)."))
        #expect(byOption.stdout.contains("5 km") && !byOption.stdout.contains("Pluto"))
        let byVariable = run(["badges", "--format", "json"], ["NEARBY_BADGES": "km", "NEARBY_DATASETS": folder.path])
        let awards = try #require(
            try JSONSerialization.jsonObject(with: Data(byVariable.stdout.utf8)) as? [[String: Any]])
        #expect(awards.map { $0["id"] as? String } == ["start", "km-1", "km-5"])
        #expect(awards.allSatisfy { $0["catalogue"] as? String == "km" })
        // The option wins over the variable.
        let both = run(["badges", "--badges", "badges"], ["NEARBY_BADGES": "km", "NEARBY_DATASETS": folder.path])
        #expect(both.stderr.contains("Badge catalogue: badges ("))
    }

    @Test func runsShowNamesTheCatalogueAndUsesItsCheckpoints() throws {
        let gpx = TestPaths.fixture("meridian-2km.gpx").path
        let show = run(["runs", "show", gpx, "--badges", "km", "--datasets", folder.path])
        #expect(show.status == 0, Comment(rawValue: show.stderr))
        #expect(show.stdout.contains("Badges    Kilometre badges (km)"))
        let json = run(["runs", "show", gpx, "--format", "json", "--badges", "km", "--datasets", folder.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["badge_catalogue"] as? String == "km")
        // About 2 km along a meridian: past 1 km, short of 5 km.
        #expect(object["best_badge"] as? String == "1 km")
        #expect(object["next_badge"] as? String == "5 km")
    }

    @Test func aBrokenOrUnknownCatalogueIsOneSentenceAndExitOne() throws {
        let broken =
            #"{"kind":"badges","id":"club","title":"Club","licence":"l","attribution":"a","badges":[{"id":"a","name":"A","distance":-1}]}"#
        try Data(broken.utf8).write(to: folder.appendingPathComponent("club.json"))
        let chosen = run(["badges", "--badges", "club", "--datasets", folder.path])
        #expect(chosen.status == 1)
        let path = folder.appendingPathComponent("club.json").path
        #expect(
            chosen.stderr.contains(
                "The badge catalogue \(path) is refused: Badge \"a\" has a distance that is not a finite number of metres from 0 to 1000000."
            ))
        // Not chosen: named as a warning, the default catalogue is used.
        let other = run(["badges", "--datasets", folder.path])
        #expect(other.status == 0)
        #expect(other.stderr.contains("warning: The badge catalogue \(path) is refused"))
        let listed = run(["datasets", "--offline", "--datasets", folder.path])
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("The badge catalogue \(path) is refused"))
        let unknown = run(["badges", "--badges", "marathons"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("No datasets folder holds the badge catalogue \"marathons\" (found: badges)."))
    }
}
