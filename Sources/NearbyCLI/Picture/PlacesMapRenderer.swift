import NearbyGeo

/// Renders a ``PlacesMap`` as one self-contained HTML page: the map left, the numbered list,
/// the legend and the credits right.
///
/// Like the run picture it holds inline SVG and CSS only (tiles as `data:` URIs), so opening it
/// fetches nothing; the only URLs are the list's `geo:` and OpenStreetMap links, followed only
/// when clicked. All text is escaped.
enum PlacesMapRenderer {
    /// The complete HTML document.
    static func html(_ map: PlacesMap) -> String {
        let svg = PlacesMapSVG(map)
        let title = Markup.escape(map.title)
        let attribution =
            map.attribution.isEmpty ? "" : "<p class=\"attribution\">\(Markup.escape(map.attribution))</p>\n"
        let empty = map.entries.isEmpty ? "<p class=\"note\">No places matched.</p>\n" : ""
        return PageShell.page(
            title: title, style: "\(RunPictureRenderer.style)\n\(style)", map: svg.render(), attribution: attribution,
            panel: "<h1>\(title)</h1>\n\(legend(map))<h2>Places</h2>\n\(empty)\(list(map))")
    }

    /// The point and one symbol per dataset with its count.
    static func legend(_ map: PlacesMap) -> String {
        var out = "<ul class=\"legend\">\n<li>"
        out += "<svg class=\"icon\" width=\"22\" height=\"22\" viewBox=\"0 0 22 22\">"
        out += "<circle cx=\"11\" cy=\"11\" r=\"8\" fill=\"#FFFFFF\" stroke=\"#D7263D\" stroke-width=\"2.5\"/>"
        out += "<circle cx=\"11\" cy=\"11\" r=\"3\" fill=\"#D7263D\"/></svg>"
        out += "<span>The point, \(Markup.escape(map.originText))</span></li>\n"
        for dataset in map.datasets {
            let count = map.entries.filter { $0.dataset == dataset }.count
            out += "<li data-dataset=\"\(Markup.escape(dataset))\">"
            out += "<svg class=\"icon\" width=\"22\" height=\"22\" viewBox=\"0 0 22 22\">"
            out += map.style(dataset).symbol(x: 11, y: 11, r: 7) + "</svg>"
            out += "<span>\(Markup.escape(dataset)) (\(count))</span></li>\n"
        }
        return out + "</ul>\n"
    }

    /// The numbered list: name, dataset, distance and bearing, address, links.
    static func list(_ map: PlacesMap) -> String {
        guard !map.entries.isEmpty else { return "" }
        var out = "<ol class=\"places\">\n"
        for entry in map.entries {
            let style = map.style(entry.dataset)
            let way = entry.compass.isEmpty ? entry.distance : "\(entry.distance) \(entry.compass)"
            out += "<li id=\"place-\(entry.number)\" data-dataset=\"\(Markup.escape(entry.dataset))\">"
            out += "<span class=\"number\" style=\"background:\(MapSVG.safeColour(style.colour))\">"
            out += "\(entry.number)</span><div class=\"about\">"
            out += "<div class=\"name\">\(Markup.escape(entry.name))</div>"
            out += "<div class=\"way\">\(Markup.escape(way)) · \(Markup.escape(entry.dataset))</div>"
            if let walk = entry.walk { out += "<div class=\"walk\">\(Markup.escape(walk))</div>" }
            if let address = entry.address, !address.isEmpty {
                out += "<div class=\"address\">\(Markup.escape(address))</div>"
            }
            let geo = Markup.escape(entry.coordinate.geoURI)
            let osm = Markup.escape(ShowCommand.osmURL(entry.coordinate))
            out += "<div class=\"links\"><a href=\"\(geo)\">\(geo)</a> · <a href=\"\(osm)\">OpenStreetMap</a></div>"
            out += "</div></li>\n"
        }
        return out + "</ol>\n"
    }

    /// CSS added to the run picture's.
    static let style = """
        .places { list-style: none; margin: 0; padding: 0; font-size: 13px; }
        .places li { display: flex; gap: 10px; align-items: flex-start; padding: 7px 0;
          border-top: 1px solid #ECEEEA; }
        .places .number { flex: none; width: 22px; height: 22px; border-radius: 11px; color: #FFFFFF;
          font-weight: 700; font-size: 11px; display: flex; align-items: center; justify-content: center; }
        .places .name { font-weight: 600; overflow-wrap: anywhere; }
        .places .way { color: #3A4148; font-variant-numeric: tabular-nums; }
        .places .walk { color: #1B3A2A; font-weight: 600; font-variant-numeric: tabular-nums; }
        .places .address, .places .links { color: #5A6168; font-size: 12px; overflow-wrap: anywhere; }
        .places a { color: #1F5FD6; text-decoration: none; }
        """
}
