// Many nearest-neighbour queries over one index on one thread: the queries taken in Z order
// (Morton order of latitude and longitude), so that consecutive ones read the same boxes and
// records while they are still in cache, each one's chord search starting from the bound the
// previous answer gives, and the buffers of a query kept for the next.

struct BatchSearch<Guard: IndexReadGuard> {
    let view: IndexView
    let readGuard: Guard
    /// Answers per query, already at most the number of points (and at least 1).
    let k: Int
    let maxDistance: Double

    /// The answers in the order of `queries`: each exactly what `IndexSearch` gives alone.
    func run(
        _ queries: [Coordinate], _ statistics: inout SpatialIndex.SearchStatistics
    ) throws(Guard.Failure) -> [[Neighbor]] {
        var results = [[Neighbor]](repeating: [], count: queries.count)
        let n = view.layout.count
        var scratch = SearchScratch(k: k, count: n)
        defer { scratch.release() }
        // Only a full answer (k < n points) bounds the next query's k-th chord.
        let seeds = k < n
        for i in QueryOrder.zOrder(queries) {
            let search = IndexSearch(view: view, guard: readGuard, query: queries[i], k: k, maxDistance: maxDistance)
            var seed = Double.infinity
            if seeds && scratch.answer.count == k {
                // k points with chords of at most √seed: the k-th nearest is no farther than
                // the upper bound of that chord, as the heap of phase 1 would find.
                var largest = 0.0
                for position in scratch.answer { largest = max(largest, search.chord2(position)) }
                seed = ChordBounds.chordLimit2(forUpperBoundOfChord2: largest)
            }
            results[i] = try search.run(&scratch, seedLimit2: seed, &statistics)
        }
        return results
    }
}

/// The order in which a batch visits its queries.
enum QueryOrder {
    /// Positions of `queries` sorted by the Morton code of their latitude and longitude (16 bits
    /// each), ties in input order.
    static func zOrder(_ queries: [Coordinate]) -> [Int] {
        let n = queries.count
        guard n > 2, n <= Int(UInt32.max) else { return Array(0..<n) }
        var keys = [UInt64](repeating: 0, count: n)
        for (i, q) in queries.enumerated() {
            let code = interleave(cell(q.latitude, 90)) << 1 | interleave(cell(q.longitude, 180))
            keys[i] = code << 32 | UInt64(truncatingIfNeeded: i)
        }
        // Least significant digit first over the code's four bytes (stable, so ties stay in order).
        var other = [UInt64](repeating: 0, count: n)
        for shift in stride(from: 32, to: 64, by: 8) {
            var counts = [Int](repeating: 0, count: 257)
            for key in keys { counts[Int(truncatingIfNeeded: (key >> UInt64(shift)) & 0xFF) + 1] += 1 }
            for d in 1..<257 { counts[d] += counts[d - 1] }
            for key in keys {
                let digit = Int(truncatingIfNeeded: (key >> UInt64(shift)) & 0xFF)
                other[counts[digit]] = key
                counts[digit] += 1
            }
            swap(&keys, &other)
        }
        return keys.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
    }

    /// A coordinate in [−range, range] (a valid one) as a cell number in 0…65535.
    @inline(__always) private static func cell(_ degrees: Double, _ range: Double) -> UInt64 {
        let scaled = (degrees + range) * (65_535 / (2 * range))
        guard scaled > 0 else { return 0 }
        return scaled < 65_535 ? UInt64(scaled) : 65_535
    }

    /// The 16 low bits of `x` spread to the even bits of the result.
    @inline(__always) private static func interleave(_ x: UInt64) -> UInt64 {
        var v = x & 0xFFFF
        v = (v | v << 8) & 0x00FF_00FF
        v = (v | v << 4) & 0x0F0F_0F0F
        v = (v | v << 2) & 0x3333_3333
        v = (v | v << 1) & 0x5555_5555
        return v
    }
}
