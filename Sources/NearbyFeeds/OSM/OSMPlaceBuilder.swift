import NearbyGeo
import NearbyOSM

/// Makes places of the features of an OpenStreetMap extract that a selector picks: nodes at
/// their position, closed ways and multipolygons at a point inside their area (the outline is
/// kept), other ways at the middle of their line, other relations at the member nearest to
/// their members' mean. Three passes at most, each skipping what it does not need: selection,
/// the member ways relations name, and the positions of just the nodes used.
public struct OSMPlaceBuilder: Sendable {
    public var datasetID: String
    public var selector: OSMSelector
    /// `name:LANG` is preferred to `name` (nil: `name` only).
    public var language: String?

    public init(datasetID: String, selector: OSMSelector, language: String? = nil) {
        self.datasetID = datasetID
        self.selector = selector
        self.language = language
    }

    /// Reads `extract` and adds its places to `sink`, nodes first, then ways, then relations,
    /// each in file order.
    public func build<Sink: PlaceSink>(_ extract: OSMExtract, into sink: inout Sink) throws(OSMPlaceBuildError)
        -> OSMBuildReport
    {
        let text = OSMPlaceText(language: language)
        var selection = OSMSelectionPass(datasetID: datasetID, selector: selector, text: text, sink: sink)
        do {
            try extract.read(into: &selection, options: OSMReadOptions(), timestamps: true)
        } catch {
            if let full = selection.full { throw .full(full) }
            throw .read(error)
        }
        var report = OSMBuildReport()
        report.header = selection.header
        report.newestTimestamp = extract.newestTimestamp
        report.nodePlaces = selection.nodePlaces
        report.unplaced = selection.invalidNodes

        // Ways that selected relations name but that were not selected themselves.
        var wayRefs: [Int64: [Int64]] = [:]
        for way in selection.ways { wayRefs[way.id] = way.refs }
        var wanted = Set<Int64>()
        for relation in selection.relations {
            for (index, ref) in relation.refs.enumerated() where relation.memberKinds[index] == .way {
                if wayRefs[ref] == nil { wanted.insert(ref) }
            }
        }
        if !wanted.isEmpty {
            var members = OSMMemberWayPass(wanted: wanted)
            do {
                try extract.read(
                    into: &members, options: OSMReadOptions(taggedNodes: false, ways: true, relations: false))
            } catch {
                throw .read(error)
            }
            wayRefs.merge(members.refs) { first, _ in first }
        }

        // The positions of every node those ways and relations use.
        var nodeIDs: [Int64] = []
        for refs in wayRefs.values { nodeIDs.append(contentsOf: refs) }
        for relation in selection.relations {
            for (index, ref) in relation.refs.enumerated() where relation.memberKinds[index] == .node {
                nodeIDs.append(ref)
            }
        }
        var locations = OSMNodeLocations(ids: nodeIDs)
        if locations.count > 0 {
            do {
                try extract.read(into: &locations, options: OSMNodeLocations.passOptions)
            } catch {
                throw .read(error)
            }
        }
        sink = selection.sink
        var placer = OSMFeaturePlacer(locations: locations, wayRefs: wayRefs)
        for feature in selection.ways + selection.relations {
            let placed = placer.place(feature)
            let place = text.place(
                dataset: datasetID, kind: feature.kind, id: feature.id, tags: feature.tags,
                matched: feature.matched, coordinate: placed.coordinate)
            if let rings = placed.rings {
                report.outlines.append(OSMOutline(placeIndex: report.placeCount, rings: rings))
            }
            do {
                try sink.add(place)
            } catch {
                throw .full(error)
            }
            if feature.kind == .way { report.wayPlaces += 1 } else { report.relationPlaces += 1 }
            if placed.coordinate == nil { report.unplaced += 1 }
        }
        report.waysMissingNodes = placer.waysMissingNodes
        report.missingNodes = placer.missingNodes
        report.unclosedAreas = placer.unclosedAreas
        return report
    }
}

/// One area place's outline: its rings as positions (outer and inner, even-odd).
public struct OSMOutline: Sendable, Hashable {
    /// The place's index in the order the places were added.
    public var placeIndex: Int
    public var rings: [[Coordinate]]
}

/// What a build made, and what it could not place exactly.
public struct OSMBuildReport: Sendable {
    public var header = OSMHeader()
    /// The newest element timestamp (seconds since 1970), for an extract without a header one.
    public var newestTimestamp: Int64?
    public var nodePlaces = 0
    public var wayPlaces = 0
    public var relationPlaces = 0
    /// Features with no usable position at all (listed, never ranked).
    public var unplaced = 0
    /// Ways that name nodes the extract does not hold (placed from the nodes it has), and how
    /// many such references there were.
    public var waysMissingNodes = 0
    public var missingNodes = 0
    /// Areas whose ways did not close into rings (placed on their outline instead).
    public var unclosedAreas = 0
    /// The outlines of the places made at a point inside an area.
    public var outlines: [OSMOutline] = []

    public var placeCount: Int { nodePlaces + wayPlaces + relationPlaces }

    /// The data's own time: the header's replication timestamp, else the newest element's.
    public var dataTimestamp: Int64? { header.replicationTimestamp ?? newestTimestamp }
}

/// Why a build failed.
public enum OSMPlaceBuildError: Error, Sendable, CustomStringConvertible {
    case read(OSMReadError)
    case full(PlaceSinkFull)

    public var description: String {
        switch self {
        case .read(let error): error.description
        case .full(let full): "The places do not fit: \(full.what)."
        }
    }
}
