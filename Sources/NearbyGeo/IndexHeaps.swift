// The bounded max-heap of chords used by IndexSearch.

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
