import Foundation
import NearbyFeeds
import NearbyOSM

/// What the two OpenStreetMap targets run on one input.
public enum OSMFuzzing {
    struct Everything: OSMHandler {
        var count = 0
        mutating func node(_ node: OSMNode) throws(OSMReadError) { count += node.tags.count + 1 }
        mutating func way(_ way: OSMWay) throws(OSMReadError) { count += way.refs.count }
        mutating func relation(_ relation: OSMRelation) throws(OSMReadError) {
            count += relation.members.map(\.role.bytes.count).reduce(0, +)
        }
    }

    /// Reads `bytes` whole, then builds places of two selections from it.
    public static func read(_ bytes: Data) {
        do {
            let extract = try OSMExtract(bytes: bytes)
            var handler = Everything()
            try extract.read(into: &handler, options: .all, timestamps: true)
        } catch {
            _ = error.description
        }
        for select in [["amenity=*", "type=multipolygon"], ["building=*,highway=*"]] {
            do {
                let extract = try OSMExtract(bytes: bytes)
                var places: [Place] = []
                let builder = OSMPlaceBuilder(datasetID: "fuzz", selector: try OSMSelector(parsing: select))
                _ = try builder.build(extract, into: &places)
            } catch {
                _ = "\(error)"
            }
        }
    }
}
