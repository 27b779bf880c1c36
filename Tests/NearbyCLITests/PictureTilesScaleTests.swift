import Foundation
import NearbyGeo
import NearbyRuns
import Testing

@testable import NearbyCLI

/// Over tiles the picture uses the Web Mercator window, and its scale bar must still say what
/// the map does: the pixels per metre of a route of known geodesic length (GeographicLib, as in
/// ``PictureScaleTests``) equal the bar's within 1 %. (Along a meridian Web Mercator on the
/// ellipsoid stretches by N/M = 1.0055 at 25° relative to the parallel the bar is measured on.)
@Suite struct PictureTilesScaleTests {
    @Test(arguments: 0..<3) func scaleBarAgreesWithTheRouteOverTiles(_ index: Int) throws {
        let (name, a, b, metres) = PictureScaleTests.routes[index]
        let from = try PictureSamples.c(a.0, a.1)
        let to = try PictureSamples.c(b.0, b.1)
        let legs = [ColouredLeg(from: from, to: to, speed: nil, fraction: nil, colour: "#808080")]
        var picture = RunPicture(title: name, figures: [], legs: legs, paceScale: nil, units: .metric)
        picture.backdrop = .tiles([:], attribution: "test")
        let html = RunPictureRenderer.html(picture)
        let svg = SVGCollector()
        #expect(svg.parse(try #require(PictureSamples.svgParts(html).first)))
        #expect(svg.all("g", class: "tiles").count == 1 && svg.all("image").isEmpty)
        let leg = try #require(svg.all("line", class: "leg").first)
        let dx = try #require(leg.number("x2")) - (try #require(leg.number("x1")))
        let dy = try #require(leg.number("y2")) - (try #require(leg.number("y1")))
        let routePixelsPerMetre = (dx * dx + dy * dy).squareRoot() / metres
        let bar = try #require(svg.elements.first { $0.attributes["id"] == "scale-bar" })
        let barPixelsPerMetre = try #require(bar.number("width")) / (try #require(bar.number("data-metres")))
        #expect(abs(routePixelsPerMetre / barPixelsPerMetre - 1) < 0.01, "\(name)")
        // At a whole zoom the route fills at least half the usable box along one side
        // (704 × 504 px): one zoom deeper would not fit.
        #expect(abs(dx) >= 352 || abs(dy) >= 252)
        #expect(abs(dx) <= 704 && abs(dy) <= 504)
    }
}
