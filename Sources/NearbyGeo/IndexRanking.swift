// Phase 2 of a nearest-neighbour query: the candidates of IndexSearch measured in order of their
// lower bound, lines of 10 m to 30 km by their chord (ChordGeodesic) and the others by the inverse
// solve, then every group of lengths too close to order by the chord formula settled by the solve.
//
// Why the answer is exactly the brute-force order of Geodesic.distance: write G for that distance,
// v for the measured length (|v − G| ≤ ε = ChordGeodesic.tolerance, v = G when solved) and T for
// the largest of the first k lengths measured (no less than the k-th smallest; candidates come in
// chord order, so it is nearly always that). The loop stops at a lower bound L > T + 2ε: every point
// not measured has G ≥ L > T + 2ε, while k measured points have G ≤ T + ε, so none of those
// points can be in the answer. Sorted by v, two lengths more than 2ε apart are in the same order
// by G; runs of lengths closer than that (ties, duplicates) are solved and sorted by (G, index),
// as are lengths within ε of the radius. Each reported distance is then G (solved) or within ε
// of it, and the list stays sorted by the values it reports.

struct IndexRanking<Guard: IndexReadGuard> {
    let search: IndexSearch<Guard>

    func rank(
        _ scratch: inout SearchScratch, limit2: Double, _ statistics: inout SpatialIndex.SearchStatistics
    ) throws(Guard.Failure) -> [Neighbor] {
        var candidates: [SearchCandidate] = []
        var measured: [MeasuredCandidate] = []
        swap(&candidates, &scratch.candidates)
        swap(&measured, &scratch.measured)
        defer {
            swap(&candidates, &scratch.candidates)
            swap(&measured, &scratch.measured)
        }
        let far = keep(&candidates, limit2: limit2)
        if candidates.count <= 48 {
            insertionSort(&candidates) { $0.key < $1.key }
        } else {
            candidates.sort { $0.key < $1.key }
        }
        measured.removeAll(keepingCapacity: true)
        // The first k lengths measured and the largest of them (T above).
        var counted = 0
        var bound = -Double.infinity
        let k = search.k
        let epsilon = ChordGeodesic.tolerance
        let maxDistance = search.maxDistance
        let points = search.view.points
        for c in candidates {
            let lower = far ? c.key : ChordBounds.lower(chord: c.key.squareRoot())
            if lower > maxDistance { break }
            if counted == k, lower > bound + 2 * epsilon { break }
            let t = points + 8 * c.position
            let chord2 = far ? search.chord2(c.position) : c.key
            let length: Double
            let exact: Bool
            if chord2 >= ChordGeodesic.minimumChord2 && chord2 <= ChordGeodesic.chordLimit2 {
                length = ChordGeodesic.length(chord2: chord2, (t[0], t[1], t[2]), search.q)
                exact = false
                statistics.chordLengths += 1
            } else {
                length = solve(c.position)
                exact = true
                statistics.geodesics += 1
            }
            guard length <= maxDistance + (exact ? 0 : epsilon) else { continue }
            let id = UInt32(littleEndian: UnsafeRawPointer(t + 7).load(as: UInt32.self))
            measured.append(MeasuredCandidate(length: length, id: id, exact: exact, position: c.position))
            if counted < k {
                counted += 1
                bound = max(bound, length)
            }
        }
        return settle(&measured, answer: &scratch.answer, &statistics)
    }

    /// Keeps the candidates under the final limit; for a far query (a chord beyond the Schur
    /// bound's range) their keys become the lower bound max(c, b·θ), which orders them as well.
    private func keep(_ candidates: inout [SearchCandidate], limit2: Double) -> Bool {
        let farChord2 = ChordBounds.upperBoundChordLimit * ChordBounds.upperBoundChordLimit
        var kept = 0
        var far = false
        for i in candidates.indices where candidates[i].key <= limit2 {
            far = far || candidates[i].key > farChord2
            candidates[kept] = candidates[i]
            kept += 1
        }
        candidates.removeLast(candidates.count - kept)
        if far {
            let points = search.view.points
            for i in candidates.indices {
                let p = points + 8 * candidates[i].position
                candidates[i].key = ChordBounds.lower((p[0], p[1], p[2]), search.q)
            }
        }
        return far
    }

    /// The answer from the measured candidates: sorted by (length, index), groups closer than
    /// 2ε and lengths near the radius settled by the solve, at most k.
    private func settle(
        _ measured: inout [MeasuredCandidate], answer: inout [Int],
        _ statistics: inout SpatialIndex.SearchStatistics
    ) -> [Neighbor] {
        answer.removeAll(keepingCapacity: true)
        let byLength = { (a: MeasuredCandidate, b: MeasuredCandidate) in (a.length, a.id) < (b.length, b.id) }
        if measured.count <= 48 {
            insertionSort(&measured, by: byLength)
        } else {
            measured.sort(by: byLength)
        }
        let epsilon = ChordGeodesic.tolerance
        let maxDistance = search.maxDistance
        let k = search.k
        var result: [Neighbor] = []
        result.reserveCapacity(min(k, measured.count))
        var i = 0
        while i < measured.count && result.count < k {
            var j = i + 1
            while j < measured.count && measured[j].length - measured[j - 1].length <= 2 * epsilon { j += 1 }
            let nearRadius = !measured[i].exact && measured[i].length > maxDistance - epsilon
            if !nearRadius && (j - i == 1 || samePoint(measured[i..<j])) {
                // One length, or one place stored several times (several toilets at one site):
                // the same inputs give the same length, so (length, id) is already their order.
                for m in i..<j where result.count < k {
                    result.append(Neighbor(index: Int(measured[m].id), distance: measured[m].length))
                    answer.append(measured[m].position)
                }
                i = j
                continue
            }
            for m in i..<j where !measured[m].exact {
                measured[m].length = solve(measured[m].position)
                measured[m].exact = true
                statistics.geodesics += 1
                statistics.settled += 1
            }
            var group = Array(measured[i..<j])
            insertionSort(&group, by: byLength)
            for m in group where m.length <= maxDistance && result.count < k {
                result.append(Neighbor(index: Int(m.id), distance: m.length))
                answer.append(m.position)
            }
            i = j
        }
        return result
    }

    /// Whether every candidate of `group` is stored at the same latitude and longitude (bit for
    /// bit), so that `Geodesic.distance` from the query is the same number for all of them.
    private func samePoint(_ group: ArraySlice<MeasuredCandidate>) -> Bool {
        guard let first = group.first else { return true }
        let points = search.view.points
        let a = points + 8 * first.position
        for m in group.dropFirst() {
            let b = points + 8 * m.position
            guard a[3].bitPattern == b[3].bitPattern, a[4].bitPattern == b[4].bitPattern else { return false }
        }
        return true
    }

    /// Geodesic.distance(query, point at `position`), bit for bit: the stored terms are
    /// latitudeTerms(latitude) of the point, computed with the same libm (LibmFingerprint).
    @inline(__always) private func solve(_ position: Int) -> Double {
        let t = search.view.points + 8 * position
        let geodesic = Geodesic.wgs84
        let terms = geodesic.latitudeTerms(latitude: t[3], sbet: t[5], cbet: t[6])
        // The query's terms only here: most queries solve nothing.
        let queryTerms = geodesic.latitudeTerms(search.query.latitude)
        return geodesic.solveInverse(queryTerms, search.query.longitude, terms, t[4], distanceOnly: true).s12
    }
}

/// Sorts a short array in place (stable).
@inline(__always)
func insertionSort<Element>(_ a: inout [Element], by less: (Element, Element) -> Bool) {
    guard a.count > 1 else { return }
    for i in 1..<a.count {
        let item = a[i]
        var j = i
        while j > 0 && less(item, a[j - 1]) {
            a[j] = a[j - 1]
            j -= 1
        }
        a[j] = item
    }
}
