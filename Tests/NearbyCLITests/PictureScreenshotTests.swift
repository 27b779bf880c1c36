import Foundation
import NearbyGeo
import NearbyRuns
import Testing

@testable import NearbyCLI

/// Looks at the page as a person would: headless Chromium renders it and the pixels must show
/// the route's colours where the projection puts them. Runs only where
/// `chromium-headless-shell` (and python3, to decode the PNG) is installed.
@Suite(.enabled(if: ChromiumScreenshot.available)) struct PictureScreenshotTests {
    /// The map frame's top-left corner on the page (body padding in the page CSS).
    static let mapOrigin = (x: 16.0, y: 16.0)
    /// Where the last screenshot is kept for a person to look at.
    static var keptScreenshot: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nearby-picture-screenshot.png")
    }

    @Test func screenshotShowsTheRouteInItsPaceColoursWhereTheMapPutsThem() throws {
        let picture = try PictureSamples.lShaped
        let directory = try TestPaths.temporaryDirectory("picture")
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("run.html")
        try Data(RunPictureRenderer.html(picture).utf8).write(to: page)
        let png = directory.appendingPathComponent("run.png")
        try ChromiumScreenshot.capture(page, to: png)
        try? FileManager.default.removeItem(at: Self.keptScreenshot)
        try? FileManager.default.copyItem(at: png, to: Self.keptScreenshot)

        let image = try ChromiumPNG(png)
        #expect(image.width == 1200 && image.height == 800)
        let projection = MapSVG(picture).projection
        func screen(_ latitude: Double, _ longitude: Double) throws -> (Double, Double) {
            let p = projection.point(try PictureSamples.c(latitude, longitude))
            return (Self.mapOrigin.x + p.x, Self.mapOrigin.y + p.y)
        }
        // The slow eastward stretch is pure red on the map, the fast northward one pure green.
        for longitude in [121.503, 121.506, 121.515] {
            let (x, y) = try screen(25.040, longitude)
            #expect(image.has((255, 0, 0), near: x, y), "no red at \(x),\(y) (lon \(longitude))")
            #expect(!image.has((0, 255, 0), near: x, y, radius: 3, tolerance: 40))
        }
        for latitude in [25.0475, 25.0515] {
            let (x, y) = try screen(latitude, 121.520)
            #expect(image.has((0, 255, 0), near: x, y), "no green at \(x),\(y) (lat \(latitude))")
            #expect(!image.has((255, 0, 0), near: x, y, radius: 3, tolerance: 40))
        }
        // Off the route, the map's background shows (no route colour 30 px south of it).
        let (bx, by) = try screen(25.040, 121.506)
        #expect(!image.has((255, 0, 0), near: bx, by + 30, radius: 3, tolerance: 40))
        // A real page, not a blank one: many colours, a fair amount of red and green route,
        // the white side panel and the dark north arrow.
        #expect(image.distinctColours > 60)
        #expect(image.count((255, 0, 0)) > 1500)
        #expect(image.count((0, 255, 0)) > 1000)
        #expect(image.has((255, 255, 255), near: 1000, 300, radius: 0, tolerance: 2))
        // The north arrow's dark half: x from 764 to 773 px in the map, y from 32 to 66.
        #expect(image.has((0x22, 0x22, 0x22), near: Self.mapOrigin.x + 767, Self.mapOrigin.y + 56, radius: 2))
    }
}

extension PictureScreenshotTests {
    /// A real run (when ../shared is here): the page is not blank and shows the route's colours.
    @Test func screenshotOfARealRunShowsTheRoute() throws {
        guard let picture = try PictureRealRunTests.picture() else { return }
        let directory = try TestPaths.temporaryDirectory("picture-real")
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("run.html")
        try Data(RunPictureRenderer.html(picture).utf8).write(to: page)
        let png = directory.appendingPathComponent("run.png")
        try ChromiumScreenshot.capture(page, to: png)
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-picture-real.png")
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(at: png, to: kept)
        let image = try ChromiumPNG(png)
        #expect(image.distinctColours > 60)
        // The ends of the pace scale (5th and 95th percentiles) are clamped, so pure red and pure
        // green legs exist; each draws a few hundred pixels at least.
        #expect(image.count((255, 0, 0), tolerance: 12) > 100)
        #expect(image.count((0, 255, 0), tolerance: 12) > 100)
    }
}
