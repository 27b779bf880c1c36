import NearbyGeo

#if canImport(Glibc)
    import Glibc
#endif

/// A point joined to the network: the nearest point of the nearest walked edge (of a component
/// of at least 50 nodes), the access leg to it, and the two geodesic pieces it splits the edge
/// into.
public struct WalkAttachment: Sendable, Hashable {
    /// The point that was attached.
    public var point: Coordinate
    /// The attached point on the edge.
    public var onEdge: Coordinate
    /// The edge's ends (node indices) and its forward slot.
    public var from: Int
    public var to: Int
    public var slot: Int
    /// Geodesic metres from `point` to `onEdge`.
    public var access: Double
    /// Geodesic metres from `onEdge` to `from`, and to `to`.
    public var toFrom: Double
    public var toTo: Double
}

extension WalkNetwork {
    /// The attachment of `point`, or nil when no walked edge lies within
    /// ``WalkRules/maxAccessMetres``.
    public func attach(_ point: Coordinate) throws(WalkNetworkError) -> WalkAttachment? {
        let (row, column) = WalkGraph.cell(latitude: point.latitude, longitude: point.longitude)
        // A cell's smallest side in metres, at the worst latitude within the search.
        let cosLat = cos(min(89.0, abs(point.latitude) + 0.05) * .pi / 180)
        let cellMetres = WalkGraph.cellDegrees * 110_000 * max(cosLat, 0.01)
        let maxRing = Int32(min(400, (WalkRules.maxAccessMetres / cellMetres).rounded(.up) + 2))
        var best: WalkAttachment?
        var seen = Set<Int>()
        var rows: [Int32: Range<Int>] = [:]
        var ring: Int32 = 0
        var hint: Int?
        let frame = LocalFrame(point)
        while ring <= maxRing {
            // An edge's cells are its points half a cell apart, so a cell it only clips may be
            // missing: everything not seen by this ring is at least (ring - 2) cells away.
            if let best, Double(ring - 2) * cellMetres > best.access { break }
            for r in (row - ring)...(row + ring) {
                // Each row is looked up once; a row without streets (most of them, far from a
                // city) costs nothing more, however many rings cross it.
                let cells: Range<Int>
                if let known = rows[r] {
                    cells = known
                } else {
                    cells = try cellRow(r)
                    rows[r] = cells
                }
                if cells.isEmpty { continue }
                for c in (column - ring)...(column + ring) where abs(r - row) == ring || abs(c - column) == ring {
                    for slot in try cellEdges(WalkGraph.key(row: r, column: c), row: cells)
                    where seen.insert(slot).inserted {
                        let u = try source(ofEdge: slot, hint: hint)
                        hint = u
                        let foot = try self.foot(of: frame, slot: slot, from: u)
                        // A lower bound of the geodesic (see LocalFrame): a candidate that cannot
                        // beat the best is not measured.
                        if let best, foot.lowerBound > best.access { continue }
                        let access = Geodesic.wgs84.legDistance(point, foot.onEdge)
                        if access < (best?.access ?? .infinity)
                            || (access == best?.access && slot < (best?.slot ?? .max))
                        {
                            best = WalkAttachment(
                                point: point, onEdge: foot.onEdge, from: u, to: foot.to, slot: slot, access: access,
                                toFrom: 0, toTo: 0)
                        }
                    }
                }
            }
            ring += 1
        }
        guard let best, best.access <= WalkRules.maxAccessMetres else { return nil }
        // The pieces of the edge, for the winner only.
        let a = try coordinate(best.from)
        let b = try coordinate(best.to)
        var attached = best
        attached.toFrom = Geodesic.wgs84.legDistance(best.onEdge, a)
        attached.toTo = Geodesic.wgs84.legDistance(best.onEdge, b)
        return attached
    }

    /// The foot of the perpendicular from the frame's point to edge `slot` (leaving node `u`) in
    /// the frame's local equirectangular projection, clamped to the edge; its other end; and a
    /// lower bound of the geodesic from the point to the foot.
    func foot(of frame: LocalFrame, slot: Int, from u: Int) throws(WalkNetworkError) -> (
        onEdge: Coordinate, to: Int, lowerBound: Double
    ) {
        let v = try target(slot)
        let a = try coordinate(u)
        let b = try coordinate(v)
        let point = frame.point
        let ax = frame.east(a)
        let ay = a.latitude - point.latitude
        let bx = frame.east(b)
        let by = b.latitude - point.latitude
        let dx = bx - ax
        let dy = by - ay
        let span = dx * dx + dy * dy
        let t = span > 0 ? min(1, max(0, -(ax * dx + ay * dy) / span)) : 0
        let onEdge: Coordinate
        if t == 0 {
            onEdge = a
        } else if t == 1 {
            onEdge = b
        } else {
            var longitude = a.longitude + t * GeoMathDifference.longitude(a.longitude, b.longitude)
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            onEdge = Coordinate(latitude: a.latitude + t * (b.latitude - a.latitude), longitude: longitude) ?? a
        }
        let x = ax + t * dx
        let y = ay + t * dy
        return (onEdge, v, frame.lowerBound(degrees: (x * x + y * y).squareRoot()))
    }
}

/// A local equirectangular frame around a point: east offsets in degrees of longitude scaled by
/// the cosine of the point's latitude, north offsets in degrees of latitude.
///
/// Its distances, times 109,000 m per degree, are a lower bound of the WGS84 geodesic for offsets
/// of a few kilometres: a degree of latitude is at least 110,574 m, a degree of longitude at
/// least 111,320 m times the cosine, and within 10 km that cosine changes by well under 1 % below
/// 80° of latitude. Beyond 80° (or 10 km) the bound is 0, so nothing is left unmeasured there.
struct LocalFrame {
    let point: Coordinate
    let scale: Double
    let bounded: Bool

    init(_ point: Coordinate) {
        self.point = point
        scale = cos(point.latitude * .pi / 180)
        bounded = abs(point.latitude) < 80
    }

    func east(_ c: Coordinate) -> Double {
        GeoMathDifference.longitude(point.longitude, c.longitude) * scale
    }

    func lowerBound(degrees: Double) -> Double {
        guard bounded, degrees < 0.09 else { return 0 }
        return degrees * 109_000
    }
}

/// The signed difference of two longitudes, in −180…180.
enum GeoMathDifference {
    static func longitude(_ from: Double, _ to: Double) -> Double {
        var d = to - from
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }
}
