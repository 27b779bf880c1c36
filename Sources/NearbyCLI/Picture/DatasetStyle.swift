/// The symbol and colour of one dataset's places on the map and in the legend.
///
/// Colours avoid the route's red, yellow, green and grey; the k-th dataset (in order of first
/// appearance) takes the k-th colour and shape, cycling when there are more datasets.
struct DatasetStyle: Sendable, Hashable {
    enum Shape: Sendable, Hashable, CaseIterable {
        case circle, square, diamond, triangle
    }

    let colour: String
    let shape: Shape

    static let colours = ["#1F5FD6", "#8E3FB5", "#0E8C9A", "#B5523B", "#C2307A", "#36485E"]

    init(index: Int) {
        let i = Swift.max(0, index)
        colour = Self.colours[i % Self.colours.count]
        shape = Shape.allCases[(i / Self.colours.count + i) % Shape.allCases.count]
    }

    /// The SVG element of the symbol centred at (x, y), radius about `r`, with optional
    /// extra content (a `<title>`).
    func symbol(x: Double, y: Double, r: Double, content: String = "") -> String {
        let n = Markup.number
        let paint = "fill=\"\(colour)\" stroke=\"#FFFFFF\" stroke-width=\"1.5\""
        let body: String
        switch shape {
        case .circle:
            body = "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" \(paint)"
        case .square:
            let s = r * 1.7
            body = "<rect x=\"\(n(x - s / 2))\" y=\"\(n(y - s / 2))\" width=\"\(n(s))\" height=\"\(n(s))\" \(paint)"
        case .diamond:
            let d = r * 1.35
            let points = "\(n(x)),\(n(y - d)) \(n(x + d)),\(n(y)) \(n(x)),\(n(y + d)) \(n(x - d)),\(n(y))"
            body = "<polygon points=\"\(points)\" \(paint)"
        case .triangle:
            let d = r * 1.4
            let points = "\(n(x)),\(n(y - d)) \(n(x + d)),\(n(y + d * 0.8)) \(n(x - d)),\(n(y + d * 0.8))"
            body = "<polygon points=\"\(points)\" \(paint)"
        }
        let tag: String
        switch shape {
        case .circle: tag = "circle"
        case .square: tag = "rect"
        case .diamond, .triangle: tag = "polygon"
        }
        return content.isEmpty ? body + "/>" : body + ">" + content + "</\(tag)>"
    }
}
