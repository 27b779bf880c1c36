import Foundation
import NearbyOSM
import NearbyTestSupport
import Testing

/// OSM XML as editors, osmium, Overpass and hand-written files give it.
@Suite struct XMLReaderTests {
    static let sample = """
        \u{FEFF}<?xml version='1.0' encoding='UTF-8'?>
        <!DOCTYPE osm>
        <osm version="0.6" generator="JOSM" timestamp="2024-05-01T12:00:00Z">
          <!-- a comment with <node id="99" lat="1" lon="1"/> and > inside -->
          <bounds minlat="60.1" minlon="24.9" maxlat="60.2" maxlon="25.0"/>
          <note>text &amp; more</note>
          <node id='1' lat='60.1700000' lon='24.9400000' timestamp="2019-04-21T09:50:14Z">
            <tag k="amenity" v="toilets"/>
            <tag k='name' v='Caf&#233; &quot;Kiosk&quot; &amp; WC &#x1F6BB; a&gt;b'/>
          </node>
          <node id="2" lat="-0.5" lon="+179.999999999"/>
          <node id="3" action="delete" lat="1" lon="1"><tag k="amenity" v="toilets"/></node>
          <node id="4" visible="false"/>
          <way id="10">
            <nd ref="1"/><nd ref="2"/>
            <tag k="note" v="a > b"/>
          </way>
          <relation id="20">
            <member type="way" ref="10" role="outer"/>
            <member type="node" ref="1" role=""/>
            <tag k="type" v="multipolygon"/>
          </relation>
        </osm>
        """

    @Test func readsTheSample() throws {
        let extract = try OSMExtract(bytes: Data(Self.sample.utf8))
        #expect(extract.format == .xml)
        var counter = ElementCounter()
        counter.keepsLines = true
        try extract.read(into: &counter, options: .all)
        #expect(
            counter.lines == [
                "n1 60170000000 24940000000 amenity=toilets|name=Café \"Kiosk\" & WC 🚻 a>b",
                "n2 -500000000 179999999999 ",
                "w10 1,2 note=a > b",
                "r20 way10@outer,node1@ type=multipolygon",
            ])
        #expect(counter.header?.generator == "JOSM")
        // 2024-05-01T12:00:00Z, by `date -u -d 2024-05-01T12:00:00Z +%s`.
        #expect(counter.header?.replicationTimestamp == 1_714_564_800)
        #expect(extract.newestTimestamp == 1_555_840_214)
        #expect(
            counter.header?.bounds?.northEast
                == OSMLocation(latitudeNano: 60_200_000_000, longitudeNano: 25_000_000_000))
    }

    /// Writers put 1970-01-01T00:00:00Z (0) when an element has no time (pyosmium does): that
    /// says nothing of the data's age, so the extract has no timestamp rather than one of 1970.
    @Test func epochIsNoTimestamp() throws {
        let xml = """
            <osm version="0.6"><node id="1" lat="1" lon="1" timestamp="1970-01-01T00:00:00Z"/>
            <node id="2" lat="1" lon="1"/></osm>
            """
        let extract = try OSMExtract(bytes: Data(xml.utf8))
        var counter = ElementCounter()
        try extract.read(into: &counter, options: .all, timestamps: true)
        #expect(extract.newestTimestamp == nil)
    }

    /// The sample read through every chunk boundary: the file in memory is the same as the file
    /// gzipped in two members (pigz and concatenated files do that).
    @Test func gzipMembersAndFiles() throws {
        let folder = try TestPaths.temporaryDirectory("osm-xml")
        let plain = folder.appendingPathComponent("a.osm")
        try Data(Self.sample.utf8).write(to: plain)
        guard let gzip = OSMFixtures.program("gzip"), let bzip2 = OSMFixtures.program("bzip2") else { return }
        let half = Self.sample.utf8.count / 2
        var joined = Data()
        for part in [Data(Self.sample.utf8.prefix(half)), Data(Self.sample.utf8.dropFirst(half))] {
            let piece = folder.appendingPathComponent("piece")
            try part.write(to: piece)
            joined += try #require(OSMFixtures.run(gzip, ["-c", piece.path]))
        }
        let gz = folder.appendingPathComponent("a.osm.gz")
        try joined.write(to: gz)
        let bz = folder.appendingPathComponent("a.osm.bz2")
        try #require(OSMFixtures.run(bzip2, ["-c", plain.path])).write(to: bz)
        var expected = ElementCounter()
        try OSMExtract(bytes: Data(Self.sample.utf8)).read(into: &expected, options: .all)
        for file in [plain, gz, bz] {
            var counter = ElementCounter()
            try OSMExtract(path: file.path).read(into: &counter, options: .all)
            #expect(counter.digest.finalize() == expected.digest.finalize(), "\(file.lastPathComponent)")
            #expect(counter.nodes == 2)
        }
    }

    static let refused: [(String, String)] = [
        ("<gpx></gpx>", "neither an OSM PBF"),
        ("<osm><node id=\"1\" lat=\"x\" lon=\"1\"/></osm>", "no decimal lat and lon"),
        ("<osm><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"a\"/></node></osm>", "lacks its k or v"),
        ("<osm><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"a\" v=\"&bogus;\"/></node></osm>", "unknown entity"),
        ("<osm><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"a\" v=\"&#0;\"/></node></osm>", "no allowed character"),
        ("<osm><way id=\"1\"><nd ref=\"x\"/></way></osm>", "whole-number ref"),
        ("<osm><relation id=\"1\"><member type=\"area\" ref=\"1\"/></relation></osm>", "unknown type"),
        ("<osm><way id=\"1\"><node id=\"2\" lat=\"1\" lon=\"1\"/></way></osm>", "nested"),
        ("<osm><way id=\"1\">", "ends inside an element"),
        ("<osm><node id=\"1\" lat=\"1\" lon=\"1", "ends inside a tag"),
        ("<osm><node id=\"1\" lat=1 lon=\"1\"/></osm>", "not quoted"),
        ("<osm><!-- never closed", "ends inside a comment"),
    ]

    @Test func damagedXMLIsRefusedWithOneSentence() {
        for (text, phrase) in Self.refused {
            var counter = ElementCounter()
            do {
                try OSMExtract(bytes: Data(text.utf8)).read(into: &counter, options: .all)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description.contains(phrase), "\(text): \(error.description)")
            }
        }
    }

    @Test func boundsPerElement() {
        let manyTags =
            "<osm><node id=\"1\" lat=\"1\" lon=\"1\">"
            + String(repeating: "<tag k=\"a\" v=\"b\"/>", count: 5_001) + "</node></osm>"
        let longMarkup =
            "<osm><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"a\" v=\""
            + String(repeating: "x", count: 1 << 20) + "\"/></node></osm>"
        let longWay = "<osm><way id=\"1\">" + String(repeating: "<nd ref=\"1\"/>", count: 100_001) + "</way></osm>"
        for (text, phrase) in [
            (manyTags, "more than 5000 tags"), (longMarkup, "longer than"), (longWay, "more than 100000 nodes"),
        ] {
            var counter = ElementCounter()
            do {
                try OSMExtract(bytes: Data(text.utf8)).read(into: &counter, options: .all)
                Issue.record("\(phrase) was read")
            } catch {
                #expect(error.description.contains(phrase), "\(error.description)")
            }
        }
    }
}
