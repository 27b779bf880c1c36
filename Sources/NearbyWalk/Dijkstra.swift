/// The state of one Dijkstra search over node indices: tentative distances and predecessors in
/// dictionaries (a search touches a neighbourhood, never the whole network) and a binary heap
/// with lazy deletion.
struct Dijkstra {
    private var distance: [Int: Double] = [:]
    private var previous: [Int: (node: Int, slot: Int)] = [:]
    private var settled = Set<Int>()
    private var heap: [(distance: Double, node: Int)] = []

    /// Starts the search at `node` with `distance` already walked.
    mutating func seed(_ node: Int, _ value: Double, previous from: Int, slot: Int) {
        relax(node, value, previous: from, slot: slot)
    }

    /// Lowers `node`'s distance to `value` when that is shorter.
    mutating func relax(_ node: Int, _ value: Double, previous from: Int, slot: Int) {
        guard !settled.contains(node), value < distance[node] ?? .infinity else { return }
        distance[node] = value
        previous[node] = (from, slot)
        push((value, node))
    }

    /// The nearest unsettled node and its distance, now settled.
    mutating func popMin() -> (Int, Double)? {
        while let top = pop() {
            guard !settled.contains(top.node), top.distance == distance[top.node] else { continue }
            settled.insert(top.node)
            return (top.node, top.distance)
        }
        return nil
    }

    /// The smallest distance still in the heap (a lower bound for every unsettled node).
    var minimum: Double? {
        mutating get {
            while let top = heap.first, settled.contains(top.node) || top.distance != distance[top.node] {
                _ = pop()
            }
            return heap.first?.distance
        }
    }

    /// The nodes from the seed to `node` and the slots of the edges between them.
    func path(to node: Int) -> (nodes: [Int], slots: [Int]) {
        var nodes = [node]
        var slots: [Int] = []
        var current = node
        while let step = previous[current], step.node >= 0 {
            slots.append(step.slot)
            nodes.append(step.node)
            current = step.node
        }
        return (nodes.reversed(), slots.reversed())
    }

    private mutating func push(_ item: (distance: Double, node: Int)) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].distance < heap[parent].distance else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() -> (distance: Double, node: Int)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].distance < heap[smallest].distance { smallest = left }
                if right < heap.count, heap[right].distance < heap[smallest].distance { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first
    }
}
