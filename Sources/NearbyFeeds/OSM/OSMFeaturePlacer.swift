import Foundation
import NearbyGeo
import NearbyOSM

/// Where a selected way or relation goes, once its nodes are located.
struct OSMFeaturePlacer {
    let locations: OSMNodeLocations
    let wayRefs: [Int64: [Int64]]
    private(set) var waysMissingNodes = 0
    private(set) var missingNodes = 0
    private(set) var unclosedAreas = 0

    init(locations: OSMNodeLocations, wayRefs: [Int64: [Int64]]) {
        self.locations = locations
        self.wayRefs = wayRefs
    }

    /// A position (nil when none of the feature's nodes is known) and, for an area, its rings.
    struct Placed {
        var coordinate: Coordinate?
        var rings: [[Coordinate]]?
    }

    mutating func place<Sink>(_ feature: OSMSelectionPass<Sink>.Feature) -> Placed {
        feature.kind == .way ? placeWay(feature) : placeRelation(feature)
    }

    private func coordinate(_ id: Int64) -> Coordinate? {
        guard let location = locations.location(of: id) else { return nil }
        return Coordinate(latitude: location.latitude, longitude: location.longitude)
    }

    private mutating func placeWay<Sink>(_ way: OSMSelectionPass<Sink>.Feature) -> Placed {
        let points = way.refs.compactMap(coordinate)
        if points.count < way.refs.count {
            waysMissingNodes += 1
            missingNodes += way.refs.count - points.count
        }
        let isArea =
            points.count == way.refs.count && way.refs.count >= 4 && way.refs.first == way.refs.last
            && !way.tags.contains { $0.key == "area" && $0.value == "no" }
        if isArea, let inside = AreaPoint.interiorPoint(of: [points]) {
            return Placed(coordinate: inside, rings: [points])
        }
        return Placed(coordinate: Self.middle(of: points))
    }

    private static let areaTypes: Set<String> = ["multipolygon", "boundary"]

    private mutating func placeRelation<Sink>(_ relation: OSMSelectionPass<Sink>.Feature) -> Placed {
        let type = relation.tags.first { $0.key == "type" }?.value ?? ""
        var memberWays: [[Int64]] = []
        var points: [Coordinate] = []
        for (index, ref) in relation.refs.enumerated() {
            switch relation.memberKinds[index] {
            case .node: if let point = coordinate(ref) { points.append(point) }
            case .way:
                if let refs = wayRefs[ref] {
                    memberWays.append(refs)
                    if let middle = Self.middle(of: refs.compactMap(coordinate)) { points.append(middle) }
                }
            // Members that are relations are not followed, so a cycle of relations costs nothing.
            case .relation: break
            }
        }
        if Self.areaTypes.contains(type) {
            let assembled = RingAssembler.assemble(memberWays)
            let rings = assembled.rings.compactMap { ring -> [Coordinate]? in
                let points = ring.compactMap(coordinate)
                return points.count == ring.count ? points : nil
            }
            // Ways that close into no ring (cut at the extract's border, or broken) are counted;
            // the rings that do close still hold the place.
            if assembled.openChains > 0 || rings.count < assembled.rings.count { unclosedAreas += 1 }
            if !rings.isEmpty, let inside = AreaPoint.interiorPoint(of: rings) {
                return Placed(coordinate: inside, rings: rings)
            }
            if assembled.openChains == 0 && rings.count == assembled.rings.count { unclosedAreas += 1 }
            // On the outline: the middle of its longest member way that has positions.
            let longest = memberWays.map { $0.compactMap(coordinate) }.max { $0.count < $1.count }
            return Placed(coordinate: longest.flatMap(Self.middle))
        }
        // Any other relation: the member point nearest to the members' mean.
        guard !points.isEmpty else { return Placed(coordinate: nil) }
        let meanLatitude = points.map(\.latitude).reduce(0, +) / Double(points.count)
        let meanLongitude = points.map(\.longitude).reduce(0, +) / Double(points.count)
        let nearest = points.min {
            hypot($0.latitude - meanLatitude, $0.longitude - meanLongitude)
                < hypot($1.latitude - meanLatitude, $1.longitude - meanLongitude)
        }
        return Placed(coordinate: nearest)
    }

    /// The point halfway along a line (lengths in degrees, longitude scaled by the cosine of
    /// the latitude); nil for no points.
    static func middle(of points: [Coordinate]) -> Coordinate? {
        guard let first = points.first else { return nil }
        guard points.count > 1 else { return first }
        let scale = cos(first.latitude * .pi / 180)
        func length(_ a: Coordinate, _ b: Coordinate) -> Double {
            hypot((b.longitude - a.longitude) * scale, b.latitude - a.latitude)
        }
        var total = 0.0
        for index in 1..<points.count { total += length(points[index - 1], points[index]) }
        var remaining = total / 2
        for index in 1..<points.count {
            let a = points[index - 1]
            let b = points[index]
            let leg = length(a, b)
            if leg >= remaining, leg > 0 {
                let t = remaining / leg
                return Coordinate(
                    latitude: a.latitude + (b.latitude - a.latitude) * t,
                    longitude: a.longitude + (b.longitude - a.longitude) * t)
            }
            remaining -= leg
        }
        return points.last
    }
}
