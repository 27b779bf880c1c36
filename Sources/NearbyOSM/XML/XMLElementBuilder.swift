/// Gathers one OSM XML element (`<node>`, `<way>`, `<relation>`) from its start tag and its
/// children, then hands it over as the PBF reader does: tags, refs and members lent for the call.
struct XMLElementBuilder {
    private enum Open {
        case none
        case node(id: Int64, location: OSMLocation?, deleted: Bool)
        case way(id: Int64, deleted: Bool)
        case relation(id: Int64, deleted: Bool)
    }

    private var open = Open.none
    /// Tag keys and values, back to back, and where each tag's key and value end.
    private var text: [UInt8] = []
    private var tagEnds: [(key: Int, value: Int)] = []
    private var refs: [Int64] = []
    private var memberKinds: [OSMElementKind] = []
    private var memberRoleEnds: [Int] = []
    private var roles: [UInt8] = []
    /// The newest `timestamp` attribute seen (seconds since 1970).
    private(set) var newestTimestamp: Int64?

    var isOpen: Bool {
        if case .none = open { return false }
        return true
    }

    private static let node = Array("node".utf8)
    private static let way = Array("way".utf8)
    private static let relation = Array("relation".utf8)
    private static let tag = Array("tag".utf8)
    private static let nd = Array("nd".utf8)
    private static let member = Array("member".utf8)

    /// True when `markup` starts an element this builder gathers.
    func begins(_ markup: XMLMarkup) -> Bool {
        let name = OSMText(markup.name)
        return name.equals(Self.node) || name.equals(Self.way) || name.equals(Self.relation)
    }

    /// Takes a start tag: an element's own (opening it) or a child's.
    mutating func take<H: OSMHandler>(
        _ markup: XMLMarkup, options: OSMReadOptions, handler: inout H
    ) throws(OSMReadError) {
        let name = OSMText(markup.name)
        guard isOpen else {
            try begin(markup, name: name)
            if markup.isEmpty { try finish(options: options, handler: &handler) }
            return
        }
        if name.equals(Self.tag) {
            guard tagEnds.count < OSMXMLReader.maxTags else {
                throw .overLimit("an element has more than \(OSMXMLReader.maxTags) tags")
            }
            guard let key = markup.value("k"), let value = markup.value("v") else {
                throw .malformed("a <tag> lacks its k or v")
            }
            text.append(contentsOf: key)
            let keyEnd = text.count
            text.append(contentsOf: value)
            tagEnds.append((keyEnd, text.count))
        } else if name.equals(Self.nd) {
            guard refs.count < OSMXMLReader.maxWayNodes else {
                throw .overLimit("a way has more than \(OSMXMLReader.maxWayNodes) nodes")
            }
            guard let ref = markup.value("ref").flatMap(XMLValues.integer) else {
                throw .malformed("an <nd> has no whole-number ref")
            }
            refs.append(ref)
        } else if name.equals(Self.member) {
            guard refs.count < OSMXMLReader.maxMembers else {
                throw .overLimit("a relation has more than \(OSMXMLReader.maxMembers) members")
            }
            guard let ref = markup.value("ref").flatMap(XMLValues.integer),
                let type = markup.value("type").map(OSMText.init)
            else { throw .malformed("a <member> lacks its type or a whole-number ref") }
            let kind: OSMElementKind
            if type.equals(Self.node) {
                kind = .node
            } else if type.equals(Self.way) {
                kind = .way
            } else if type.equals(Self.relation) {
                kind = .relation
            } else {
                throw .malformed("a <member> has the unknown type \(type.string.prefix(20).debugDescription)")
            }
            refs.append(ref)
            memberKinds.append(kind)
            roles.append(contentsOf: markup.value("role") ?? UnsafeRawBufferPointer(start: nil, count: 0))
            memberRoleEnds.append(roles.count)
        } else if begins(markup) {
            throw .malformed("an element is nested inside another")
        }
    }

    /// Takes an end tag while an element is open.
    mutating func end<H: OSMHandler>(
        _ markup: XMLMarkup, options: OSMReadOptions, handler: inout H
    ) throws(OSMReadError) {
        guard begins(markup) else { return }
        try finish(options: options, handler: &handler)
    }

    private mutating func begin(_ markup: XMLMarkup, name: OSMText) throws(OSMReadError) {
        text.removeAll(keepingCapacity: true)
        tagEnds.removeAll(keepingCapacity: true)
        refs.removeAll(keepingCapacity: true)
        memberKinds.removeAll(keepingCapacity: true)
        memberRoleEnds.removeAll(keepingCapacity: true)
        roles.removeAll(keepingCapacity: true)
        guard let id = markup.value("id").flatMap(XMLValues.integer) else {
            throw .malformed("an element has no whole-number id")
        }
        if let time = markup.value("timestamp").flatMap(XMLValues.timestamp), time > 0, time > (newestTimestamp ?? .min)
        {
            newestTimestamp = time
        }
        let deleted =
            markup.value("action").map { OSMText($0).equals(Array("delete".utf8)) } == true
            || markup.value("visible").map { OSMText($0).equals(Array("false".utf8)) } == true
        if name.equals(Self.node) {
            var location: OSMLocation?
            if let lat = markup.value("lat").flatMap(XMLValues.nanodegrees),
                let lon = markup.value("lon").flatMap(XMLValues.nanodegrees)
            {
                location = OSMLocation(latitudeNano: lat, longitudeNano: lon)
            } else if !deleted {
                throw .malformed("node \(id) has no decimal lat and lon")
            }
            open = .node(id: id, location: location, deleted: deleted)
        } else if name.equals(Self.way) {
            open = .way(id: id, deleted: deleted)
        } else {
            open = .relation(id: id, deleted: deleted)
        }
    }

    private mutating func finish<H: OSMHandler>(options: OSMReadOptions, handler: inout H) throws(OSMReadError) {
        let element = open
        open = .none
        try OSMReadError.typed {
            try finish(element, options: options, handler: &handler)
        }
    }

    private func finish<H: OSMHandler>(_ element: Open, options: OSMReadOptions, handler: inout H) throws {
        try text.withUnsafeBytes { bytes in
            var tags: [OSMTag] = []
            tags.reserveCapacity(tagEnds.count)
            var from = 0
            for (keyEnd, valueEnd) in tagEnds {
                tags.append(
                    OSMTag(
                        key: OSMText(UnsafeRawBufferPointer(rebasing: bytes[from..<keyEnd])),
                        value: OSMText(UnsafeRawBufferPointer(rebasing: bytes[keyEnd..<valueEnd]))))
                from = valueEnd
            }
            try tags.withUnsafeBufferPointer { (tagBuffer) throws(OSMReadError) in
                let tags = OSMTags(tagBuffer)
                switch element {
                case .none: return
                case .node(let id, let location, let deleted):
                    guard !deleted, let location, tags.isEmpty ? options.untaggedNodes : options.taggedNodes else {
                        return
                    }
                    try handler.node(OSMNode(id: id, location: location, tags: tags))
                case .way(let id, let deleted):
                    guard !deleted, options.ways else { return }
                    try refs.withUnsafeBufferPointer { (refs) throws(OSMReadError) in
                        try handler.way(OSMWay(id: id, refs: refs, tags: tags))
                    }
                case .relation(let id, let deleted):
                    guard !deleted, options.relations else { return }
                    try handOverRelation(id: id, tags: tags, handler: &handler)
                }
            }
        }
    }

    private func handOverRelation<H: OSMHandler>(id: Int64, tags: OSMTags, handler: inout H) throws(OSMReadError) {
        try OSMReadError.typed { try handOver(id: id, tags: tags, handler: &handler) }
    }

    private func handOver<H: OSMHandler>(id: Int64, tags: OSMTags, handler: inout H) throws {
        try roles.withUnsafeBytes { roleBytes in
            var members: [OSMMember] = []
            members.reserveCapacity(refs.count)
            var from = 0
            for index in refs.indices {
                let role = OSMText(UnsafeRawBufferPointer(rebasing: roleBytes[from..<memberRoleEnds[index]]))
                members.append(OSMMember(kind: memberKinds[index], ref: refs[index], role: role))
                from = memberRoleEnds[index]
            }
            try members.withUnsafeBufferPointer { (members) throws(OSMReadError) in
                try handler.relation(OSMRelation(id: id, members: members, tags: tags))
            }
        }
    }
}
