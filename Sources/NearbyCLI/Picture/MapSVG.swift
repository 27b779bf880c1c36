import NearbyGeo
import NearbyRuns

/// Draws the map of a ``RunPicture`` as one inline SVG: the backdrop (a light grid, or map
/// tiles), the route coloured by pace, nearby places, start and finish, badge pins with labels,
/// a scale bar, a north arrow and the tile attribution (the frame is ``MapFrame``).
struct MapSVG: Sendable {
    static let width = MapFrame.width
    static let height = MapFrame.height
    static let margin = MapFrame.margin
    /// Longest scale bar, pixels.
    static let scaleBarMaximum = MapFrame.scaleBarMaximum

    let picture: RunPicture
    let frame: MapFrame
    var projection: MapProjection { frame.projection }
    var scaleBar: ScaleBar { frame.scaleBar }

    init(_ picture: RunPicture) {
        self.picture = picture
        frame = MapFrame(fitting: picture.allCoordinates, backdrop: picture.backdrop, units: picture.units)
    }

    /// The whole `<svg>` element.
    func render() -> String {
        var out = frame.open(label: "Map of the run")
        out += route()
        out += places()
        out += ends()
        out += pins()
        out += frame.overlays()
        out += "</svg>"
        return out
    }

    /// A dark casing under the route (one polyline per unbroken stretch), then one line per leg.
    func route() -> String {
        guard !picture.legs.isEmpty else { return "" }
        let n = Markup.number
        var stretches: [[(x: Double, y: Double)]] = []
        var previous: Coordinate?
        for leg in picture.legs {
            if previous != leg.from || stretches.isEmpty { stretches.append([projection.point(leg.from)]) }
            stretches[stretches.count - 1].append(projection.point(leg.to))
            previous = leg.to
        }
        var out = "<g class=\"route-casing\" fill=\"none\" stroke=\"#26303A\" stroke-opacity=\"0.7\" "
        out += "stroke-width=\"8\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        for stretch in stretches {
            out += "<polyline points=\"" + stretch.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"/>"
        }
        out += "</g>\n<g class=\"route\" stroke-width=\"5\" stroke-linecap=\"round\">"
        for leg in picture.legs {
            let a = projection.point(leg.from)
            let b = projection.point(leg.to)
            out += "<line class=\"leg\" x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\" "
            out += "stroke=\"\(Self.safeColour(leg.colour))\"/>"
        }
        return out + "</g>\n"
    }

    /// One small symbol per place with its name as a tooltip.
    func places() -> String {
        guard !picture.places.isEmpty else { return "" }
        let styles = Dictionary(
            uniqueKeysWithValues: picture.datasets.enumerated().map { ($1, DatasetStyle(index: $0)) })
        var out = "<g class=\"places\">"
        for place in picture.places {
            let p = projection.point(place.coordinate)
            let style = styles[place.dataset] ?? DatasetStyle(index: 0)
            let tip = "<title>\(Markup.escape(place.name)) (\(Markup.escape(place.dataset)))</title>"
            out += style.symbol(x: p.x, y: p.y, r: 6.5, content: tip)
        }
        return out + "</g>\n"
    }

    /// Start (white disc) and finish (black disc) markers.
    func ends() -> String {
        let n = Markup.number
        var out = ""
        if let finish = picture.finish, picture.legs.count > 0 {
            let p = projection.point(finish)
            out += "<circle class=\"finish\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"7\" fill=\"#111111\" "
            out += "stroke=\"#FFFFFF\" stroke-width=\"2.5\"><title>Finish</title></circle>"
        }
        if let start = picture.start {
            let p = projection.point(start)
            out += "<circle class=\"start\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"7\" fill=\"#FFFFFF\" "
            out += "stroke=\"#111111\" stroke-width=\"3\"><title>Start</title></circle>"
        }
        return out.isEmpty ? "" : "<g class=\"ends\">" + out + "</g>\n"
    }

    /// Checkpoint pins, then their badge name labels placed clear of each other.
    func pins() -> String {
        guard !picture.checkpoints.isEmpty else { return "" }
        let n = Markup.number
        let heads = picture.checkpoints.map { checkpoint -> (x: Double, y: Double, tip: (x: Double, y: Double)) in
            let tip = projection.point(checkpoint.coordinate)
            return (tip.x, tip.y - 16, tip)
        }
        var obstacles = heads.map { LabelPlacer.Box(x: $0.x - 8, y: $0.y - 8, width: 16, height: 24) }
        // Place symbols and the start and finish markers stay visible beside the labels.
        let markers = picture.places.map(\.coordinate) + [picture.start, picture.finish].compactMap { $0 }
        obstacles += markers.map { coordinate in
            let p = projection.point(coordinate)
            return LabelPlacer.Box(x: p.x - 8, y: p.y - 8, width: 16, height: 16)
        }
        obstacles += frame.obstacles
        var placer = LabelPlacer(
            bounds: LabelPlacer.Box(x: 4, y: 4, width: Self.width - 8, height: Self.height - 8),
            obstacles: obstacles)
        var pinsOut = "<g class=\"pins\">"
        var labelsOut = "<g class=\"pin-labels\" font-size=\"12\" font-weight=\"600\">"
        for (checkpoint, head) in zip(picture.checkpoints, heads) {
            let name = Markup.escape(checkpoint.badge)
            let at = Markup.escape(picture.units.distance(checkpoint.distance))
            pinsOut += "<path class=\"pin\" d=\"\(Self.pinPath(tipX: head.tip.x, tipY: head.tip.y))\" "
            pinsOut += "fill=\"#4B2E83\" stroke=\"#FFFFFF\" stroke-width=\"1.5\"><title>\(name) at \(at)</title></path>"
            pinsOut += "<circle cx=\"\(n(head.x))\" cy=\"\(n(head.y))\" r=\"2.6\" fill=\"#FFFFFF\"/>"
            let width = Double(TextWidth.columns(checkpoint.badge)) * 7.6 + 18
            let box = placer.place(x: head.x, y: head.y, width: width, height: 20, gap: 10)
            let edgeX = box.x > head.x ? box.x : box.x + box.width
            labelsOut += "<line x1=\"\(n(head.x))\" y1=\"\(n(head.y))\" x2=\"\(n(edgeX))\" "
            labelsOut += "y2=\"\(n(box.y + box.height / 2))\" stroke=\"#4B2E83\" stroke-width=\"1.2\"/>"
            labelsOut += "<rect class=\"pin-label\" x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" "
            labelsOut += "height=\"\(n(box.height))\" rx=\"4\" fill=\"#FFFFFF\" fill-opacity=\"0.94\" "
            labelsOut += "stroke=\"#4B2E83\" stroke-width=\"1\"/>"
            labelsOut += "<text x=\"\(n(box.x + 8))\" y=\"\(n(box.y + 14.5))\" fill=\"#2A1A4F\">\(name)</text>"
        }
        return pinsOut + "</g>\n" + labelsOut + "</g>\n"
    }

    /// A teardrop pin whose point is at the tip and whose head is 16 px above it.
    static func pinPath(tipX: Double, tipY: Double) -> String {
        let n = Markup.number
        return "M\(n(tipX)) \(n(tipY)) L\(n(tipX - 6.2)) \(n(tipY - 12.5)) "
            + "A7.5 7.5 0 1 1 \(n(tipX + 6.2)) \(n(tipY - 12.5)) Z"
    }

    /// `colour` when it is "#RRGGBB", else grey: nothing else reaches an attribute unescaped.
    static func safeColour(_ colour: String) -> String {
        let hex = colour.utf8.dropFirst()
        let valid =
            colour.hasPrefix("#") && hex.count == 6
            && hex.allSatisfy { c in
                (48...57).contains(c) || (65...70).contains(c) || (97...102).contains(c)
            }
        return valid ? colour : "#808080"
    }
}
