import Foundation
import NearbyOSM
import NearbyTestSupport
import Testing

/// The reader against the real extracts of `../shared/osm`: element counts from SOURCES.md (made
/// by `osmium fileinfo -e`), tag counts and the XML copy from osmium itself.
@Suite struct SharedExtractTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var nodes: Int
        var ways: Int
        var relations: Int
        var description: String { file }
    }

    /// SOURCES.md's table.
    static let files = [
        Expected(file: "helsinki.osm.pbf", nodes: 24_260, ways: 5_130, relations: 620),
        Expected(file: "test.osm.pbf", nodes: 14_222, ways: 2_653, relations: 5),
    ]

    @Test(arguments: files)
    func countsEqualOsmiumFileinfo(_ expected: Expected) throws {
        guard let url = OSMFixtures.shared(expected.file) else { return }
        let extract = try OSMExtract(path: url.path)
        #expect(extract.format == .pbf)
        var counter = ElementCounter()
        try extract.read(into: &counter, options: .all)
        #expect(counter.nodes == expected.nodes)
        #expect(counter.ways == expected.ways)
        #expect(counter.relations == expected.relations)
    }

    @Test func helsinkiHeaderAndToilets() throws {
        guard let url = OSMFixtures.shared("helsinki.osm.pbf") else { return }
        let extract = try OSMExtract(path: url.path)
        var counter = ElementCounter()
        try extract.read(into: &counter, options: .all, timestamps: true)
        // osmium fileinfo: bbox (24.9351762,60.164155,24.9534145,60.179113) in its 1e-7° units (it
        // divides the header's nanodegrees, truncating), last edit 2019-04-21T09:50:14Z.
        let bounds = try #require(counter.header?.bounds)
        #expect(bounds.southWest.longitudeNano / 100 == 249_351_762)
        #expect(bounds.southWest.latitudeNano / 100 == 601_641_550)
        #expect(bounds.northEast.longitudeNano / 100 == 249_534_145)
        #expect(bounds.northEast.latitudeNano / 100 == 601_791_130)
        #expect(extract.newestTimestamp == 1_555_840_214)
        #expect(counter.tagCounts["amenity=toilets"] == 18)
    }

    /// Every element, tag and member of the PBF equals the XML (plain, gzip, bzip2) osmium makes.
    @Test(arguments: ["helsinki.osm.pbf", "test.osm.pbf"], [".osm", ".osm.gz", ".osm.bz2"])
    func pbfAndXMLAgree(_ file: String, _ suffix: String) throws {
        guard let url = OSMFixtures.shared(file), let copy = try OSMFixtures.osmiumCopy(of: url, as: suffix) else {
            return
        }
        var fromPBF = ElementCounter()
        try OSMExtract(path: url.path).read(into: &fromPBF, options: .all)
        let xml = try OSMExtract(path: copy.path)
        #expect(xml.format == (suffix == ".osm" ? .xml : suffix == ".osm.gz" ? .xmlGzip : .xmlBzip2))
        var fromXML = ElementCounter()
        try xml.read(into: &fromXML, options: .all)
        #expect(fromXML.nodes == fromPBF.nodes)
        #expect(fromXML.ways == fromPBF.ways)
        #expect(fromXML.relations == fromPBF.relations)
        #expect(fromXML.tagCounts == fromPBF.tagCounts)
        #expect(fromXML.digest.finalize() == fromPBF.digest.finalize())
    }

    /// `osmium tags-count FILE '*=*'`: every key and value, counted over all elements, equals ours.
    @Test func tagCountsEqualOsmium() throws {
        guard let url = OSMFixtures.shared("helsinki.osm.pbf"), let osmium = OSMFixtures.program("osmium"),
            let output = OSMFixtures.run(osmium, ["tags-count", url.path, "*=*"])
        else { return }
        var counter = ElementCounter()
        try OSMExtract(path: url.path).read(into: &counter, options: .all)
        var checked = 0
        var differing: [String] = []
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            // 18	"amenity"	"toilets"
            let parts = line.split(separator: "\t")
            // A value with a line break spans two lines of output: those are left out.
            guard parts.count == 3, let count = Int(parts[0]), parts[2].count >= 2, parts[2].hasSuffix("\"") else {
                continue
            }
            // osmium quotes each text and doubles a quote inside it.
            let key = parts[1].dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\"")
            let value = parts[2].dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\"")
            if counter.tagCounts["\(key)=\(value)"] != count { differing.append("\(key)=\(value): \(count)") }
            checked += 1
        }
        #expect(differing == [])
        #expect(checked > 10_000)
        #expect(counter.tagCounts.count >= checked)
    }

    /// A later pass that wants only ways skips the node blocks, and gives the same ways.
    @Test func secondPassSkipsBlocks() throws {
        guard let url = OSMFixtures.shared("helsinki.osm.pbf") else { return }
        let extract = try OSMExtract(path: url.path)
        var first = ElementCounter()
        try extract.read(into: &first, options: .all)
        var second = ElementCounter()
        try extract.read(into: &second, options: OSMReadOptions(taggedNodes: false, ways: true, relations: false))
        #expect(second.nodes == 0)
        #expect(second.ways == first.ways)
        #expect(second.wayRefs == first.wayRefs)
    }
}
