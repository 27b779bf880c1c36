import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyOSM
import NearbyTestSupport
import Testing

/// Places from the shared extracts against `osmium tags-filter` (which features a selection
/// picks), the XML osmium makes of the same file (identical places), and an independent
/// winding-number test (every area place lies inside its area).
@Suite struct OSMPlaceBuilderTests {
    static let selections: [[String]] = [
        ["amenity=toilets"], ["leisure=park"], ["amenity=*"], ["shop=*"], ["highway=bus_stop"],
        ["tourism=*", "historic=*"], ["building=*"], ["natural=*"], ["landuse=*"], ["type=multipolygon"],
    ]

    static func build(_ path: String, _ select: [String]) throws -> ([Place], OSMBuildReport) {
        var places: [Place] = []
        let builder = OSMPlaceBuilder(datasetID: "osm", selector: try OSMSelector(parsing: select))
        let report = try builder.build(try OSMExtract(path: path), into: &places)
        return (places, report)
    }

    /// `osmium tags-filter -R` (matching objects only) as `node/1`, `way/2`, `relation/3`.
    static func osmiumIDs(_ path: String, _ select: [String]) throws -> Set<String>? {
        guard let osmium = OSMFixtures.program("osmium") else { return nil }
        let expressions = select.map { $0.hasSuffix("=*") ? String($0.dropLast(2)) : $0 }
        guard let output = OSMFixtures.run(osmium, ["tags-filter", "-R", "-f", "opl", "-o", "-", path] + expressions)
        else { return nil }
        var ids = Set<String>()
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let token = line.prefix { $0 != " " }
            guard let kind = token.first, let number = Int64(token.dropFirst()) else { continue }
            switch kind {
            case "n": ids.insert("node/\(number)")
            case "w": ids.insert("way/\(number)")
            case "r": ids.insert("relation/\(number)")
            default: continue
            }
        }
        return ids
    }

    @Test(arguments: ["helsinki.osm.pbf", "test.osm.pbf"])
    func placesAreWhatOsmiumSelects(_ file: String) throws {
        guard let url = OSMFixtures.shared(file) else { return }
        var checked = 0
        for select in Self.selections {
            guard let expected = try Self.osmiumIDs(url.path, select) else { return }
            let (places, report) = try Self.build(url.path, select)
            #expect(Set(places.map(\.id)) == expected, "\(select)")
            #expect(places.count == expected.count, "\(select): an element placed twice")
            #expect(report.placeCount == places.count)
            checked += places.count
        }
        #expect(checked > 1_000)
    }

    /// SOURCES.md: Helsinki holds 18 amenity=toilets (17 nodes and one way, by osmium).
    @Test func helsinkiToilets() throws {
        guard let url = OSMFixtures.shared("helsinki.osm.pbf") else { return }
        let (places, report) = try Self.build(url.path, ["amenity=toilets"])
        #expect(places.count == 18)
        #expect(report.nodePlaces == 17)
        #expect(report.wayPlaces == 1)
        #expect(places.allSatisfy { $0.coordinate != nil && $0.category == "amenity=toilets" })
        // 2019-04-21T09:50:14Z, osmium fileinfo's last timestamp (the file has no replication one).
        #expect(report.dataTimestamp == 1_555_840_214)
    }

    @Test(arguments: ["helsinki.osm.pbf", "test.osm.pbf"])
    func pbfAndXMLGiveTheSamePlaces(_ file: String) throws {
        guard let url = OSMFixtures.shared(file), let xml = try OSMFixtures.osmiumCopy(of: url, as: ".osm") else {
            return
        }
        for select in [["amenity=*"], ["leisure=park", "building=*"]] {
            let (fromPBF, _) = try Self.build(url.path, select)
            let (fromXML, _) = try Self.build(xml.path, select)
            #expect(fromPBF == fromXML, "\(select)")
        }
    }

    /// Every area place of both extracts (the keys that make areas) lies inside its outline, by
    /// a winding-number test written here, not the builder's even-odd one.
    @Test(arguments: ["helsinki.osm.pbf", "test.osm.pbf"])
    func areaPlacesLieInsideTheirArea(_ file: String) throws {
        guard let url = OSMFixtures.shared(file) else { return }
        let select = [
            "building=*", "landuse=*", "leisure=*", "amenity=*", "natural=*", "type=multipolygon", "area=*",
            "man_made=*", "place=*", "tourism=*", "highway=*", "railway=*", "parking=*", "boundary=*",
        ]
        let (places, report) = try Self.build(url.path, select)
        #expect(report.outlines.count > 100)
        for outline in report.outlines {
            let place = places[outline.placeIndex]
            let point = try #require(place.coordinate, "\(place.id)")
            #expect(Self.winding(point, outline.rings) != 0, "\(place.id) at \(point) is outside its area")
        }
    }

    /// The sum over rings of winding numbers, each ring counted +1 when it winds round the point
    /// in its own sense, holes (rings inside an odd number of others) counted against it.
    static func winding(_ point: Coordinate, _ rings: [[Coordinate]]) -> Int {
        func windingNumber(_ p: Coordinate, _ ring: [Coordinate]) -> Int {
            var wn = 0
            for index in ring.indices {
                let a = ring[index]
                let b = ring[(index + 1) % ring.count]
                let side =
                    (b.longitude - a.longitude) * (p.latitude - a.latitude)
                    - (p.longitude - a.longitude) * (b.latitude - a.latitude)
                if a.latitude <= p.latitude {
                    if b.latitude > p.latitude, side > 0 { wn += 1 }
                } else if b.latitude <= p.latitude, side < 0 {
                    wn -= 1
                }
            }
            return wn
        }
        var total = 0
        for (index, ring) in rings.enumerated() where ring.count >= 3 {
            let enclosing = rings.indices.filter { $0 != index && windingNumber(ring[0], rings[$0]) != 0 }.count
            let inside = windingNumber(point, ring) != 0 ? 1 : 0
            total += enclosing % 2 == 0 ? inside : -inside
        }
        return total
    }
}
