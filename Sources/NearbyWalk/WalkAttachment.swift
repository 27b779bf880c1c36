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
        var ring: Int32 = 0
        while ring <= maxRing {
            // An edge's cells are its points half a cell apart, so a cell it only clips may be
            // missing: everything not seen by this ring is at least (ring - 2) cells away.
            if let best, Double(ring - 2) * cellMetres > best.access { break }
            for r in (row - ring)...(row + ring) {
                for c in (column - ring)...(column + ring) where abs(r - row) == ring || abs(c - column) == ring {
                    for slot in try cellEdges(WalkGraph.key(row: r, column: c)) where seen.insert(slot).inserted {
                        let candidate = try attach(point, slot: slot, pieces: false)
                        if candidate.access < (best?.access ?? .infinity)
                            || (candidate.access == best?.access && slot < (best?.slot ?? .max))
                        {
                            best = candidate
                        }
                    }
                }
            }
            ring += 1
        }
        guard let best, best.access <= WalkRules.maxAccessMetres else { return nil }
        // The pieces of the edge, for the winner only.
        return try attach(point, slot: best.slot, pieces: true)
    }

    /// `point` attached to edge `slot`: the foot of the perpendicular in a local equirectangular
    /// projection centred on `point`, clamped to the edge.
    /// Each length is the geodesic by ``Geodesic/legDistance(_:_:)-(Coordinate,Coordinate)``
    /// (the chord formula within 1 km, within 2e-8 m of Karney's inverse, which it falls back to
    /// beyond); `pieces` false leaves the two pieces at 0 (a candidate being compared).
    func attach(_ point: Coordinate, slot: Int, pieces: Bool) throws(WalkNetworkError) -> WalkAttachment {
        let u = try source(ofEdge: slot)
        let v = try target(slot)
        let a = try coordinate(u)
        let b = try coordinate(v)
        let scale = cos(point.latitude * .pi / 180)
        func east(_ c: Coordinate) -> Double {
            var d = c.longitude - point.longitude
            if d > 180 { d -= 360 } else if d < -180 { d += 360 }
            return d * scale
        }
        let ax = east(a)
        let ay = a.latitude - point.latitude
        let bx = east(b)
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
        let geodesic = Geodesic.wgs84
        return WalkAttachment(
            point: point, onEdge: onEdge, from: u, to: v, slot: slot, access: geodesic.legDistance(point, onEdge),
            toFrom: pieces ? geodesic.legDistance(onEdge, a) : 0, toTo: pieces ? geodesic.legDistance(onEdge, b) : 0)
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
