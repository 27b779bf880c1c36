/// A PrimitiveBlock's string table: the byte range of each string in the inflated block, and
/// the indices of the strings a pass looks for, found once per block.
struct StringTable {
    private(set) var starts: [Int32] = []
    private(set) var ends: [Int32] = []
    private var bytes = UnsafeRawBufferPointer(start: nil, count: 0)

    var count: Int { starts.count }

    /// Reads the `StringTable` message at `range` of `block` (field 1: repeated bytes).
    mutating func load(_ block: UnsafeRawBufferPointer, range: Range<Int>) throws(OSMReadError) {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        bytes = block
        var reader = ProtoReader(block, range: range)
        while let key = try reader.nextKey() {
            guard key.field == 1 else {
                try reader.skip(key.wireType)
                continue
            }
            try ProtoReader.require(key, 2, "a string of the string table")
            let string = try reader.lengthDelimited()
            // A block is at most 32 MiB, so every offset fits in 32 bits.
            starts.append(Int32(truncatingIfNeeded: string.lowerBound))
            ends.append(Int32(truncatingIfNeeded: string.upperBound))
        }
    }

    /// The text of string `index`, or a damage error when the index is past the table.
    @inline(__always)
    func text(_ index: UInt64) throws(OSMReadError) -> OSMText {
        guard index < UInt64(starts.count) else {
            throw .malformed("a string index \(index) is past the block's table of \(starts.count) strings")
        }
        let i = Int(index)
        return OSMText(UnsafeRawBufferPointer(rebasing: bytes[Int(starts[i])..<Int(ends[i])]))
    }
}
