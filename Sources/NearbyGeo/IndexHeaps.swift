// Small bounded max-heaps used by IndexSearch.

/// The `capacity` smallest values offered so far, largest on top (manual storage, released
/// by its owner with ``release()``; capacity 0 accepts nothing).
struct ChordHeap {
    private let values: UnsafeMutablePointer<Double>?
    private var count = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        values = capacity > 0 ? .allocate(capacity: capacity) : nil
    }

    func release() { values?.deallocate() }

    /// Empties the heap (keeping its storage).
    mutating func reset() { count = 0 }

    /// True when it holds `capacity` values (never for capacity 0).
    var isFull: Bool { capacity > 0 && count == capacity }

    var top: Double { values?[0] ?? .infinity }

    /// Offers a value; returns true when the heap is full and its top may have changed.
    @inline(__always) mutating func offer(_ v: Double) -> Bool {
        guard let values else { return false }
        if count < capacity {
            var i = count
            count += 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard values[parent] < v else { break }
                values[i] = values[parent]
                i = parent
            }
            values[i] = v
            return count == capacity
        }
        guard v < values[0] else { return false }
        var i = 0
        while true {
            let l = 2 * i + 1
            let r = l + 1
            var largest = l
            if l >= capacity { break }
            if r < capacity && values[r] > values[l] { largest = r }
            if values[largest] <= v { break }
            values[i] = values[largest]
            i = largest
        }
        values[i] = v
        return true
    }
}

/// The `capacity` best neighbours by (distance, index), worst on top.
struct NeighborHeap {
    private var items: [Neighbor] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    var count: Int { items.count }
    var worstDistance: Double { items[0].distance }

    @inline(__always) private static func worse(_ a: Neighbor, _ b: Neighbor) -> Bool {
        a.distance > b.distance || (a.distance == b.distance && a.index > b.index)
    }

    mutating func offer(_ item: Neighbor) {
        if items.count < capacity {
            items.append(item)
            var i = items.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard Self.worse(items[i], items[parent]) else { break }
                items.swapAt(parent, i)
                i = parent
            }
            return
        }
        guard capacity > 0, Self.worse(items[0], item) else { return }
        items[0] = item
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var worst = i
            if l < capacity && Self.worse(items[l], items[worst]) { worst = l }
            if r < capacity && Self.worse(items[r], items[worst]) { worst = r }
            if worst == i { break }
            items.swapAt(i, worst)
            i = worst
        }
    }

    /// The contents nearest first, ties by index.
    consuming func sorted() -> [Neighbor] {
        var result = items
        items = []
        guard result.count > 32 else {
            // Insertion sort: the usual k is small.
            for i in result.indices.dropFirst() {
                let item = result[i]
                var j = i
                while j > 0 && Self.worse(result[j - 1], item) {
                    result[j] = result[j - 1]
                    j -= 1
                }
                result[j] = item
            }
            return result
        }
        result.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return result
    }
}
