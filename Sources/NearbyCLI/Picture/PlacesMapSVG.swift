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
        var out = frame.open(label: "Map of the places near \(map.origin)")
        out += origin()
        out += markers()
        out += frame.overlays()
        return out + "</svg>"
    }

    /// The point: a dark ring around a white disc with a dark centre.
    func origin() -> String {
        let n = Markup.number
        let p = frame.projection.point(map.origin)
        var out = "<g class=\"origin\">"
        out += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"13\" fill=\"#FFFFFF\" fill-opacity=\"0.7\" "
        out += "stroke=\"#D7263D\" stroke-width=\"3\"/>"
        out += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"4.5\" fill=\"#D7263D\">"
        out += "<title>\(Markup.escape(map.origin.description))</title></circle>"
        return out + "</g>\n"
    }

    /// One numbered marker per place.
    func markers() -> String {
        guard !map.entries.isEmpty else { return "" }
        let n = Markup.number
        var out = "<g class=\"markers\" font-size=\"11\" font-weight=\"700\" text-anchor=\"middle\">"
        for entry in map.entries.reversed() {
            let p = frame.projection.point(entry.coordinate)
            let style = map.style(entry.dataset)
            let tip = "<title>\(entry.number). \(Markup.escape(entry.name)) (\(Markup.escape(entry.dataset)))</title>"
            out +=
                "<g class=\"marker\" data-number=\"\(entry.number)\" data-dataset=\"\(Markup.escape(entry.dataset))\">"
            out += style.symbol(x: p.x, y: p.y, r: 10.5, content: tip)
            out += "<text x=\"\(n(p.x))\" y=\"\(n(p.y + 4))\" fill=\"#FFFFFF\">\(entry.number)</text></g>"
        }
        return out + "</g>\n"
    }
}
