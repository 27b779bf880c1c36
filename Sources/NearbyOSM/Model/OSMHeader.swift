/// What an extract says about itself: its bounding box, the program that wrote it and the
/// instant its data was taken (Geofabrik and BBBike write the replication timestamp).
public struct OSMHeader: Sendable, Hashable {
    /// The bounding box as south-west and north-east corners, if the file gives one.
    public var bounds: (southWest: OSMLocation, northEast: OSMLocation)?
    /// `writingprogram` (PBF) or the `generator` attribute (XML).
    public var generator: String?
    /// `osmosis_replication_timestamp` (PBF) or the root's `timestamp` (XML), in seconds since
    /// 1970, if present.
    public var replicationTimestamp: Int64?
    /// The header's required features (PBF only).
    public var requiredFeatures: [String]

    public init(
        bounds: (southWest: OSMLocation, northEast: OSMLocation)? = nil, generator: String? = nil,
        replicationTimestamp: Int64? = nil, requiredFeatures: [String] = []
    ) {
        self.bounds = bounds
        self.generator = generator
        self.replicationTimestamp = replicationTimestamp
        self.requiredFeatures = requiredFeatures
    }

    public static func == (a: OSMHeader, b: OSMHeader) -> Bool {
        a.bounds?.southWest == b.bounds?.southWest && a.bounds?.northEast == b.bounds?.northEast
            && a.generator == b.generator && a.replicationTimestamp == b.replicationTimestamp
            && a.requiredFeatures == b.requiredFeatures
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bounds?.southWest)
        hasher.combine(bounds?.northEast)
        hasher.combine(generator)
        hasher.combine(replicationTimestamp)
        hasher.combine(requiredFeatures)
    }
}

/// Receives an extract's elements in file order. Every element and text is lent for the call
/// only: a handler that keeps something copies it. Each method may throw to stop the read.
public protocol OSMHandler {
    /// The file's header, before any element.
    mutating func header(_ header: OSMHeader) throws(OSMReadError)
    /// A node (with the read's ``OSMReadOptions/untaggedNodes`` off, only nodes with tags).
    mutating func node(_ node: OSMNode) throws(OSMReadError)
    /// A way.
    mutating func way(_ way: OSMWay) throws(OSMReadError)
    /// A relation.
    mutating func relation(_ relation: OSMRelation) throws(OSMReadError)
    /// Whether a PBF block of untagged nodes with ids from `first` through `last` is worth
    /// decoding (asked only in passes after the first, which noted each block's id range).
    func wantsNodes(from first: Int64, through last: Int64) -> Bool
}

extension OSMHandler {
    public mutating func header(_ header: OSMHeader) throws(OSMReadError) {}
    public mutating func node(_ node: OSMNode) throws(OSMReadError) {}
    public mutating func way(_ way: OSMWay) throws(OSMReadError) {}
    public mutating func relation(_ relation: OSMRelation) throws(OSMReadError) {}
    public func wantsNodes(from first: Int64, through last: Int64) -> Bool { true }
}

/// Which elements one pass over an extract decodes and hands over; what is not asked for is
/// skipped as cheaply as the format allows (whole PBF blocks, once the first pass has seen them).
public struct OSMReadOptions: Sendable, Hashable {
    /// Hand over nodes with tags.
    public var taggedNodes: Bool
    /// Hand over nodes without tags too.
    public var untaggedNodes: Bool
    /// Hand over ways.
    public var ways: Bool
    /// Hand over relations.
    public var relations: Bool

    public init(
        taggedNodes: Bool = true, untaggedNodes: Bool = false, ways: Bool = true, relations: Bool = true
    ) {
        self.taggedNodes = taggedNodes
        self.untaggedNodes = untaggedNodes
        self.ways = ways
        self.relations = relations
    }

    /// Everything.
    public static let all = OSMReadOptions(untaggedNodes: true)

    var wantsNodes: Bool { taggedNodes || untaggedNodes }
}
