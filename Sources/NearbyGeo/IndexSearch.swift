// One nearest-neighbour query over an IndexView.
//
// Phase 1 walks the k-d tree by chord distance and collects every point whose chord lower bound
// could still beat the k-th best geodesic, which is bounded above by the Schur bound of the k-th
// smallest chord seen so far (or by a bound the caller seeds, see SpatialIndex+Batch). Phase 2
// (IndexRanking) measures the candidates in order of their lower bound and stops once the next
// lower bound exceeds the k-th length found.
//
// Every read of the image goes through `guard.check` first: a no-op for trusted images, the
// lazy block verification for mapped ones (see BlockVerifier).

struct IndexSearch<Guard: IndexReadGuard> {
    let view: IndexView
    let readGuard: Guard
    let query: Coordinate
    /// The query's ECEF position (within nanometres of the stored points' formula; lines under
    /// 10 m, a query at a point among them, are solved).
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

    typealias Candidate = SearchCandidate

    func run() throws(Guard.Failure) -> [Neighbor] {
        var scratch = SearchScratch(k: k, count: view.layout.count)
        defer { scratch.release() }
        var statistics = SpatialIndex.SearchStatistics()
        return try run(&scratch, seedLimit2: .infinity, &statistics)
    }

    func run(_ statistics: inout SpatialIndex.SearchStatistics) throws(Guard.Failure) -> [Neighbor] {
        var scratch = SearchScratch(k: k, count: view.layout.count)
        defer { scratch.release() }
        return try run(&scratch, seedLimit2: .infinity, &statistics)
    }

    /// The answer, with buffers from `scratch`; `seedLimit2` is a squared chord no point of the
    /// answer can exceed (infinity when nothing is known).
    func run(
        _ scratch: inout SearchScratch, seedLimit2: Double, _ statistics: inout SpatialIndex.SearchStatistics
    ) throws(Guard.Failure) -> [Neighbor] {
        scratch.candidates.removeAll(keepingCapacity: true)
        let limit2 = try collect(into: &scratch, seedLimit2: seedLimit2, &statistics)
        statistics.candidates += scratch.candidates.count
        return try IndexRanking(search: self).rank(&scratch, limit2: limit2, &statistics)
    }

    @inline(__always) func chord2(_ i: Int) -> Double {
        let p = view.points + 8 * i
        let dx = p[0] - q.x, dy = p[1] - q.y, dz = p[2] - q.z
        return dx * dx + dy * dy + dz * dz
    }

    /// Squared distance from the query to the box of `node` (zero inside).
    @inline(__always) private func boxDistance2(_ node: Int) throws(Guard.Failure) -> Double {
        try readGuard.check(view.boxOffset + 24 * node, 24)
        let b = view.boxes + 6 * node
        let dx = max(Double(b[0]) - q.x, 0, q.x - Double(b[3]))
        let dy = max(Double(b[1]) - q.y, 0, q.y - Double(b[4]))
        let dz = max(Double(b[2]) - q.z, 0, q.z - Double(b[5]))
        return dx * dx + dy * dy + dz * dz
    }

    /// Phase 1; returns the final squared chord limit.
    private func collect(
        into scratch: inout SearchScratch, seedLimit2: Double, _ statistics: inout SpatialIndex.SearchStatistics
    ) throws(Guard.Failure) -> Double {
        let n = view.layout.count
        let leafSize = view.layout.leafSize
        let distanceLimit = ChordBounds.chordLimit(forDistance: maxDistance)
        let distanceLimit2 = min(distanceLimit * distanceLimit, seedLimit2)
        var limit2 = distanceLimit2
        let (qx, qy, qz) = q
        // Max-heap of the k smallest squared chords, only when k < n (else no bound applies).
        scratch.chords.reset()
        // Depth-first, nearer child first. The tree is at most 33 levels deep (n < 2³²), and
        // the stack holds at most one pending sibling per level.
        let stack = scratch.stack
        stack[0] = PendingNode(node: 0, lo: 0, hi: n, d2: try boxDistance2(0))
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
                        view.pointOffset + SpatialIndexLayout.recordSize * lo,
                        SpatialIndexLayout.recordSize * (hi - lo))
                    var p = view.points + 8 * lo
                    for i in lo..<hi {
                        let dx = p[0] - qx, dy = p[1] - qy, dz = p[2] - qz
                        p += 8
                        let c2 = dx * dx + dy * dy + dz * dz
                        guard c2 <= limit2 else { continue }
                        scratch.candidates.append(Candidate(key: c2, position: i))
                        if scratch.chords.offer(c2) {
                            limit2 = min(
                                distanceLimit2, ChordBounds.chordLimit2(forUpperBoundOfChord2: scratch.chords.top))
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
                    if dr <= limit2 && top < SearchScratch.stackCapacity {
                        stack[top] = PendingNode(node: right, lo: mid, hi: hi, d2: dr)
                        top += 1
                    }
                    (node, hi, d2) = (left, mid, dl)
                } else {
                    if dl <= limit2 && top < SearchScratch.stackCapacity {
                        stack[top] = PendingNode(node: left, lo: lo, hi: mid, d2: dl)
                        top += 1
                    }
                    (node, lo, d2) = (right, mid, dr)
                }
            }
        }
        return limit2
    }
}

/// Buffers one query needs, kept across the queries of a batch: the candidates, the measured
/// ones, the heap of the k smallest chords and the depth-first stack.
struct SearchScratch {
    var candidates: [SearchCandidate] = []
    var measured: [MeasuredCandidate] = []
    /// Tree positions of the last answer (a batch seeds the next query's bound with them).
    var answer: [Int] = []
    var chords: ChordHeap
    /// The depth-first stack of phase 1.
    let stack: UnsafeMutablePointer<PendingNode>
    static let stackCapacity = 64

    /// Buffers for queries of `k` (already at most `count`) answers over `count` points.
    init(k: Int, count: Int) {
        // No bound applies when every point is asked for.
        chords = ChordHeap(capacity: k < count ? k : 0)
        stack = .allocate(capacity: Self.stackCapacity)
        // Room for a typical query up front (about 2k chord candidates; k measured), so the
        // arrays do not grow one doubling at a time on every single query.
        let typical = min(k, count, 256)
        candidates.reserveCapacity(2 * typical + 32)
        measured.reserveCapacity(typical + 16)
        answer.reserveCapacity(typical)
    }

    func release() {
        chords.release()
        stack.deallocate()
    }
}

/// A subtree still to visit, with the squared distance to its box.
struct PendingNode {
    var node: Int
    var lo: Int
    var hi: Int
    var d2: Double
}

/// A candidate: squared chord (or, for far queries, a lower bound) and position in tree order.
struct SearchCandidate {
    var key: Double
    var position: Int
}

/// A candidate whose length phase 2 has measured: by the chord formula, or exactly.
struct MeasuredCandidate {
    var length: Double
    var id: UInt32
    var exact: Bool
    var position: Int
}
