/// Joins the ways of a multipolygon (or a closed way) into closed rings of node ids, end to end
/// in either direction, as libosmium's assembler does before it checks geometry. Roles are not
/// needed: whether a ring is outer or inner follows from where it lies (even-odd).
public enum RingAssembler {
    /// The rings, and how many chains of ways could not be closed into one.
    public struct Result: Sendable, Hashable {
        public var rings: [[Int64]]
        public var openChains: Int
    }

    /// At most this many ways are joined for one relation (the largest real multipolygons have
    /// a few thousand); past it the relation is not assembled.
    public static let maxWays = 50_000

    /// Joins `ways` (node id lists, each of at least two ids).
    public static func assemble(_ ways: [[Int64]]) -> Result {
        var rings: [[Int64]] = []
        var open: [[Int64]] = []
        for way in ways where way.count >= 2 {
            if way.first == way.last {
                if way.count >= 4 { rings.append(way) }
            } else {
                open.append(way)
            }
        }
        guard open.count <= maxWays else { return Result(rings: rings, openChains: open.count) }
        // Ways by each end's node id.
        var byEnd: [Int64: [Int]] = [:]
        for (index, way) in open.enumerated() {
            if let first = way.first, let last = way.last {
                byEnd[first, default: []].append(index)
                byEnd[last, default: []].append(index)
            }
        }
        var used = Array(repeating: false, count: open.count)
        var leftOver = 0
        for start in open.indices where !used[start] {
            used[start] = true
            var ring = open[start]
            var closed = false
            var steps = 0
            while let tail = ring.last, let head = ring.first, steps <= open.count {
                steps += 1
                if tail == head, ring.count >= 4 {
                    closed = true
                    break
                }
                guard let next = byEnd[tail]?.first(where: { !used[$0] }) else { break }
                used[next] = true
                let way = open[next]
                if way.first == tail {
                    ring.append(contentsOf: way.dropFirst())
                } else {
                    ring.append(contentsOf: way.reversed().dropFirst())
                }
            }
            if closed { rings.append(ring) } else { leftOver += 1 }
        }
        return Result(rings: rings, openChains: leftOver)
    }
}
