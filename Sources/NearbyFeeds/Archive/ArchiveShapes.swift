import Foundation

/// The names section of a place archive while it is built (``PlaceArchiveLayout``): every
/// attribute or field name once, and every record *shape* once.
///
/// A shape is what the records of one feed have in common: how many attributes and raw fields
/// they have, the names of each in order, and for each attribute whether its value is one of
/// the record's raw fields (the usual case: an attribute is mapped from a field). A record then
/// stores only its values, 8 bytes each, and its shape's number; a feed of a million records
/// with nine names each keeps its names once instead of nine million times.
///
/// Shapes and names are shared through tables of at most ``internLimit`` entries each, so a
/// hostile feed whose every record has other names cannot grow them without bound: past the
/// limit a new shape or name is written out without being remembered (the section then grows
/// by one shape per record, or one name per use, as the names did in format 3).
struct ArchiveShapes {
    static let internLimit = 1 << 16
    /// The source word of an attribute whose value is stored among the record's own values.
    static let ownValue = UInt32.max

    private var names: [[UInt8]: UInt32] = [:]
    /// The name index used at each position of the last place (key, a zero byte, label):
    /// records of one feed name their fields in the same order, so most lookups end here
    /// without hashing.
    private var recentNames: [(lookup: [UInt8], index: UInt32)] = []
    private var shapes: [[UInt32]: UInt32] = [:]
    /// The shape of the last place and its number (records of one feed mostly share one, so
    /// most places end here without hashing or making an array).
    private var lastShape: [UInt32] = []
    private var lastShapeNumber: UInt32?
    private let limit: Int
    private let nameTable = PagedBytes()
    private let offsets = PagedBytes()
    private let words = PagedBytes()
    private var wordCount: UInt32 = 0
    private(set) var nameCount: UInt32 = 0
    private(set) var shapeCount: UInt32 = 0

    init(internLimit: Int = ArchiveShapes.internLimit) {
        limit = internLimit
    }

    var failed: Bool { nameTable.failed || offsets.failed || words.failed }

    /// The number of the name (`key`, `label`) met at `position` of a place, its texts stored
    /// in `strings` the first time.
    mutating func nameIndex(
        key: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>, position: Int,
        strings: inout ArchiveStrings
    ) throws(PlaceSinkFull) -> UInt32 {
        if position < recentNames.count,
            Self.isLookup(recentNames[position].lookup, key: key, label: label)
        {
            return recentNames[position].index
        }
        var lookup = [UInt8](key)
        lookup.append(0)
        lookup.append(contentsOf: label)
        let index: UInt32
        if let known = names[lookup] {
            index = known
        } else {
            index = nameCount
            guard nameCount < UInt32.max else {
                throw PlaceSinkFull("a place archive holds at most \(UInt32.max - 1) names")
            }
            nameCount += 1
            if names.count < limit { names[lookup] = index }
            nameTable.append(try strings.ref(key))
            nameTable.append(try strings.ref(label))
        }
        if position < recentNames.count {
            recentNames[position] = (lookup, index)
        } else if position == recentNames.count {
            recentNames.append((lookup, index))
        }
        return index
    }

    /// The number of the shape `shape` (attribute count, field count, (name, source) per
    /// attribute, name per field), written out the first time.
    mutating func number(of candidate: UnsafeBufferPointer<UInt32>) throws(PlaceSinkFull) -> UInt32 {
        if let lastShapeNumber, Self.equal(lastShape, candidate) { return lastShapeNumber }
        let shape = Array(candidate)
        if let known = shapes[shape] {
            (lastShape, lastShapeNumber) = (shape, known)
            return known
        }
        let (nextWords, overflow) = wordCount.addingReportingOverflow(UInt32(truncatingIfNeeded: shape.count))
        guard !overflow, shape.count <= Int(UInt32.max), shapeCount < UInt32.max else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max) names in its shapes")
        }
        let number = shapeCount
        shapeCount += 1
        offsets.append(wordCount)
        wordCount = nextWords
        for word in shape { words.append(word) }
        if shapes.count < limit { shapes[shape] = number }
        (lastShape, lastShapeNumber) = (shape, number)
        return number
    }

    /// True when `stored` holds exactly `words`.
    private static func equal(_ stored: [UInt32], _ words: UnsafeBufferPointer<UInt32>) -> Bool {
        guard stored.count == words.count else { return false }
        return stored.withUnsafeBytes { stored in
            guard let left = stored.baseAddress, let right = words.baseAddress else { return true }
            return ShortBytes.equal(left, UnsafeRawPointer(right), count: stored.count)
        }
    }

    /// The section's parts in order: the two counts, the names, the shapes' offsets, their
    /// words. The tables are dropped; used once.
    mutating func finish() -> [PagedBytes] {
        names = [:]
        recentNames = []
        shapes = [:]
        lastShape = []
        lastShapeNumber = nil
        let counts = PagedBytes()
        counts.append(nameCount)
        counts.append(shapeCount)
        return [counts, nameTable, offsets, words]
    }

    /// True when `lookup` is `key`, a zero byte, `label`.
    private static func isLookup(
        _ lookup: [UInt8], key: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard lookup.count == key.count + 1 + label.count else { return false }
        return lookup.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            return ShortBytes.equal(UnsafeBufferPointer(start: base, count: key.count), key)
                && ShortBytes.equal(UnsafeBufferPointer(start: base + key.count + 1, count: label.count), label)
        }
    }
}
