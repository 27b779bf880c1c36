import NearbyGeo

/// Exact searches over a walking network: the k places nearest by walking, and routes. A
/// Dijkstra from the start's attachment that stops as soon as the answer is settled; no
/// heuristic changes an answer.
public struct WalkSearch {
    let network: WalkNetwork

    public init(network: WalkNetwork) {
        self.network = network
    }

    /// One place's walk: its index among the targets given, the distance in metres, and the path.
    public struct Walk: Sendable, Hashable {
        public var target: Int
        public var distance: Double
        /// Positions from the start to the place (the start, its attached point, the nodes walked,
        /// the place's attached point, the place).
        public var path: [Coordinate]
        /// Slots of the edges walked, in order (for the names of the ways), and the metres walked
        /// on each (the first and last only in part).
        public var edges: [Int]
        public var edgeMetres: [Double]
    }

    /// The `k` targets nearest to `start` by walking (within `limit` metres when given), nearest
    /// first, ties by target index; targets that cannot be reached are not listed.
    public func nearest(
        from start: WalkAttachment, to targets: [WalkAttachment], k: Int, limit: Double? = nil
    ) throws(WalkNetworkError) -> [Walk] {
        guard k > 0, !targets.isEmpty else { return [] }
        // Each target waits at both ends of its edge, with the piece to walk from there.
        var waiting: [Int: [(target: Int, piece: Double)]] = [:]
        var best = [Double](repeating: .infinity, count: targets.count)
        var via = [Int](repeating: -1, count: targets.count)  // -1 unreached, -2 along the start's edge
        for (index, target) in targets.enumerated() {
            waiting[target.from, default: []].append((index, target.toFrom + target.access))
            waiting[target.to, default: []].append((index, target.toTo + target.access))
            if target.slot == start.slot || sameEdge(target, start) {
                // On the start's own edge: straight along it.
                best[index] = start.access + Geodesic.wgs84.legDistance(start.onEdge, target.onEdge) + target.access
                via[index] = -2
            }
        }
        // One target (a route): A*, queued by the walk so far plus the chord to the target's
        // attached point, a consistent lower bound of the rest (a chord is never longer than the
        // geodesic, and every edge is a geodesic), so the answer is the Dijkstra's.
        let aim = targets.count == 1 ? ChordEstimate(targets[0].onEdge) : nil
        let reserve = targets.count == 1 ? targets[0].access : 0
        func estimate(_ node: Int) throws(WalkNetworkError) -> Double {
            guard let aim else { return 0 }
            return aim.lowerBound(to: try network.coordinate(node))
        }
        var dijkstra = Dijkstra(nodeCount: network.nodeCount)
        dijkstra.seed(
            start.from, start.toFrom + start.access, previous: -1, slot: -1, estimate: try estimate(start.from))
        dijkstra.seed(start.to, start.toTo + start.access, previous: -1, slot: -1, estimate: try estimate(start.to))
        // Targets by their tentative walk; a target whose walk is at most the frontier is final.
        var finals = FinalCount(best)
        while let (node, distance, key) = dijkstra.popMin() {
            if let limit, key > limit { break }
            for (target, piece) in waiting[node] ?? [] where distance + piece < best[target] {
                best[target] = distance + piece
                via[target] = node
                finals.lowered(target, to: best[target])
            }
            // Settled: every target at or below the frontier is final; stop when k of them are.
            if let next = dijkstra.minimum, finals.count(upTo: next + reserve, best) >= k { break }
            for slot in try network.edges(node) {
                let next = try network.target(slot)
                dijkstra.relax(
                    next, distance + (try network.length(slot)), previous: node, slot: slot,
                    estimate: try estimate(next))
            }
        }
        let ceiling = limit ?? .infinity
        var order: [Int] = []
        for index in best.indices where best[index].isFinite && best[index] <= ceiling { order.append(index) }
        order.sort { (a: Int, b: Int) -> Bool in best[a] != best[b] ? best[a] < best[b] : a < b }
        var walks: [Walk] = []
        for index in order.prefix(k) {
            let target = targets[index]
            var path = [start.point, start.onEdge]
            var edges: [Int] = []
            var metres: [Double] = []
            if via[index] >= 0 {
                let (nodes, slots) = dijkstra.path(to: via[index])
                for node in nodes { path.append(try network.coordinate(node)) }
                // The start's piece towards the first node, the edges between, the place's piece.
                edges = [start.slot] + slots + [target.slot]
                metres = [nodes.first == start.from ? start.toFrom : start.toTo]
                for slot in slots { metres.append(try network.length(slot)) }
                metres.append(via[index] == target.from ? target.toFrom : target.toTo)
            } else {
                edges = [start.slot]
                metres = [Geodesic.wgs84.legDistance(start.onEdge, target.onEdge)]
            }
            path += [target.onEdge, target.point]
            walks.append(Walk(target: index, distance: best[index], path: path, edges: edges, edgeMetres: metres))
        }
        return walks
    }

    /// How far by straight line a place reachable from `start` can lie, when `start`'s part of
    /// the network is small (at most `smallPart` nodes): the longest walk to a node of it, plus
    /// the longest edge a place may attach to and the longest access leg. Nil for a large part
    /// (walking it whole would cost more than it saves). A place farther than this by straight
    /// line cannot be reached, since a walk is never shorter than the straight line; the searches
    /// use it so that a start on a small island of paths does not gather every place on Earth.
    public func reachBound(from start: WalkAttachment, smallPart: Int = 2_000) throws(WalkNetworkError) -> Double? {
        let size = try network.componentSize(try network.component(start.from))
        guard size <= smallPart else { return nil }
        var dijkstra = Dijkstra(nodeCount: network.nodeCount)
        dijkstra.seed(start.from, start.toFrom + start.access, previous: -1, slot: -1)
        dijkstra.seed(start.to, start.toTo + start.access, previous: -1, slot: -1)
        var farthest = 0.0
        while let (node, distance, _) = dijkstra.popMin() {
            farthest = max(farthest, distance)
            for slot in try network.edges(node) {
                dijkstra.relax(
                    try network.target(slot), distance + (try network.length(slot)), previous: node, slot: slot)
            }
        }
        return farthest + WalkRules.maxAttachableEdge + WalkRules.maxAccessMetres
    }

    /// The walk from `start` to `end`, or nil when they are not connected.
    public func route(from start: WalkAttachment, to end: WalkAttachment) throws(WalkNetworkError) -> Walk? {
        try nearest(from: start, to: [end], k: 1).first
    }

    private func sameEdge(_ a: WalkAttachment, _ b: WalkAttachment) -> Bool {
        (a.from == b.from && a.to == b.to) || (a.from == b.to && a.to == b.from)
    }

}

/// How many targets are final: those whose tentative walk is at most the search's frontier. A
/// heap of (walk, target) with lazy deletion, so each check costs O(log n) amortised rather than
/// a scan of every target.
private struct FinalCount {
    private var heap = MinHeap<Int>()
    private var final: [Bool]
    private var total = 0

    init(_ best: [Double]) {
        final = [Bool](repeating: false, count: best.count)
        for (target, walk) in best.enumerated() where walk.isFinite { lowered(target, to: walk) }
    }

    mutating func lowered(_ target: Int, to walk: Double) {
        heap.push(walk, target)
    }

    /// The number of targets whose walk in `best` is at most `frontier`.
    mutating func count(upTo frontier: Double, _ best: [Double]) -> Int {
        while let (walk, target) = heap.first, walk <= frontier {
            if !final[target], best[target] <= frontier {
                final[target] = true
                total += 1
            }
            _ = heap.pop()
        }
        return total
    }
}
