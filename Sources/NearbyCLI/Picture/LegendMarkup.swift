import NearbyRuns

/// The legend of the side panel: pace gradient with the slow and fast paces, start and finish,
/// the checkpoint pin, and one symbol per dataset with its count of places.
struct LegendMarkup: Sendable {
    let picture: RunPicture

    func render() -> String {
        var out = "<ul class=\"legend\">\n"
        out += "<li class=\"pace\">" + paceScale() + "</li>\n"
        out += item(icon: startFinishIcon(), text: "Start and finish")
        out += item(icon: pinIcon(), text: "Badge checkpoint")
        for (index, dataset) in picture.datasets.enumerated() {
            let count = picture.places.filter { $0.dataset == dataset }.count
            let icon = icon(DatasetStyle(index: index).symbol(x: 11, y: 11, r: 5.5))
            out += item(icon: icon, text: "\(dataset) (\(count))", dataset: dataset)
        }
        return out + "</ul>\n"
    }

    private func item(icon: String, text: String, dataset: String? = nil) -> String {
        let attribute = dataset.map { " data-dataset=\"\(Markup.escape($0))\"" } ?? ""
        return "<li\(attribute)>\(icon)<span>\(Markup.escape(text))</span></li>\n"
    }

    private func icon(_ body: String) -> String {
        "<svg class=\"icon\" width=\"22\" height=\"22\" viewBox=\"0 0 22 22\">\(body)</svg>"
    }

    private func startFinishIcon() -> String {
        icon(
            "<circle cx=\"6\" cy=\"11\" r=\"4.5\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"2.5\"/>"
                + "<circle cx=\"16\" cy=\"11\" r=\"4.5\" fill=\"#111111\" stroke=\"#FFFFFF\" stroke-width=\"1.5\"/>")
    }

    private func pinIcon() -> String {
        icon(
            "<path d=\"\(MapSVG.pinPath(tipX: 11, tipY: 20))\" fill=\"#4B2E83\" stroke=\"#FFFFFF\" "
                + "stroke-width=\"1.5\"/><circle cx=\"11\" cy=\"4\" r=\"2.6\" fill=\"#FFFFFF\"/>")
    }

    /// A red → yellow → green bar with the paces at its ends, or a grey bar for an untimed run.
    private func paceScale() -> String {
        guard let scale = picture.paceScale else {
            return "<div class=\"pace-title\">Pace</div>"
                + "<svg class=\"gradient\" width=\"240\" height=\"12\" viewBox=\"0 0 240 12\">"
                + "<rect x=\"0\" y=\"0\" width=\"240\" height=\"12\" rx=\"3\" fill=\"#808080\"/></svg>"
                + "<div class=\"pace-ends\"><span>no times in this run</span></div>"
        }
        let slow = Markup.escape(RunFormatting.pace(scale.low, activity: picture.activity, units: picture.units))
        let fast = Markup.escape(RunFormatting.pace(scale.high, activity: picture.activity, units: picture.units))
        let heading = RunFormatting.showsSpeed(picture.activity) ? "Speed" : "Pace"
        return "<div class=\"pace-title\">\(heading)</div>"
            + "<svg class=\"gradient\" width=\"240\" height=\"12\" viewBox=\"0 0 240 12\">"
            + "<defs><linearGradient id=\"pace-gradient\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\">"
            + "<stop offset=\"0\" stop-color=\"#FF0000\"/><stop offset=\"0.5\" stop-color=\"#FFFF00\"/>"
            + "<stop offset=\"1\" stop-color=\"#00FF00\"/></linearGradient></defs>"
            + "<rect x=\"0\" y=\"0\" width=\"240\" height=\"12\" rx=\"3\" fill=\"url(#pace-gradient)\" "
            + "stroke=\"#26303A\" stroke-opacity=\"0.5\"/></svg>"
            + "<div class=\"pace-ends\"><span>slower · \(slow)</span><span>\(fast) · faster</span></div>"
            + "<div class=\"note\">grey: no time; the scale spans at least "
            + "±\(WholeNumber.text(PaceColouring.minimumSpread * 50)) % of its middle speed, so an even pace "
            + "is yellow</div>"
    }
}
