import Foundation
import NearbyGeo
import NearbyRuns
import Testing

@testable import NearbyCLI

@Suite struct PictureTests {
    let picture: RunPicture

    init() throws { picture = try PictureSamples.lShaped }

    /// The map SVG of `picture`, parsed.
    func map(_ picture: RunPicture) throws -> SVGCollector {
        let parts = PictureSamples.svgParts(RunPictureRenderer.html(picture))
        let first = try #require(parts.first)
        let collector = SVGCollector()
        #expect(collector.parse(first), "map SVG is not well-formed: \(String(describing: collector.error))")
        return collector
    }

    @Test func everySVGPartParsesAsXML() throws {
        let parts = PictureSamples.svgParts(RunPictureRenderer.html(picture))
        // The map, the pace gradient and four legend icons (start/finish, pin, two datasets).
        #expect(parts.count == 6)
        for part in parts {
            let collector = SVGCollector()
            #expect(collector.parse(part), "\(String(describing: collector.error)): \(part.prefix(120))")
        }
    }

    @Test func oneLineperLegInItsColourWithRoundCaps() throws {
        let svg = try map(picture)
        let legs = svg.all("line", class: "leg")
        #expect(legs.count == picture.legs.count)
        #expect(legs.prefix(20).allSatisfy { $0.attributes["stroke"] == "#FF0000" })
        #expect(legs.suffix(20).allSatisfy { $0.attributes["stroke"] == "#00FF00" })
        let group = try #require(svg.all("g", class: "route").first)
        #expect(group.attributes["stroke-linecap"] == "round")
    }

    @Test func northIsUpAndEastIsRight() throws {
        let legs = try map(picture).all("line", class: "leg")
        let eastward = try #require(legs.first)
        let northward = try #require(legs.last)
        // Going east: x grows, y constant. Going north: y shrinks (SVG y points down), x constant.
        #expect(try #require(eastward.number("x2")) > (try #require(eastward.number("x1"))))
        #expect(eastward.number("y1") == eastward.number("y2"))
        #expect(try #require(northward.number("y2")) < (try #require(northward.number("y1"))))
        #expect(northward.number("x1") == northward.number("x2"))
    }

    @Test func onePinPerCheckpointWithItsNameEscaped() throws {
        let svg = try map(picture)
        #expect(svg.all("path", class: "pin").count == picture.checkpoints.count)
        let labels = svg.elements.filter { $0.name == "text" }.map(\.text)
        for checkpoint in picture.checkpoints {
            #expect(labels.contains(checkpoint.badge), "no label \(checkpoint.badge)")
        }
        let html = RunPictureRenderer.html(picture)
        #expect(html.contains("Mars &amp; &lt;Phobos&gt;"))
        #expect(html.contains("Saturn&#39;s rings"))
        #expect(html.contains("<h1>Morning run &lt;river&gt; &amp; &quot;bridges&quot; 河濱</h1>"))
        #expect(!html.contains("<Phobos>") && !html.contains("<river>") && !html.contains("<B>"))
    }

    @Test func pinLabelsDoNotOverlapEvenWhenPinsCoincide() throws {
        var crowded = picture
        crowded.checkpoints = try (1...6).map {
            .init(
                badge: "Badge number \($0)", distance: Double($0) * 100,
                coordinate: try PictureSamples.c(25.045, 121.51))
        }
        let boxes = try map(crowded).all("rect", class: "pin-label").map { e in
            (
                try #require(e.number("x")), try #require(e.number("y")),
                try #require(e.number("width")), try #require(e.number("height"))
            )
        }
        #expect(boxes.count == 6)
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let (a, b) = (boxes[i], boxes[j])
                let apart = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1
                #expect(apart, "labels \(i) and \(j) overlap: \(a) \(b)")
            }
        }
    }

    @Test func placesHaveATooltipAndOneColourPerDataset() throws {
        let svg = try map(picture)
        let titles = svg.elements.filter { $0.name == "title" }.map(\.text)
        #expect(titles.contains("公廁 \"A\" & <B> (toilets)"))
        #expect(titles.contains("大安森林公園 (parks)"))
        let places = svg.elements.filter { ["circle", "rect", "polygon"].contains($0.name) && $0.text.hasSuffix(")") }
        #expect(places.count == 4)
        let toilets = Set(places.filter { $0.text.hasSuffix("(toilets)") }.compactMap { $0.attributes["fill"] })
        let parks = Set(places.filter { $0.text.hasSuffix("(parks)") }.compactMap { $0.attributes["fill"] })
        #expect(toilets.count == 1 && parks.count == 1 && toilets != parks)
        let html = RunPictureRenderer.html(picture)
        #expect(html.contains("data-dataset=\"toilets\"") && html.contains("data-dataset=\"parks\""))
    }

    @Test func legendShowsTheSlowAndFastPacesOfTheScale() {
        let html = RunPictureRenderer.html(picture)
        // 2.5 m/s = 400 s/km = 6:40 /km; 4 m/s = 250 s/km = 4:10 /km (by hand).
        #expect(html.contains("slower · 6:40 /km"))
        #expect(html.contains("4:10 /km · faster"))
        #expect(html.contains("<dt>Average pace</dt><dd>5:13 /km</dd>"))
    }

    @Test func pageMakesNoNetworkReference() {
        let html = RunPictureRenderer.html(picture)
        let withoutAttribution = html.replacingOccurrences(of: Markup.escape(picture.attribution), with: "")
        #expect(html.contains("https://data.taipei/"))
        #expect(!withoutAttribution.lowercased().contains("http"))
        for banned in ["<script", "<link", "<img", "<iframe", "<object", "src=", "@import", "href"] {
            #expect(!html.lowercased().contains(banned), "page contains \(banned)")
        }
        let urls = html.components(separatedBy: "url(").dropFirst()
        #expect(urls.allSatisfy { $0.hasPrefix("#") }, "url() other than a local fragment")
    }

    @Test func singlePointRunAndEmptyPictureRenderFinite() throws {
        let here = try PictureSamples.c(25.0478, 121.5170)
        let single = RunPicture(
            title: "One fix", figures: [], legs: [], paceScale: nil, units: .imperial, start: here, finish: here)
        let empty = RunPicture(title: "", figures: [], legs: [], paceScale: nil, units: .metric)
        for picture in [single, empty] {
            let html = RunPictureRenderer.html(picture)
            let lower = html.lowercased()
            #expect(!lower.contains("nan") && !lower.contains("inf"))
            let svg = try map(picture)
            #expect(svg.all("line", class: "leg").isEmpty)
            let bar = try #require(svg.elements.first { $0.attributes["id"] == "scale-bar" })
            let width = try #require(bar.number("width"))
            #expect(width > 0 && width <= MapSVG.scaleBarMaximum)
            #expect(html.contains("no times in this run"))
        }
        let start = try #require(try map(single).all("circle", class: "start").first)
        // A lone point sits in the middle of the 800 × 600 map.
        #expect(start.number("cx") == 400 && start.number("cy") == 300)
    }

    @Test func escapingDropsControlCharactersAndKeepsCJK() {
        #expect(Markup.escape("a\u{1}b\u{7F}c & 台北 <\"'>") == "abc &amp; 台北 &lt;&quot;&#39;&gt;")
        #expect(MapSVG.safeColour("#12aBeF") == "#12aBeF")
        #expect(MapSVG.safeColour("red\" onload=\"x") == "#808080")
    }
}
