import Foundation
import NearbyOutput
import NearbyFeeds
import NearbyGeo
import NearbyRuns

/// The parts every map page shares, whatever it shows: the projection, the background (plain
/// with a grid, or embedded tiles), the scale bar, the north arrow and the tile attribution.
struct MapFrame: Sendable {
    static let width = 800.0
    static let height = 600.0
    static let margin = 48.0
    /// Longest scale bar, pixels.
    static let scaleBarMaximum = 180.0

    let backdrop: MapBackdrop
    let projection: MapProjection
    let scaleBar: ScaleBar

    init(fitting coordinates: [Coordinate], backdrop: MapBackdrop, units: Units) {
        self.backdrop = backdrop
        projection = MapProjection(
            for: backdrop, fitting: coordinates, width: Self.width, height: Self.height, margin: Self.margin)
        scaleBar = ScaleBar(
            pixelsPerMetre: projection.pixelsPerMetre, maximumPixels: Self.scaleBarMaximum, units: units)
    }

    /// The opening `<svg>` tag and the background: plain colour, the grid, then any tiles.
    func open(label: String) -> String {
        let w = Markup.number(Self.width)
        let h = Markup.number(Self.height)
        var out = """
            <svg class="map-svg" width="\(w)" height="\(h)" \
            viewBox="0 0 \(w) \(h)" role="img" aria-label="\(Markup.escape(label))">
            <rect x="0" y="0" width="\(w)" height="\(h)" fill="#F1F3EE"/>

            """
        // The grid shows wherever a tile is missing; the tiles cover it everywhere else.
        out += grid()
        if case .tiles(let images, _) = backdrop, case .mercator(let view) = projection {
            out += tiles(images, view: view)
        }
        return out
    }

    /// Tile images at their own 256 pixels (no smoothing between tiles), then a light veil so the
    /// route and the symbols stand out.
    func tiles(_ images: [TileID: TileImage], view: WebMercator.View) -> String {
        let n = Markup.number
        var out = "<g class=\"tiles\" data-zoom=\"\(view.zoom)\">"
        for placed in view.tiles {
            guard let image = images[placed.tile] else { continue }
            out += "<image class=\"tile\" data-tile=\"\(placed.tile)\" x=\"\(n(placed.x))\" y=\"\(n(placed.y))\" "
            out += "width=\"256\" height=\"256\" preserveAspectRatio=\"none\" href=\"\(image.dataURI)\"/>"
        }
        out += "</g>\n<rect class=\"veil\" x=\"0\" y=\"0\" width=\"\(n(Self.width))\" height=\"\(n(Self.height))\" "
        return out + "fill=\"#FFFFFF\" fill-opacity=\"0.18\"/>\n"
    }

    /// Light grid lines one scale-bar length apart (doubled until at least 40 px).
    func grid() -> String {
        var spacing = scaleBar.pixels
        guard spacing.isFinite, spacing > 0 else { return "" }
        while spacing < 40 { spacing *= 2 }
        let n = Markup.number
        var out = "<g class=\"grid\" stroke=\"#DDE2D8\" stroke-width=\"1\">"
        let cx = Self.width / 2
        let cy = Self.height / 2
        var k = -Int((cx / spacing).rounded(.up))
        while Double(k) * spacing + cx <= Self.width {
            let x = cx + Double(k) * spacing
            if x >= 0 { out += "<line x1=\"\(n(x))\" y1=\"0\" x2=\"\(n(x))\" y2=\"\(n(Self.height))\"/>" }
            k += 1
        }
        k = -Int((cy / spacing).rounded(.up))
        while Double(k) * spacing + cy <= Self.height {
            let y = cy + Double(k) * spacing
            if y >= 0 { out += "<line x1=\"0\" y1=\"\(n(y))\" x2=\"\(n(Self.width))\" y2=\"\(n(y))\"/>" }
            k += 1
        }
        return out + "</g>\n"
    }

    /// The scale bar, the north arrow and the tile attribution, drawn over everything else.
    func overlays() -> String {
        scaleBarMarkup() + northArrow() + attributionMarkup()
    }

    /// Boxes that labels must keep clear of.
    var obstacles: [LabelPlacer.Box] {
        [Self.northArrowBox, scaleBarBox] + (attributionBox.map { [$0] } ?? [])
    }

    var scaleBarBox: LabelPlacer.Box {
        LabelPlacer.Box(x: 12, y: Self.height - 52, width: scaleBar.pixels + 28, height: 40)
    }

    /// A two-tone bar of a round length, bottom left, with its label above.
    func scaleBarMarkup() -> String {
        let n = Markup.number
        let box = scaleBarBox
        let x = box.x + 14
        let y = box.y + 26
        let half = scaleBar.pixels / 2
        var out = "<g class=\"scale\" font-size=\"12\">"
        out += "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" "
        out += "rx=\"5\" fill=\"#FFFFFF\" fill-opacity=\"0.88\"/>"
        out += "<rect id=\"scale-bar\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(Self.precise(scaleBar.pixels))\" "
        out += "height=\"6\" fill=\"#FFFFFF\" stroke=\"#222222\" stroke-width=\"1\" "
        out += "data-metres=\"\(Self.precise(scaleBar.metres))\"/>"
        out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(half))\" height=\"6\" fill=\"#222222\"/>"
        out += "<text x=\"\(n(x))\" y=\"\(n(y - 5))\" fill=\"#222222\">\(Markup.escape(scaleBar.label))</text>"
        return out + "</g>\n"
    }

    static let northArrowBox = LabelPlacer.Box(x: width - 60, y: 10, width: 48, height: 62)

    /// An arrow pointing up with an N above it, top right.
    func northArrow() -> String {
        let n = Markup.number
        let box = Self.northArrowBox
        let cx = box.x + box.width / 2
        let top = box.y + 22
        var out = "<g class=\"north-arrow\">"
        out += "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" "
        out += "rx=\"6\" fill=\"#FFFFFF\" fill-opacity=\"0.88\"/>"
        out += "<text x=\"\(n(cx))\" y=\"\(n(box.y + 17))\" text-anchor=\"middle\" font-size=\"14\" "
        out += "font-weight=\"700\" fill=\"#222222\">N</text>"
        out +=
            "<polygon points=\"\(n(cx)),\(n(top)) \(n(cx + 9)),\(n(top + 34)) \(n(cx)),\(n(top + 26))\" fill=\"#222222\"/>"
        out += "<polygon points=\"\(n(cx)),\(n(top)) \(n(cx - 9)),\(n(top + 34)) \(n(cx)),\(n(top + 26))\" "
        out += "fill=\"#FFFFFF\" stroke=\"#222222\" stroke-width=\"1\"/>"
        return out + "</g>\n"
    }

    /// The width of the tile attribution's text at 11 px (about 6.1 px a column), at most the
    /// space right of the scale bar.
    private var attributionWidth: Double? {
        guard let text = backdrop.attribution else { return nil }
        let room = Self.width - scaleBarBox.width - 40
        return Swift.min(Double(TextWidth.columns(text)) * 6.1 + 12, room)
    }

    /// The tile attribution's box, bottom right.
    var attributionBox: LabelPlacer.Box? {
        attributionWidth.map { LabelPlacer.Box(x: Self.width - $0, y: Self.height - 18, width: $0, height: 18) }
    }

    /// The tile attribution in a pale box in the bottom-right corner (the tile servers' terms
    /// ask for it on the map itself).
    func attributionMarkup() -> String {
        guard let text = backdrop.attribution, let box = attributionBox else { return "" }
        let n = Markup.number
        let natural = Double(TextWidth.columns(text)) * 6.1
        let squeeze =
            natural + 12 > box.width
            ? " textLength=\"\(n(box.width - 12))\" lengthAdjust=\"spacingAndGlyphs\"" : ""
        var out = "<g class=\"tile-attribution\" font-size=\"11\">"
        out += "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" "
        out += "fill=\"#FFFFFF\" fill-opacity=\"0.85\"/>"
        out += "<text x=\"\(n(box.x + 6))\" y=\"\(n(box.y + 13))\" fill=\"#333333\"\(squeeze)>"
        return out + Markup.escape(text) + "</text></g>\n"
    }

    /// A number with enough digits for tests to check the scale (up to 4 decimals; ``NumberText``),
    /// "0" when not finite.
    static func precise(_ value: Double) -> String { NumberText.decimal(value, maxFractionDigits: 4) ?? "0" }
}
