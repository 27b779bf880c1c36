import Foundation
import NearbyGeo
import NearbyRuns
import Testing

@testable import NearbyCLI

/// The scale bar must say what the projection does: the pixels a route of known geodesic length
/// takes on the map, per metre, equal the bar's pixels per metre within 1 %.
@Suite struct PictureScaleTests {
    /// Geodesic lengths from GeographicLib:
    /// `printf "25.03 121.50 25.05 121.53\n25.00 121.50 25.06 121.50\n25.04 121.48 25.04 121.56\n"
    ///  | GeodSolve -i -p 6` → 3751.558596, 6646.399984, 8073.390518 m.
    static let routes: [(String, (Double, Double), (Double, Double), Double)] = [
        ("diagonal", (25.03, 121.50), (25.05, 121.53), 3751.558596),
        ("meridian", (25.00, 121.50), (25.06, 121.50), 6646.399984),
        ("parallel", (25.04, 121.48), (25.04, 121.56), 8073.390518),
    ]

    @Test(arguments: 0..<3) func scaleBarAgreesWithTheProjectedRoute(_ index: Int) throws {
        let (name, a, b, metres) = Self.routes[index]
        let from = try PictureSamples.c(a.0, a.1)
        let to = try PictureSamples.c(b.0, b.1)
        let legs = [ColouredLeg(from: from, to: to, speed: nil, fraction: nil, colour: "#808080")]
        let picture = RunPicture(title: name, figures: [], legs: legs, paceScale: nil, units: .metric)
        let parts = PictureSamples.svgParts(RunPictureRenderer.html(picture))
        let svg = SVGCollector()
        #expect(svg.parse(try #require(parts.first)))
        let leg = try #require(svg.all("line", class: "leg").first)
        let dx = try #require(leg.number("x2")) - (try #require(leg.number("x1")))
        let dy = try #require(leg.number("y2")) - (try #require(leg.number("y1")))
        let routePixelsPerMetre = (dx * dx + dy * dy).squareRoot() / metres
        let bar = try #require(svg.elements.first { $0.attributes["id"] == "scale-bar" })
        let barPixelsPerMetre = try #require(bar.number("width")) / (try #require(bar.number("data-metres")))
        let relative = abs(routePixelsPerMetre / barPixelsPerMetre - 1)
        #expect(relative < 0.01, "\(name): route \(routePixelsPerMetre) px/m, bar \(barPixelsPerMetre) px/m")
        // The route fills the map less its margin along its longer side (fitted, not tiny).
        #expect(max(abs(dx), abs(dy)) > 400)
    }

    /// Round lengths worked by hand: at 0.5 px/m a 180 px bar holds 360 m, so 200 m (100 px);
    /// at 0.1 px/m it holds 1800 m: 1 mi = 1609.344 m (160.9 px) in imperial, 1 km in metric.
    @Test func scaleBarPicksTheLongestRoundLengthThatFits() {
        let a = ScaleBar(pixelsPerMetre: 0.5, maximumPixels: 180, units: .metric)
        #expect(a.metres == 200 && a.label == "200 m" && abs(a.pixels - 100) < 1e-9)
        let b = ScaleBar(pixelsPerMetre: 0.1, maximumPixels: 180, units: .imperial)
        #expect(b.label == "1 mi" && abs(b.pixels - 160.9344) < 1e-9)
        let c = ScaleBar(pixelsPerMetre: 0.1, maximumPixels: 180, units: .metric)
        #expect(c.label == "1 km" && abs(c.pixels - 100) < 1e-9)
        let d = ScaleBar(pixelsPerMetre: 0.03, maximumPixels: 180, units: .imperial)
        // 1800 ft = 548.6 m fits (16.5 px), 0.5 mi = 804.7 m → 24.1 px … 2 mi = 3218.7 m → 96.6 px,
        // 5 mi = 8046.7 m → 241 px does not.
        #expect(d.label == "2 mi")
    }
}
