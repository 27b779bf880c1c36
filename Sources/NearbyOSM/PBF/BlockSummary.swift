/// What decoding one PrimitiveBlock learned about it, so a later pass can skip the block
/// without inflating it: the kinds of element it holds and the range of its node ids.
struct BlockSummary: Sendable, Hashable {
    var hasNodes = false
    var hasTaggedNodes = false
    var hasWays = false
    var hasRelations = false
    var minNodeID = Int64.max
    var maxNodeID = Int64.min
    /// The newest element timestamp seen (seconds since 1970), if timestamps were read.
    var newestTimestamp: Int64?

    mutating func noteNode(_ id: Int64) {
        hasNodes = true
        if id < minNodeID { minNodeID = id }
        if id > maxNodeID { maxNodeID = id }
    }

    /// Notes an element's timestamp; 0 (1970-01-01) is what writers put when they have none, so
    /// it is not a time.
    mutating func noteTimestamp(_ seconds: Int64) {
        if seconds > 0, seconds > (newestTimestamp ?? .min) { newestTimestamp = seconds }
    }

    /// True when a pass with `options` (and, for untagged nodes, the handler's interest in this
    /// block's id range) has anything to read in this block.
    func matters(to options: OSMReadOptions, nodeRange wanted: (Int64, Int64) -> Bool) -> Bool {
        if options.ways, hasWays { return true }
        if options.relations, hasRelations { return true }
        guard hasNodes, options.wantsNodes else { return false }
        if options.taggedNodes, hasTaggedNodes { return true }
        guard options.untaggedNodes else { return false }
        return minNodeID <= maxNodeID && wanted(minNodeID, maxNodeID)
    }
}
