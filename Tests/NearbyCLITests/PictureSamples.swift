import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif
import NearbyGeo
import NearbyRuns

@testable import NearbyCLI

/// Hand-built pictures for the picture tests.
enum PictureSamples {
    static func c(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(validatingLatitude: latitude, longitude: longitude)
    }

    /// `count` equal legs from `a` to `b` (linear in degrees), all of one colour.
    static func legs(
        from a: Coordinate, to b: Coordinate, count: Int, colour: String, fraction: Double?, speed: Double?
    ) throws -> [ColouredLeg] {
        try (0..<count).map { i in
            let t0 = Double(i) / Double(count)
            let t1 = Double(i + 1) / Double(count)
            return ColouredLeg(
                from: try c(
                    a.latitude + (b.latitude - a.latitude) * t0, a.longitude + (b.longitude - a.longitude) * t0),
                to: try c(a.latitude + (b.latitude - a.latitude) * t1, a.longitude + (b.longitude - a.longitude) * t1),
                speed: speed, fraction: fraction, colour: colour)
        }
    }

    /// An L-shaped run in Taipei: 20 slow (red) legs east along 25.040° N from 121.500° E to
    /// 121.520° E, then 20 fast (green) legs north to 25.055° N; badge pins, two datasets of
    /// places whose names need escaping.
    static var lShaped: RunPicture {
        get throws {
            let corner = try c(25.040, 121.520)
            let east = try legs(
                from: c(25.040, 121.500), to: corner, count: 20, colour: "#FF0000", fraction: 0, speed: 2.5)
            let north = try legs(
                from: corner, to: c(25.055, 121.520), count: 20, colour: "#00FF00", fraction: 1, speed: 4)
            return try RunPicture(
                title: "Morning run <river> & \"bridges\" 河濱",
                figures: [
                    .init(label: "Distance", value: "3.68 km"), .init(label: "Moving time", value: "19:12"),
                    .init(label: "Average pace", value: "5:13 /km"),
                ],
                legs: east + north, paceScale: .init(low: 2.5, high: 4), units: .metric,
                checkpoints: [
                    .init(badge: "Moon", distance: 1000, coordinate: c(25.040, 121.5099)),
                    .init(badge: "Mars & <Phobos>", distance: 2000, coordinate: c(25.0428, 121.520)),
                    .init(badge: "木星 Jupiter", distance: 2100, coordinate: c(25.0437, 121.520)),
                    .init(badge: "Saturn's rings", distance: 2200, coordinate: c(25.0446, 121.520)),
                ],
                places: [
                    .init(dataset: "toilets", name: "公廁 \"A\" & <B>", coordinate: c(25.042, 121.504)),
                    .init(dataset: "toilets", name: "Riverside toilet", coordinate: c(25.051, 121.523)),
                    .init(dataset: "parks", name: "大安森林公園", coordinate: c(25.047, 121.513)),
                    .init(dataset: "parks", name: "Park 'two'", coordinate: c(25.036, 121.515)),
                ],
                attribution: "Places: Taipei City open data (https://data.taipei/), licence OGDL-Taiwan 1.0")
        }
    }

    /// The `<svg>…</svg>` parts of a page.
    static func svgParts(_ html: String) -> [String] {
        var parts: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            parts.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return parts
    }
}

/// Collects the elements of an SVG as Foundation's XMLParser reads them.
final class SVGCollector: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// All character data inside the element, children included.
        var text: String = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []
    var error: (any Error)?

    /// Parses `svg`; false when it is not well-formed XML.
    func parse(_ svg: String) -> Bool {
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        let ok = parser.parse()
        error = parser.parserError
        return ok
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: name, attributes: attributes))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        _ = open.popLast()
    }

    func all(_ name: String, class cls: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (cls == nil || $0.attributes["class"] == cls) }
    }
}

extension SVGCollector.Element {
    func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
}
