import Foundation
import NearbyGeo
import NearbyOSM

/// An independent reference for the walking tests: the rules written again from the issue's
/// text, the unoptimised edge list with Karney's inverse for every length, components by
/// breadth-first search, attachment by brute force over every edge, and a plain Dijkstra over
/// adjacency lists.
struct WalkOracle {
    var positions: [Int64: Coordinate] = [:]
    var adjacency: [Int64: [(to: Int64, length: Double)]] = [:]
    var edges: [(a: Int64, b: Int64, length: Double)] = []
    /// The edges a point may attach to (of a component of 50 nodes or more, at most 10 km), with
    /// their ends' positions, gathered once: every attachment scans them all.
    var attachable: [(a: Int64, b: Int64, ca: Coordinate, cb: Coordinate)] = []
    var bigComponent = Set<Int64>()

    struct Reader: OSMHandler {
        var ways: [[Int64]] = []
        var positions: [Int64: Coordinate] = [:]

        mutating func node(_ node: OSMNode) throws(OSMReadError) {
            positions[node.id] = Coordinate(latitude: node.location.latitude, longitude: node.location.longitude)
        }

        mutating func way(_ way: OSMWay) throws(OSMReadError) {
            var tags: [String: String] = [:]
            for tag in way.tags where tags[tag.key.string] == nil { tags[tag.key.string] = tag.value.string }
            guard let highway = tags["highway"] else { return }
            let foot = tags["foot"]
            let walkable: Bool
            if ["yes", "designated", "permissive"].contains(foot ?? "") {
                walkable = true
            } else if ["no", "private", "use_sidepath"].contains(foot ?? "") {
                walkable = false
            } else if ["no", "private"].contains(tags["access"] ?? "") {
                walkable = false
            } else {
                walkable = [
                    "footway", "path", "pedestrian", "steps", "living_street", "residential", "service",
                    "unclassified", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary",
                    "primary_link", "trunk", "trunk_link", "track", "cycleway", "bridleway", "corridor", "road",
                ].contains(highway)
            }
            if walkable { ways.append(Array(way.refs)) }
        }
    }

    init(path: String) throws {
        var reader = Reader()
        try OSMExtract(path: path).read(into: &reader, options: .all)
        for way in reader.ways {
            for k in 1..<way.count {
                guard let a = reader.positions[way[k - 1]], let b = reader.positions[way[k]], way[k - 1] != way[k]
                else { continue }
                let length = Geodesic.wgs84.distance(a, b)
                adjacency[way[k - 1], default: []].append((way[k], length))
                adjacency[way[k], default: []].append((way[k - 1], length))
                edges.append((way[k - 1], way[k], length))
                positions[way[k - 1]] = a
                positions[way[k]] = b
            }
        }
        var seen = Set<Int64>()
        for start in positions.keys where !seen.contains(start) {
            var component = [start]
            seen.insert(start)
            var index = 0
            while index < component.count {
                for (next, _) in adjacency[component[index]] ?? [] where seen.insert(next).inserted {
                    component.append(next)
                }
                index += 1
            }
            if component.count >= 50 { bigComponent.formUnion(component) }
        }
        for edge in edges where bigComponent.contains(edge.a) && edge.length <= 10_000 {
            guard let ca = positions[edge.a], let cb = positions[edge.b] else { continue }
            attachable.append((edge.a, edge.b, ca, cb))
        }
    }

    struct Attached {
        var a: Int64
        var b: Int64
        var onEdge: Coordinate
        var access: Double
        var toA: Double
        var toB: Double
    }

    /// Brute force: every edge of a big component, the projected foot, the geodesic to it.
    func attach(_ p: Coordinate) -> Attached? {
        var best: Attached?
        let scale = cos(p.latitude * .pi / 180)
        for (a, b, ca, cb) in attachable {
            let ax = (ca.longitude - p.longitude) * scale
            let ay = ca.latitude - p.latitude
            let bx = (cb.longitude - p.longitude) * scale
            let by = cb.latitude - p.latitude
            let dx = bx - ax
            let dy = by - ay
            let span = dx * dx + dy * dy
            let t = span > 0 ? min(1, max(0, -(ax * dx + ay * dy) / span)) : 0
            let between = Coordinate(
                latitude: ca.latitude + t * (cb.latitude - ca.latitude),
                longitude: ca.longitude + t * (cb.longitude - ca.longitude))
            guard let foot = t == 0 ? ca : t == 1 ? cb : between else { continue }
            let access = Geodesic.wgs84.distance(p, foot)
            if access < (best?.access ?? .infinity) {
                best = Attached(
                    a: a, b: b, onEdge: foot, access: access, toA: Geodesic.wgs84.distance(foot, ca),
                    toB: Geodesic.wgs84.distance(foot, cb))
            }
        }
        guard let best, best.access <= 1_000 else { return nil }
        return best
    }

    /// Plain Dijkstra from the start's two ends over the whole component (a binary heap of
    /// (distance, node) pairs, written out here).
    func distances(from start: Attached) -> [Int64: Double] {
        var distance: [Int64: Double] = [:]
        var heap: [(Double, Int64)] = []
        func push(_ item: (Double, Int64)) {
            heap.append(item)
            var i = heap.count - 1
            while i > 0, heap[(i - 1) / 2].0 > heap[i].0 {
                heap.swapAt(i, (i - 1) / 2)
                i = (i - 1) / 2
            }
        }
        func pop() -> (Double, Int64) {
            let top = heap[0]
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
            var i = 0
            while true {
                var m = i
                for c in [2 * i + 1, 2 * i + 2] where c < heap.count && heap[c].0 < heap[m].0 { m = c }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
            return top
        }
        push((start.toA, start.a))
        push((start.toB, start.b))
        var done = Set<Int64>()
        while !heap.isEmpty {
            let (d, node) = pop()
            guard done.insert(node).inserted else { continue }
            distance[node] = d
            for (next, length) in adjacency[node] ?? [] where !done.contains(next) { push((d + length, next)) }
        }
        return distance
    }

    /// The walk between two attached points by the rule.
    func walk(_ start: Attached, _ end: Attached, _ distances: [Int64: Double]) -> Double? {
        var best = Double.infinity
        if Set([start.a, start.b]) == Set([end.a, end.b]) {
            best = Geodesic.wgs84.distance(start.onEdge, end.onEdge)
        }
        if let d = distances[end.a] { best = min(best, d + end.toA) }
        if let d = distances[end.b] { best = min(best, d + end.toB) }
        guard best.isFinite else { return nil }
        return start.access + best + end.access
    }
}
