/// A binary min-heap of values keyed by a distance: the searches' priority queue (with lazy
/// deletion by their callers: an outdated entry is skipped when it comes out).
struct MinHeap<Value> {
    private var items: [(key: Double, value: Value)] = []

    var isEmpty: Bool { items.isEmpty }

    /// The entry with the smallest key.
    var first: (key: Double, value: Value)? { items.first }

    mutating func push(_ key: Double, _ value: Value) {
        items.append((key, value))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].key < items[parent].key else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the entry with the smallest key.
    mutating func pop() -> (key: Double, value: Value)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            let count = items.count
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < count, items[left].key < items[smallest].key { smallest = left }
                if right < count, items[right].key < items[smallest].key { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
