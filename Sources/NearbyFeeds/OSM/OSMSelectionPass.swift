import NearbyGeo
import NearbyOSM

/// The first pass of a place build: selected nodes become places at once; selected ways and
/// relations are copied (id, node refs or members, tags) for the passes that locate them.
struct OSMSelectionPass<Sink: PlaceSink>: OSMHandler {
    /// A selected way or relation, copied out of the reader's buffers.
    struct Feature {
        var kind: OSMElementKind
        var id: Int64
        var tags: [(key: String, value: String)]
        var matched: (key: String, value: String)
        /// Node refs (a way), or member refs (a relation).
        var refs: [Int64]
        /// A relation's member kinds and roles.
        var memberKinds: [OSMElementKind] = []
        var roles: [String] = []
    }

    let datasetID: String
    let selector: OSMSelector
    let text: OSMPlaceText
    var sink: Sink
    var ways: [Feature] = []
    var relations: [Feature] = []
    var nodePlaces = 0
    var invalidNodes = 0
    /// The limit the sink reached, if it stopped the read.
    var full: PlaceSinkFull?
    var header = OSMHeader()

    mutating func header(_ header: OSMHeader) throws(OSMReadError) { self.header = header }

    mutating func node(_ node: OSMNode) throws(OSMReadError) {
        guard let matched = selector.match(node.tags) else { return }
        let coordinate =
            node.location.isValid
            ? Coordinate(latitude: node.location.latitude, longitude: node.location.longitude) : nil
        if coordinate == nil { invalidNodes += 1 }
        let place = text.place(
            dataset: datasetID, kind: .node, id: node.id, tags: node.tags.strings, matched: matched,
            coordinate: coordinate)
        do {
            try sink.add(place)
        } catch {
            full = error
            throw .stopped(error.description)
        }
        nodePlaces += 1
    }

    mutating func way(_ way: OSMWay) throws(OSMReadError) {
        guard let matched = selector.match(way.tags) else { return }
        ways.append(Feature(kind: .way, id: way.id, tags: way.tags.strings, matched: matched, refs: Array(way.refs)))
    }

    mutating func relation(_ relation: OSMRelation) throws(OSMReadError) {
        guard let matched = selector.match(relation.tags) else { return }
        relations.append(
            Feature(
                kind: .relation, id: relation.id, tags: relation.tags.strings, matched: matched,
                refs: relation.members.map(\.ref), memberKinds: relation.members.map(\.kind),
                roles: relation.members.map(\.role.string)))
    }
}

/// The second pass, when relations name ways that were not selected themselves: copies those
/// ways' node refs.
struct OSMMemberWayPass: OSMHandler {
    let wanted: Set<Int64>
    var refs: [Int64: [Int64]] = [:]

    mutating func way(_ way: OSMWay) throws(OSMReadError) {
        guard wanted.contains(way.id) else { return }
        refs[way.id] = Array(way.refs)
    }
}
