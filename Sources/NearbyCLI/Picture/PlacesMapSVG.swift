import Foundation
import NearbyGeo

/// Draws the map of a ``PlacesMap`` as one inline SVG on the shared ``MapFrame``: the point as
/// a ringed target, each place as a marker in its dataset's colour and shape with its number,
/// the farthest drawn first so the nearest lie on top.
struct PlacesMapSVG: Sendable {
    let map: PlacesMap
    let frame: MapFrame

    init(_ map: PlacesMap) {
        self.map = map
        frame = MapFrame(fitting: map.allCoordinates, backdrop: map.backdrop, units: map.units)
    }

    /// The whole `<svg>` element.
    func render() -> String {
        var out = frame.open(label: "Map of the places near \(map.originText)")
        out += walks()
        out += origin()
        out += markers()
        out += frame.overlays()
        return out + "</svg>"
    }

    /// Each walk (with `--walk`) as a line in its dataset's colour over a light casing, the
    /// farthest drawn first.
    func walks() -> String {
        let drawn = map.entries.filter { $0.walkPath.count > 1 }
        guard !drawn.isEmpty else { return "" }
        let n = Markup.number
        var out = "<g class=\"walks\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        for entry in drawn.reversed() {
            let points = entry.walkPath.map { frame.projection.point($0) }.map { "\(n($0.x)),\(n($0.y))" }
                .joined(separator: " ")
            let colour = MapSVG.safeColour(map.style(entry.dataset).colour)
            out += "<g class=\"walk\" data-number=\"\(entry.number)\">"
            out += "<polyline points=\"\(points)\" stroke=\"#FFFFFF\" stroke-opacity=\"0.85\" stroke-width=\"7\"/>"
            out += "<polyline points=\"\(points)\" stroke=\"\(colour)\" stroke-width=\"3.5\" stroke-dasharray=\"8 5\">"
            out += "<title>\(entry.number). \(Markup.escape(entry.walk ?? ""))</title></polyline></g>"
        }
        return out + "</g>\n"
    }

    /// The point: a dark ring around a white disc with a dark centre.
    func origin() -> String {
        let n = Markup.number
        let p = frame.projection.point(map.origin)
        var out = "<g class=\"origin\">"
        out += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"13\" fill=\"#FFFFFF\" fill-opacity=\"0.7\" "
        out += "stroke=\"#D7263D\" stroke-width=\"3\"/>"
        out += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"4.5\" fill=\"#D7263D\">"
        out += "<title>\(Markup.escape(map.originText))</title></circle>"
        return out + "</g>\n"
    }

    /// Where each marker is drawn: at its place, or, when that would cover a marker already
    /// placed (nearer ones first) or the point, on the nearest free spot of rings 24, 48 and 72 px
    /// around it (eight directions each), joined to its place by a leader line.
    func layout() -> [(entry: PlacesMap.Entry, place: (x: Double, y: Double), marker: (x: Double, y: Double))] {
        let spacing = 24.0
        var taken = [frame.projection.point(map.origin)]
        var result: [(PlacesMap.Entry, (x: Double, y: Double), (x: Double, y: Double))] = []
        for entry in map.entries {
            let p = frame.projection.point(entry.coordinate)
            var candidates = [p]
            for ring in 1...3 {
                for step in 0..<8 {
                    let angle = Double(step) * .pi / 4 - .pi / 2
                    let r = Double(ring) * spacing
                    candidates.append((p.x + r * cos(angle), p.y + r * sin(angle)))
                }
            }
            let free = candidates.first { c in
                c.x >= 14 && c.x <= MapFrame.width - 14 && c.y >= 14 && c.y <= MapFrame.height - 14
                    && taken.allSatisfy { t in
                        (t.x - c.x) * (t.x - c.x) + (t.y - c.y) * (t.y - c.y) >= spacing * spacing
                    }
            }
            let chosen = free ?? p
            taken.append(chosen)
            result.append((entry, p, chosen))
        }
        return result
    }

    /// One numbered marker per place, the farthest drawn first; a moved marker has a leader line
    /// and a small dot at its place.
    func markers() -> String {
        guard !map.entries.isEmpty else { return "" }
        let n = Markup.number
        let laid = layout()
        var out = ""
        let moved = laid.filter { $0.place.x != $0.marker.x || $0.place.y != $0.marker.y }
        if !moved.isEmpty {
            out += "<g class=\"leaders\" stroke=\"#26303A\" stroke-width=\"1.5\">"
            for item in moved {
                out += "<line x1=\"\(n(item.place.x))\" y1=\"\(n(item.place.y))\" "
                out += "x2=\"\(n(item.marker.x))\" y2=\"\(n(item.marker.y))\"/>"
                out += "<circle cx=\"\(n(item.place.x))\" cy=\"\(n(item.place.y))\" r=\"2.5\" fill=\"#26303A\"/>"
            }
            out += "</g>\n"
        }
        out += "<g class=\"markers\" font-size=\"12\" font-weight=\"700\" text-anchor=\"middle\">"
        for item in laid.reversed() {
            let entry = item.entry
            let p = item.marker
            let style = map.style(entry.dataset)
            let tip = "<title>\(entry.number). \(Markup.escape(entry.name)) (\(Markup.escape(entry.dataset)))</title>"
            out +=
                "<g class=\"marker\" data-number=\"\(entry.number)\" data-dataset=\"\(Markup.escape(entry.dataset))\">"
            out += style.symbol(x: p.x, y: p.y, r: 11.5, content: tip)
            out += "<text x=\"\(n(p.x))\" y=\"\(n(p.y + 4))\" fill=\"#FFFFFF\">\(entry.number)</text></g>"
        }
        return out + "</g>\n"
    }
}
