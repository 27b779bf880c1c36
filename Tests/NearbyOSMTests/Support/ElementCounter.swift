import Foundation
import NearbyOSM

/// A handler that counts what it is given and folds every element into a digest, so two reads
/// (PBF and XML) can be compared element by element.
struct ElementCounter: OSMHandler {
    var header: OSMHeader?
    var nodes = 0
    var taggedNodes = 0
    var ways = 0
    var relations = 0
    var wayRefs = 0
    var members = 0
    /// `key=value` → how many elements carry it.
    var tagCounts: [String: Int] = [:]
    var digest = Hasher()
    var lines: [String] = []
    var keepsLines = false

    mutating func header(_ header: OSMHeader) throws(OSMReadError) { self.header = header }

    mutating func node(_ node: OSMNode) throws(OSMReadError) {
        nodes += 1
        if !node.tags.isEmpty { taggedNodes += 1 }
        note("n\(node.id) \(node.location.latitudeNano) \(node.location.longitudeNano)", node.tags)
    }

    mutating func way(_ way: OSMWay) throws(OSMReadError) {
        ways += 1
        wayRefs += way.refs.count
        note("w\(way.id) \(way.refs.map(String.init).joined(separator: ","))", way.tags)
    }

    mutating func relation(_ relation: OSMRelation) throws(OSMReadError) {
        relations += 1
        members += relation.members.count
        let list = relation.members.map { "\($0.kind.name)\($0.ref)@\($0.role.string)" }
        note("r\(relation.id) \(list.joined(separator: ","))", relation.tags)
    }

    private mutating func note(_ text: String, _ tags: OSMTags) {
        let tagText = tags.strings.map { "\($0.key)=\($0.value)" }
        for tag in tagText { tagCounts[tag, default: 0] += 1 }
        let line = text + " " + tagText.joined(separator: "|")
        digest.combine(line)
        if keepsLines { lines.append(line) }
    }
}
