/// Renders a ``RunPicture`` as one self-contained HTML page.
///
/// The page holds inline SVG and CSS only: no scripts, external fonts, links or URLs (apart from
/// whatever the attribution text itself says); map tiles, when asked for, are embedded as `data:`
/// URIs. So it opens offline and makes no network request. All text is escaped.
enum RunPictureRenderer {
    /// The complete HTML document.
    static func html(_ picture: RunPicture) -> String {
        let map = MapSVG(picture)
        let title = Markup.escape(picture.title)
        var figures = ""
        for figure in picture.figures {
            figures += "<dt>\(Markup.escape(figure.label))</dt><dd>\(Markup.escape(figure.value))</dd>\n"
        }
        let attribution =
            picture.attribution.isEmpty
            ? "" : "<p class=\"attribution\">\(Markup.escape(picture.attribution))</p>\n"
        return PageShell.page(
            title: title, style: style, map: map.render(), attribution: attribution,
            panel: "<h1>\(title)</h1>\n<dl class=\"figures\">\n\(figures)</dl>\n<h2>Legend</h2>\n"
                + LegendMarkup(picture: picture).render())
    }

    /// Page CSS: the map left (fixed 800 × 600 at 16 px from the top left), the panel right.
    static let style = """
        * { box-sizing: border-box; }
        body { margin: 0; background: #E9EAE6; color: #1E2328;
          font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK TC", sans-serif; }
        .page { display: grid; grid-template-columns: 800px minmax(260px, 340px); gap: 20px;
          padding: 16px; align-items: start; }
        .frame { width: 800px; height: 600px; border-radius: 8px; overflow: hidden;
          box-shadow: 0 1px 4px rgba(0,0,0,0.25); background: #F1F3EE; }
        .map-svg { display: block; font-family: inherit; }
        .attribution { margin: 8px 2px 0; font-size: 12px; color: #5A6168; max-width: 800px; }
        .panel { background: #FFFFFF; border-radius: 8px; padding: 18px 20px;
          box-shadow: 0 1px 4px rgba(0,0,0,0.18); }
        h1 { font-size: 20px; margin: 0 0 14px; line-height: 1.25; overflow-wrap: anywhere; }
        h2 { font-size: 14px; text-transform: uppercase; letter-spacing: 0.06em; color: #5A6168;
          margin: 20px 0 10px; }
        .figures { display: grid; grid-template-columns: max-content 1fr; gap: 7px 14px; margin: 0;
          font-size: 14px; }
        .figures dt { color: #5A6168; }
        .figures dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
        .legend { list-style: none; margin: 0; padding: 0; font-size: 13px; }
        .legend li { display: flex; align-items: center; gap: 8px; margin: 6px 0; }
        .legend li.pace { display: block; margin-bottom: 12px; }
        .legend .gradient { display: block; margin: 4px 0 3px; }
        .pace-title { font-weight: 600; }
        .pace-ends { display: flex; justify-content: space-between; width: 240px; font-size: 12px; }
        .note { font-size: 11px; color: #5A6168; margin-top: 2px; }
        .icon { flex: none; }
        @media (max-width: 1180px) { .page { grid-template-columns: 800px; } }
        """
}
