#if canImport(Glibc)
    import Glibc
#endif

/// The state of one Dijkstra search over node indices: per-node distances and predecessors in
/// flat arrays the size of the network, and a binary heap with lazy deletion.
///
/// The arrays are allocated zeroed (`calloc`) or uninitialised (`malloc`); for a network of
/// millions of nodes those are fresh pages from the kernel, so a search pays only for the pages
/// of the nodes it touches, not for the whole network. A node's distance and predecessor are read
/// only once its state says it was reached.
struct Dijkstra: ~Copyable {
    private static let unreached: UInt8 = 0
    private static let reached: UInt8 = 1
    private static let settled: UInt8 = 2

    private let capacity: Int
    private let state: UnsafeMutablePointer<UInt8>
    private let distance: UnsafeMutablePointer<Double>
    private let previousNode: UnsafeMutablePointer<Int>
    private let previousSlot: UnsafeMutablePointer<Int>
    private var heap = MinHeap<(node: Int, walked: Double)>()

    /// A search over nodes `0..<nodeCount`.
    init(nodeCount: Int) {
        capacity = max(1, nodeCount)
        let raw = calloc(capacity, 1)?.assumingMemoryBound(to: UInt8.self)
        state = raw ?? UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        if raw == nil { state.initialize(repeating: Self.unreached, count: capacity) }
        distance = .allocate(capacity: capacity)
        previousNode = .allocate(capacity: capacity)
        previousSlot = .allocate(capacity: capacity)
    }

    deinit {
        free(state)
        distance.deallocate()
        previousNode.deallocate()
        previousSlot.deallocate()
    }

    /// Starts the search at `node` with `distance` already walked.
    mutating func seed(_ node: Int, _ value: Double, previous from: Int, slot: Int, estimate: Double = 0) {
        relax(node, value, previous: from, slot: slot, estimate: estimate)
    }

    /// Lowers `node`'s distance to `value` when that is shorter; it is queued by `value +
    /// estimate`, where `estimate` is a consistent lower bound of the rest of the walk (0 for a
    /// plain Dijkstra, the chord to the target for an A* search).
    mutating func relax(_ node: Int, _ value: Double, previous from: Int, slot: Int, estimate: Double = 0) {
        guard node >= 0, node < capacity else { return }
        let current = state[node]
        guard current != Self.settled, current == Self.unreached || value < distance[node] else { return }
        state[node] = Self.reached
        distance[node] = value
        previousNode[node] = from
        previousSlot[node] = slot
        heap.push(value + estimate, (node, value))
    }

    /// The unsettled node with the smallest key (its distance plus its estimate), now settled:
    /// the node, its distance and its key.
    mutating func popMin() -> (node: Int, distance: Double, key: Double)? {
        while let (key, entry) = heap.pop() {
            guard state[entry.node] == Self.reached, entry.walked == distance[entry.node] else { continue }
            state[entry.node] = Self.settled
            return (entry.node, entry.walked, key)
        }
        return nil
    }

    /// The smallest key still in the heap: a lower bound of every walk through an unsettled node
    /// (to the target, with an estimate).
    var minimum: Double? {
        mutating get {
            while let (_, entry) = heap.first,
                state[entry.node] != Self.reached || entry.walked != distance[entry.node]
            {
                _ = heap.pop()
            }
            return heap.first?.key
        }
    }

    /// The nodes from the seed to `node` and the slots of the edges between them.
    func path(to node: Int) -> (nodes: [Int], slots: [Int]) {
        var nodes = [node]
        var slots: [Int] = []
        var current = node
        while current >= 0, current < capacity, state[current] != Self.unreached, previousNode[current] >= 0,
            nodes.count <= capacity
        {
            slots.append(previousSlot[current])
            current = previousNode[current]
            nodes.append(current)
        }
        return (nodes.reversed(), slots.reversed())
    }
}
