import NearbyGeo
import NearbyOSM

/// Builds the walking network of an extract by ``WalkRules``: one pass for the walkable ways
/// (their node refs and names), one for the positions of just the nodes they use; then edges,
/// rows, components and the attachment grid.
enum WalkNetworkBuilder {
    struct WayPass: OSMHandler {
        var refs: [Int64] = []
        var wayEnds: [Int] = []
        var wayNames: [UInt32] = []
        var names: [String] = [""]
        var nameIndex: [String: UInt32] = ["": 0]

        mutating func way(_ way: OSMWay) throws(OSMReadError) {
            guard way.refs.count >= 2, WalkRules.isWalkable(way.tags) else { return }
            refs.append(contentsOf: way.refs)
            wayEnds.append(refs.count)
            let name = way.tags.value(forKey: Self.nameKey)?.string ?? way.tags.value(forKey: Self.refKey)?.string ?? ""
            if let index = nameIndex[name] {
                wayNames.append(index)
            } else {
                let index = UInt32(names.count)
                names.append(name)
                nameIndex[name] = index
                wayNames.append(index)
            }
        }

        static let nameKey = Array("name".utf8)
        static let refKey = Array("ref".utf8)
    }

    /// The network of `extract`.
    static func build(_ extract: OSMExtract) throws(OSMReadError) -> WalkGraph {
        var ways = WayPass()
        try extract.read(
            into: &ways, options: OSMReadOptions(taggedNodes: false, ways: true, relations: false), timestamps: true)
        var locations = OSMNodeLocations(ids: ways.refs)
        try extract.read(into: &locations, options: OSMNodeLocations.passOptions)
        return assemble(ways, locations)
    }

    static func assemble(_ ways: WayPass, _ locations: OSMNodeLocations) -> WalkGraph {
        var graph = WalkGraph()
        graph.ways = ways.wayEnds.count
        graph.names = ways.names
        // The nodes the extract holds, in id order (a node's position there is found by binary
        // search, no table per id).
        var held: [Int64] = []
        held.reserveCapacity(locations.found)
        var heldPoints: [Coordinate] = []
        for id in locations.sortedIDs {
            guard let location = locations.location(of: id),
                let coordinate = Coordinate(latitude: location.latitude, longitude: location.longitude)
            else { continue }
            held.append(id)
            heldPoints.append(coordinate)
        }
        // Undirected edges, each once, from consecutive nodes of each way (as held positions).
        var from: [UInt32] = []
        var to: [UInt32] = []
        var length: [Double] = []
        var name: [UInt32] = []
        var start = 0
        for (way, end) in ways.wayEnds.enumerated() {
            // The previous node and its leg point (the trigonometry of a position, made once per
            // node of the way rather than kept for every node of the extract).
            var previous: (node: UInt32, point: LegPoint)?
            for position in start..<end {
                guard let node = Self.position(of: ways.refs[position], in: held) else {
                    graph.missingNodes += 1
                    previous = nil
                    continue
                }
                let point = previous?.node == node ? previous?.point : nil
                let here = point ?? LegPoint(heldPoints[Int(node)])
                if let previous, previous.node != node {
                    from.append(previous.node)
                    to.append(node)
                    length.append(Geodesic.wgs84.legDistance(previous.point, here))
                    name.append(ways.wayNames[way])
                }
                previous = (node, here)
            }
            start = end
        }
        // Only nodes with an edge are in the network, numbered in id order.
        var number = [UInt32](repeating: UInt32.max, count: held.count)
        for k in from.indices {
            number[Int(from[k])] = 0
            number[Int(to[k])] = 0
        }
        for position in held.indices where number[position] == 0 {
            number[position] = UInt32(graph.latitudes.count)
            graph.latitudes.append(heldPoints[position].latitude)
            graph.longitudes.append(heldPoints[position].longitude)
        }
        from = from.map { number[Int($0)] }
        to = to.map { number[Int($0)] }
        buildRows(&graph, from: from, to: to, length: length, name: name)
        buildComponents(&graph)
        buildGrid(&graph)
        return graph
    }

    static func position(of id: Int64, in sorted: [Int64]) -> UInt32? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == id ? UInt32(low) : nil
    }

    /// Compressed sparse rows, every edge in both directions.
    static func buildRows(_ graph: inout WalkGraph, from: [UInt32], to: [UInt32], length: [Double], name: [UInt32]) {
        let n = graph.nodeCount
        var degree = [UInt32](repeating: 0, count: n + 1)
        for k in from.indices {
            degree[Int(from[k]) + 1] += 1
            degree[Int(to[k]) + 1] += 1
        }
        for u in 0..<n { degree[u + 1] += degree[u] }
        graph.offsets = degree
        let m = Int(degree[n])
        graph.targets = [UInt32](repeating: 0, count: m)
        graph.lengths = [Double](repeating: 0, count: m)
        graph.edgeNames = [UInt32](repeating: 0, count: m)
        var next = Array(degree.prefix(n))
        for k in from.indices {
            for (u, v) in [(from[k], to[k]), (to[k], from[k])] {
                let slot = Int(next[Int(u)])
                next[Int(u)] += 1
                graph.targets[slot] = v
                graph.lengths[slot] = length[k]
                graph.edgeNames[slot] = name[k]
            }
        }
    }

    /// Connected components (union-find), numbered in order of their smallest node.
    static func buildComponents(_ graph: inout WalkGraph) {
        let n = graph.nodeCount
        var parent = Array(0..<n)
        func find(_ x: Int) -> Int {
            var root = x
            while parent[root] != root { root = parent[root] }
            var node = x
            while parent[node] != root {
                let next = parent[node]
                parent[node] = root
                node = next
            }
            return root
        }
        for u in 0..<n {
            for slot in Int(graph.offsets[u])..<Int(graph.offsets[u + 1]) {
                let a = find(u)
                let b = find(Int(graph.targets[slot]))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var numbers = [Int: UInt32]()
        graph.components = [UInt32](repeating: 0, count: n)
        for u in 0..<n {
            let root = find(u)
            let number: UInt32
            if let known = numbers[root] {
                number = known
            } else {
                number = UInt32(graph.componentSizes.count)
                numbers[root] = number
                graph.componentSizes.append(0)
            }
            graph.components[u] = number
            graph.componentSizes[Int(number)] += 1
        }
    }

    /// The grid of attachable edges: each edge (its forward slot, u < v) of a component of at
    /// least ``WalkRules/minimumComponent`` nodes and at most ``WalkRules/maxAttachableEdge``
    /// metres long, in every cell that points along it, half a cell apart, fall in. Entries are
    /// bounded by the edges' total length, however the edges lie (a hostile extract's
    /// continent-long edge is walked, never attached to).
    static func buildGrid(_ graph: inout WalkGraph) {
        var entries: [(key: UInt64, edge: UInt32)] = []
        var cells: [UInt64] = []
        for u in 0..<graph.nodeCount where graph.componentSizes[Int(graph.components[u])] >= WalkRules.minimumComponent
        {
            for slot in Int(graph.offsets[u])..<Int(graph.offsets[u + 1]) {
                let v = Int(graph.targets[slot])
                guard u < v, graph.lengths[slot] <= WalkRules.maxAttachableEdge else { continue }
                let dLat = graph.latitudes[v] - graph.latitudes[u]
                var dLon = graph.longitudes[v] - graph.longitudes[u]
                if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
                let steps = Int((max(abs(dLat), abs(dLon)) / (WalkGraph.cellDegrees / 2)).rounded(.up))
                cells.removeAll(keepingCapacity: true)
                for step in 0...max(steps, 1) {
                    let t = Double(step) / Double(max(steps, 1))
                    var longitude = graph.longitudes[u] + t * dLon
                    if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
                    let cell = WalkGraph.cell(latitude: graph.latitudes[u] + t * dLat, longitude: longitude)
                    let key = WalkGraph.key(row: cell.row, column: cell.column)
                    if cells.last != key { cells.append(key) }
                }
                for key in Set(cells) { entries.append((key, UInt32(slot))) }
            }
        }
        entries.sort { $0.key != $1.key ? $0.key < $1.key : $0.edge < $1.edge }
        graph.cellKeys = []
        graph.cellOffsets = [0]
        graph.cellEdges = []
        graph.cellEdges.reserveCapacity(entries.count)
        for entry in entries {
            if graph.cellKeys.last != entry.key {
                if !graph.cellKeys.isEmpty { graph.cellOffsets.append(UInt32(graph.cellEdges.count)) }
                graph.cellKeys.append(entry.key)
            }
            graph.cellEdges.append(entry.edge)
        }
        if !graph.cellKeys.isEmpty { graph.cellOffsets.append(UInt32(graph.cellEdges.count)) }
    }
}
