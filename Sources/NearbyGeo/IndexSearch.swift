// One nearest-neighbour query over an IndexView.
//
// Phase 1 walks the k-d tree by chord distance and collects every point whose chord lower bound
// could still beat the k-th best geodesic, which is bounded above by the Schur bound of the k-th
// smallest chord seen so far. Phase 2 computes exact geodesics for the candidates in order of
// their lower bound and stops once the next lower bound exceeds the k-th geodesic found.
//
// Every read of the image goes through `guard.check` first: a no-op for trusted images, the
// lazy block verification for mapped ones (see BlockVerifier).

struct IndexSearch<Guard: IndexReadGuard> {
    let view: IndexView
    let readGuard: Guard
    let query: Coordinate
    let q: (x: Double, y: Double, z: Double)
    let k: Int
    let maxDistance: Double

    init(view: IndexView, guard readGuard: Guard, query: Coordinate, k: Int, maxDistance: Double) {
        self.view = view
        self.readGuard = readGuard
        self.query = query
        self.q = ChordBounds.ecef(latitude: query.latitude, longitude: query.longitude)
        self.k = k
        self.maxDistance = maxDistance
    }

    /// A candidate: squared chord and position in tree order.
    struct Candidate {
        var key: Double
        var position: Int
    }

    func run() throws(Guard.Failure) -> [Neighbor] {
        var statistics = SpatialIndex.SearchStatistics()
        return try run(&statistics)
    }

    func run(_ statistics: inout SpatialIndex.SearchStatistics) throws(Guard.Failure) -> [Neighbor] {
        var candidates: [Candidate] = []
        candidates.reserveCapacity(min(view.layout.count, 4 * k + 2 * view.layout.leafSize))
        let limit2 = try collect(into: &candidates, &statistics)
        statistics.candidates += candidates.count
        return try rank(&candidates, limit2: limit2, &statistics)
    }

    @inline(__always) private func chord2(_ i: Int) -> Double {
        let p = view.points + 8 * i
        let dx = p[0] - q.x, dy = p[1] - q.y, dz = p[2] - q.z
        return dx * dx + dy * dy + dz * dz
    }

    /// Squared distance from the query to the box of `node` (zero inside).
    @inline(__always) private func boxDistance2(_ node: Int) throws(Guard.Failure) -> Double {
        try readGuard.check(view.layout.boxOffset + 24 * node, 24)
        let b = view.boxes + 6 * node
        let dx = max(Double(b[0]) - q.x, 0, q.x - Double(b[3]))
        let dy = max(Double(b[1]) - q.y, 0, q.y - Double(b[4]))
        let dz = max(Double(b[2]) - q.z, 0, q.z - Double(b[5]))
        return dx * dx + dy * dy + dz * dz
    }

    /// A subtree still to visit, with the squared distance to its box.
    private struct Pending {
        var node: Int
        var lo: Int
        var hi: Int
        var d2: Double
    }

    /// Phase 1; returns the final squared chord limit.
    private func collect(
        into candidates: inout [Candidate], _ statistics: inout SpatialIndex.SearchStatistics
    ) throws(Guard.Failure) -> Double {
        let n = view.layout.count
        let leafSize = view.layout.leafSize
        let distanceLimit = ChordBounds.chordLimit(forDistance: maxDistance)
        let distanceLimit2 = distanceLimit * distanceLimit
        var limit2 = distanceLimit2
        // Max-heap of the k smallest squared chords, only when k < n (else no bound applies).
        var heap = ChordHeap(capacity: k < n ? k : 0)
        defer { heap.release() }
        // Depth-first, nearer child first. The tree is at most 33 levels deep (n < 2³²), and
        // the stack holds at most one pending sibling per level.
        var stack = InlineArray<64, Pending>(repeating: Pending(node: 0, lo: 0, hi: 0, d2: 0))
        stack[0] = Pending(node: 0, lo: 0, hi: n, d2: try boxDistance2(0))
        var top = 1
        var nodes = 0
        var leaves = 0
        defer {
            statistics.nodes += nodes
            statistics.leaves += leaves
        }
        while top > 0 {
            top -= 1
            var (node, lo, hi, d2) = (stack[top].node, stack[top].lo, stack[top].hi, stack[top].d2)
            while d2 <= limit2 {
                nodes += 1
                if hi - lo <= leafSize {
                    leaves += 1
                    // Also covers the records phase 2 reads: every candidate comes from here.
                    try readGuard.check(
                        view.layout.pointOffset + SpatialIndexLayout.recordSize * lo,
                        SpatialIndexLayout.recordSize * (hi - lo))
                    for i in lo..<hi {
                        let c2 = chord2(i)
                        guard c2 <= limit2 else { continue }
                        candidates.append(Candidate(key: c2, position: i))
                        if heap.offer(c2) {
                            limit2 = min(distanceLimit2, ChordBounds.chordLimit2(forUpperBoundOfChord2: heap.top))
                        }
                    }
                    break
                }
                let mid = lo + (hi - lo) / 2
                let left = 2 * node + 1
                let right = left + 1
                let dl = try boxDistance2(left)
                let dr = try boxDistance2(right)
                if dl <= dr {
                    if dr <= limit2 && top < 64 {
                        stack[top] = Pending(node: right, lo: mid, hi: hi, d2: dr)
                        top += 1
                    }
                    (node, hi, d2) = (left, mid, dl)
                } else {
                    if dl <= limit2 && top < 64 {
                        stack[top] = Pending(node: left, lo: lo, hi: mid, d2: dl)
                        top += 1
                    }
                    (node, lo, d2) = (right, mid, dr)
                }
            }
        }
        return limit2
    }

    /// Phase 2: exact geodesics in order of lower bound, with early exit.
    private func rank(
        _ candidates: inout [Candidate], limit2: Double,
        _ statistics: inout SpatialIndex.SearchStatistics
    ) throws(Guard.Failure) -> [Neighbor] {
        // Keep the candidates under the final limit.
        let farChord2 = ChordBounds.upperBoundChordLimit * ChordBounds.upperBoundChordLimit
        var kept = 0
        var far = false
        for i in candidates.indices where candidates[i].key <= limit2 {
            far = far || candidates[i].key > farChord2
            candidates[kept] = candidates[i]
            kept += 1
        }
        candidates.removeLast(candidates.count - kept)
        // Near queries keep squared chords as keys (the chord lower bound is increasing in the
        // chord, so the order is the same) and take the bound lazily; far ones use max(c, b·θ).
        if far {
            for i in candidates.indices {
                let p = view.points + 8 * candidates[i].position
                candidates[i].key = ChordBounds.lower((p[0], p[1], p[2]), q)
            }
        }
        if candidates.count <= 48 {
            insertionSort(&candidates)
        } else {
            candidates.sort { $0.key < $1.key }
        }
        var best = NeighborHeap(capacity: min(k, candidates.count))
        let geodesic = Geodesic.wgs84
        let queryTerms = geodesic.latitudeTerms(query.latitude)
        for c in candidates {
            let lower = far ? c.key : ChordBounds.lower(chord: c.key.squareRoot())
            if lower > maxDistance { break }
            if best.count == best.capacity, best.capacity > 0, lower > best.worstDistance { break }
            let p = c.position
            let t = view.points + 8 * p
            // The stored terms are latitudeTerms(latitude) of the point, computed with the same
            // libm (LibmFingerprint), so this is Geodesic.distance(query, point) bit for bit.
            let terms = geodesic.latitudeTerms(latitude: t[3], sbet: t[5], cbet: t[6])
            let g = geodesic.solveInverse(
                queryTerms, query.longitude, terms, t[4], distanceOnly: true
            ).s12
            statistics.geodesics += 1
            guard g <= maxDistance else { continue }
            let id = UnsafeRawPointer(t + 7).load(as: UInt32.self)
            best.offer(Neighbor(index: Int(UInt32(littleEndian: id)), distance: g))
        }
        return best.sorted()
    }

    private func insertionSort(_ a: inout [Candidate]) {
        guard a.count > 1 else { return }
        for i in 1..<a.count {
            let item = a[i]
            var j = i
            while j > 0 && a[j - 1].key > item.key {
                a[j] = a[j - 1]
                j -= 1
            }
            a[j] = item
        }
    }
}
