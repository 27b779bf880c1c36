/// The positions of just the nodes a build needs: their ids sorted once, a position per id,
/// filled by one pass over the extract that decodes only the PBF node blocks whose id range
/// holds a wanted id. Memory is in proportion to the ids asked for, never to the file.
public struct OSMNodeLocations: OSMHandler {
    private let ids: [Int64]
    private var locations: [OSMLocation?]
    /// How many wanted ids the pass found.
    public private(set) var found = 0

    /// A store for `ids` (in any order, repeats allowed).
    public init<S: Sequence>(ids: S) where S.Element == Int64 {
        var sorted = Array(ids)
        sorted.sort()
        var unique: [Int64] = []
        unique.reserveCapacity(sorted.count)
        for id in sorted where unique.last != id { unique.append(id) }
        self.ids = unique
        locations = Array(repeating: nil, count: unique.count)
    }

    /// How many distinct ids are wanted.
    public var count: Int { ids.count }

    /// The wanted ids, sorted, each once.
    public var sortedIDs: [Int64] { ids }

    /// The options of the pass that fills the store.
    public static let passOptions = OSMReadOptions(
        taggedNodes: true, untaggedNodes: true, ways: false, relations: false)

    /// The position of node `id`, or nil when it was not wanted or the extract does not hold it.
    public func location(of id: Int64) -> OSMLocation? {
        guard let index = index(of: id) else { return nil }
        return locations[index]
    }

    private func index(of id: Int64) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    public mutating func node(_ node: OSMNode) throws(OSMReadError) {
        guard let index = index(of: node.id), locations[index] == nil, node.location.isValid else { return }
        locations[index] = node.location
        found += 1
    }

    public func wantsNodes(from first: Int64, through last: Int64) -> Bool {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < first { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] <= last
    }
}
