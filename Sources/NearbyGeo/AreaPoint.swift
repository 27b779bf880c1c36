/// A point inside an area given by rings of positions (a closed way, or a multipolygon's outer
/// and inner rings): the area's centroid when it lies inside, otherwise a point on the surface,
/// as GEOS's `PointOnSurface` finds it (the middle of the widest stretch inside the area along
/// a horizontal line between two vertex latitudes near the middle of its bounding box).
///
/// Planar in degrees, as OpenStreetMap tools compute centroids; longitudes are taken relative to
/// the first vertex, so an area across the antimeridian works too. Inside means the even-odd
/// rule over all rings, so inner rings (holes) need no roles.
public enum AreaPoint {
    /// A ring: positions in order; the last may repeat the first.
    public typealias Ring = [Coordinate]

    /// The point for `rings`, or nil when they enclose no area (fewer than three distinct
    /// positions, or zero area).
    public static func interiorPoint(of rings: [Ring]) -> Coordinate? {
        guard let origin = rings.first(where: { !$0.isEmpty })?.first else { return nil }
        let local = rings.map { ring in ring.map { Self.local($0, origin: origin) } }
        var weighted = (x: 0.0, y: 0.0)
        var total = 0.0
        for (index, ring) in local.enumerated() where ring.count >= 3 {
            let (area, cx, cy) = Self.areaAndCentroid(ring)
            guard area != 0 else { continue }
            // Outer rings add, holes subtract: a ring inside an odd number of others is a hole.
            let sign: Double = Self.depth(of: index, in: local) % 2 == 0 ? 1 : -1
            let weight = sign * abs(area)
            weighted.x += weight * cx
            weighted.y += weight * cy
            total += weight
        }
        guard total > 0 else { return nil }
        let centroid = (x: weighted.x / total, y: weighted.y / total)
        if Self.contains(centroid, rings: local) { return Self.global(centroid, origin: origin) }
        guard let surface = Self.pointOnSurface(local) else { return nil }
        return Self.global(surface, origin: origin)
    }

    /// True when `point` is inside `rings` by the even-odd rule.
    public static func contains(_ point: Coordinate, rings: [Ring]) -> Bool {
        guard let origin = rings.first(where: { !$0.isEmpty })?.first else { return false }
        let local = rings.map { ring in ring.map { Self.local($0, origin: origin) } }
        return contains(Self.local(point, origin: origin), rings: local)
    }

    typealias Point = (x: Double, y: Double)

    static func local(_ c: Coordinate, origin: Coordinate) -> Point {
        var dx = c.longitude - origin.longitude
        if dx > 180 { dx -= 360 } else if dx < -180 { dx += 360 }
        return (dx, c.latitude - origin.latitude)
    }

    static func global(_ p: Point, origin: Coordinate) -> Coordinate? {
        var longitude = origin.longitude + p.x
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: origin.latitude + p.y, longitude: longitude)
    }

    /// Signed shoelace area and the centroid of one ring.
    static func areaAndCentroid(_ ring: [Point]) -> (area: Double, x: Double, y: Double) {
        var twice = 0.0
        var cx = 0.0
        var cy = 0.0
        for index in ring.indices {
            let a = ring[index]
            let b = ring[(index + 1) % ring.count]
            let cross = a.x * b.y - b.x * a.y
            twice += cross
            cx += (a.x + b.x) * cross
            cy += (a.y + b.y) * cross
        }
        guard twice != 0 else { return (0, 0, 0) }
        return (twice / 2, cx / (3 * twice), cy / (3 * twice))
    }

    /// How many other rings contain the first vertex of ring `index`.
    static func depth(of index: Int, in rings: [[Point]]) -> Int {
        guard let probe = rings[index].first else { return 0 }
        var count = 0
        for (other, ring) in rings.enumerated() where other != index && ring.count >= 3 {
            if crossings(probe, ring) % 2 == 1 { count += 1 }
        }
        return count
    }

    static func contains(_ point: Point, rings: [[Point]]) -> Bool {
        var total = 0
        for ring in rings where ring.count >= 3 { total += crossings(point, ring) }
        return total % 2 == 1
    }

    /// Edges of `ring` crossed by the ray from `point` towards +x.
    static func crossings(_ point: Point, _ ring: [Point]) -> Int {
        var count = 0
        for index in ring.indices {
            let a = ring[index]
            let b = ring[(index + 1) % ring.count]
            if (a.y > point.y) != (b.y > point.y) {
                let x = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if point.x < x { count += 1 }
            }
        }
        return count
    }

    /// The middle of the widest inside stretch of a horizontal line between two vertex
    /// latitudes next to the middle of the bounding box.
    static func pointOnSurface(_ rings: [[Point]]) -> Point? {
        let ys = rings.flatMap { $0.map(\.y) }
        guard let minY = ys.min(), let maxY = ys.max(), minY < maxY else { return nil }
        let middle = (minY + maxY) / 2
        let below = ys.filter { $0 <= middle }.max() ?? minY
        let above = ys.filter { $0 > middle }.min() ?? maxY
        let y = (below + above) / 2
        var xs: [Double] = []
        for ring in rings where ring.count >= 3 {
            for index in ring.indices {
                let a = ring[index]
                let b = ring[(index + 1) % ring.count]
                if (a.y > y) != (b.y > y) {
                    xs.append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
                }
            }
        }
        xs.sort()
        var best: Point?
        var widest = -1.0
        var index = 0
        while index + 1 < xs.count {
            let width = xs[index + 1] - xs[index]
            if width > widest {
                widest = width
                best = ((xs[index] + xs[index + 1]) / 2, y)
            }
            index += 2
        }
        return best
    }
}
