/// A buffer that a decoder empties and fills again for every record: plain memory that grows
/// to the largest record seen, so an append is a store and a count, with none of an array's
/// copy-on-write checks, and emptying it is setting the count to zero.
///
/// A class, so the builder that owns it (a struct) never copies it; a copy of that builder
/// shares it, which is harmless as each record's contents are written and read within one
/// call. One thread at a time (the builder is not `Sendable`), hence no exclusivity checks.
final class RecordScratch<Element: BitwiseCopyable> {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    /// Elements held.
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The elements held, valid until the next change.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        reserve(elements.count)
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Empties it, keeping the memory.
    @inline(__always)
    func removeAll() {
        count = 0
    }

    /// Room for `more` elements after those held.
    fileprivate func reserve(_ more: Int) {
        if more > capacity - count { grow(to: count + more) }
    }

    private func grow(to needed: Int) {
        let grown = max(needed, 2 * capacity)
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}

extension RecordScratch where Element == UInt8 {
    /// Appends the UTF-8 of `text`.
    func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends raw bytes (copied as bytes, whatever the memory is bound to).
    func append(bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }
}
