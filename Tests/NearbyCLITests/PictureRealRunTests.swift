import Foundation
import NearbyGeo
import NearbyRuns
import Testing

@testable import NearbyCLI

/// A real run from ../shared/tracks (skipped when it is absent), pictured through
/// ``RunPicture/init(title:analysis:units:timeZone:places:attribution:)``.
@Suite struct PictureRealRunTests {
    static var track: URL? { TestPaths.shared?.appendingPathComponent("tracks/sportslib__2067489619.gpx") }
    /// The first badges of MoonRunner's badges.txt (../shared/moonrunner), distances in metres.
    static let badges: [(String, Double)] = [
        ("Earth", 0), ("Earth's Atmosphere", 804.672), ("The Moon", 1609.344),
        ("Earth's Magnetotail", 2414.016), ("Mars", 3218.688), ("Phobos", 4023.36),
        ("Deimos", 4828.032), ("The Asteroid Belt", 5632.704),
    ]

    static func picture() throws -> RunPicture? {
        guard let track, FileManager.default.fileExists(atPath: track.path) else { return nil }
        let document = try TrackReader().read(contentsOf: track.path)
        let catalogue = try BadgeCatalogue(
            badges: badges.enumerated().map { i, badge in
                Badge(id: String(i + 1), name: badge.0, distance: badge.1, description: "", image: "")
            })
        let analysis = RunAnalysis(tracks: document.tracks, units: .metric, catalogue: catalogue)
        let start = try #require(analysis.cleaned.points.first?.coordinate)
        // Two made-up places a few hundred metres from the start, to show the symbols.
        let places = [
            RunPicture.Place(
                dataset: "toilets", name: "WC «gare»",
                coordinate: try PictureSamples.c(start.latitude + 0.002, start.longitude + 0.003)),
            RunPicture.Place(
                dataset: "parks", name: "Parc d'Ébène",
                coordinate: try PictureSamples.c(start.latitude - 0.003, start.longitude + 0.001)),
        ]
        return RunPicture(
            title: "Corenc Running", analysis: analysis, units: .metric,
            timeZone: TimeZone(identifier: "Europe/Paris") ?? .gmt, places: places,
            attribution: "Track: sports-lib test data")
    }

    @Test func realRunFitsInsideTheMapWithAPinPerBadgePassed() throws {
        guard let picture = try Self.picture() else { return }
        let svg = SVGCollector()
        #expect(svg.parse(try #require(PictureSamples.svgParts(RunPictureRenderer.html(picture)).first)))
        let legs = svg.all("line", class: "leg")
        #expect(legs.count == picture.legs.count && legs.count > 400)
        for leg in legs {
            for (x, y) in [("x1", "y1"), ("x2", "y2")] {
                let px = try #require(leg.number(x))
                let py = try #require(leg.number(y))
                #expect(px >= MapSVG.margin - 0.1 && px <= MapSVG.width - MapSVG.margin + 0.1)
                #expect(py >= MapSVG.margin - 0.1 && py <= MapSVG.height - MapSVG.margin + 0.1)
            }
        }
        // The run is 4400 m (ORACLE.md, sports-lib), so it passes the badges from
        // Earth's Atmosphere (804.672 m) to Phobos (4023.36 m) of badges.txt: 5 pins; Earth (0 m)
        // is the start marker.
        #expect(svg.all("path", class: "pin").count == 5)
        #expect(picture.checkpoints.map(\.badge).last == "Phobos")
        #expect(picture.checkpoints.first?.badge == "Earth's Atmosphere")
        #expect(picture.figures.first?.label == "Date")
    }
}
