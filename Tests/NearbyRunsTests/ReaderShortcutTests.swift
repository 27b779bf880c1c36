import Testing

@testable import NearbyRuns

/// A point's `lat`/`lon`, `<ele>` and heart rate are read in the pass that finds them when they
/// are plain digits; every other spelling takes the long way. Both must give what the standard
/// library's correctly rounded parser (`Double(String)`, the oracle here) gives for the text.
@Suite struct ReaderShortcutTests {
    static func point(attributes: String, children: String) throws -> TrackPoint {
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:x="urn:x"><trk><trkseg><trkpt \(attributes)>\(children)</trkpt></trkseg></trk></gpx>
            """
        let document = try TrackReader().read(Array(gpx.utf8), fileName: "shortcut.gpx")
        return try #require(document.tracks.first?.segments.first?.points.first)
    }

    @Test(arguments: [
        // The shortcut: plain digits, either quote, negative, no fraction, a bare point.
        ("lat=\"25.0417752\" lon=\"121.5152235\"", "25.0417752", "121.5152235"),
        ("lon='-70.25' lat='-33.5'", "-33.5", "-70.25"),
        ("lat=\"7\" lon=\"8.\"", "7", "8."),
        ("lat = \"25.5\"\n\tlon\t=\t'121.5'", "25.5", "121.5"),
        // The long way: white space, a plus sign, an exponent, 16 digits, an entity, another
        // attribute between, a prefixed namesake before the real one.
        ("lat=\" 25.5 \" lon=\"121.5\"", "25.5", "121.5"),
        ("lat=\"+25.5\" lon=\"1.215e2\"", "25.5", "121.5"),
        ("lat=\"25.04177521234567\" lon=\"121.5\"", "25.04177521234567", "121.5"),
        ("lat=\"2&#53;.5\" lon=\"121.5\"", "25.5", "121.5"),
        ("lat=\"25.5\" x:id=\"a&amp;b\" lon=\"121.5\"", "25.5", "121.5"),
        ("x:lat=\"1\" lat=\"25.5\" lon=\"121.5\"", "25.5", "121.5"),
    ])
    func coordinates(attributes: String, latitude: String, longitude: String) throws {
        let point = try Self.point(attributes: attributes, children: "")
        #expect(point.latitude == Double(latitude))
        #expect(point.longitude == Double(longitude))
    }

    @Test(arguments: [
        ("<ele>11.8</ele>", "11.8"), ("<ele>-2</ele>", "-2"), ("<ele> 11.8 </ele>", "11.8"),
        ("<ele>1.18e1</ele>", "11.8"), ("<ele>11.8<!-- m --></ele>", "11.8"), ("<ele>1&#49;.8</ele>", "11.8"),
        ("<ele><![CDATA[11.8]]></ele>", "11.8"), ("<ele>11.8</ele >", "11.8"),
    ])
    func elevation(children: String, expected: String) throws {
        let point = try Self.point(attributes: "lat=\"1\" lon=\"2\"", children: children)
        #expect(point.elevation == Double(expected))
    }

    // 12345 and 99999 (which does not fit a UInt16) are outside the physical limits (20–250 bpm)
    // and dropped on reading.
    @Test(
        arguments: [
            ("120", 120), (" 120 ", 120), ("0120", 120), ("119.6", 120), ("12345", nil), ("99999", nil),
        ] as [(String, UInt16?)])
    func heartRate(text: String, expected: UInt16?) throws {
        let extensions = "<extensions><x:TrackPointExtension><x:hr>\(text)</x:hr></x:TrackPointExtension></extensions>"
        let point = try Self.point(attributes: "lat=\"1\" lon=\"2\"", children: extensions)
        #expect(point.heartRate == expected)
    }

    /// Element names are scanned eight bytes at a time up to the first byte below 0x40 (digits,
    /// '-', '.', ':' and the bytes that end a name): prefixes with such bytes, non-ASCII names and
    /// names of every length around eight bytes find the same local names.
    @Test(arguments: [
        "x:hr", "ns3.v-2:hr", "ñandú:hr", "abcdefg:hr", "abcdefgh:hr", "abcdefghijklmnop:hr", "a1234567:hr",
    ])
    func prefixedNames(name: String) throws {
        let children = "<extensions><\(name)>131</\(name)><\(name) >99</\(name) ></extensions>"
        let point = try Self.point(attributes: "lat=\"1\" lon=\"2\"", children: children)
        #expect(point.heartRate == 131)
    }

    /// A name's text is searched a word at a time for '<' or '&': an entity at any offset of a
    /// long text is still decoded, and the text still ends at its end tag.
    @Test func textWithAnEntityAtEveryOffset() throws {
        for offset in 0...24 {
            let before = String(repeating: "x", count: offset)
            let children = "<name>\(before)&amp;\(before)yz</name>"
            let gpx = """
                <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>\
                \(children)<trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>
                """
            let document = try TrackReader().read(Array(gpx.utf8), fileName: "text.gpx")
            #expect(document.tracks.first?.name == "\(before)&\(before)yz")
        }
    }

    @Test func malformedNumbersStillNameTheLine() {
        #expect(throws: TrackReadError.self) { try Self.point(attributes: "lat=\"25.5x\" lon=\"1\"", children: "") }
        #expect(throws: TrackReadError.self) {
            try Self.point(attributes: "lat=\"1\" lon=\"2\"", children: "<ele>11.8.1</ele>")
        }
        #expect(throws: TrackReadError.self) {
            try Self.point(attributes: "lat=\"1\" lon=\"2\"", children: "<ele>11</elevation>")
        }
    }
}
