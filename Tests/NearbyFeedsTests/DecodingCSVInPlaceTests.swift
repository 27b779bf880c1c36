import Foundation
import NearbyCSV
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// CSV rows read in place (issue 25): fields lent from the page (``CSVRow``, ``CSVFields``),
/// columns resolved once per header (``CSVLayout``), clean text lent without a `String`, plain
/// decimals read without a parser. Each fast path is checked against an expectation it does not
/// share: Python's `csv` module (a fixture it wrote), values worked out by hand, and the
/// builder's general path (a `String` per field, columns looked up by name) on random rows.
@Suite struct DecodingCSVInPlaceTests {
    private struct PythonCase: Decodable {
        let name: String
        let input: String
        let strippedHeader: [String]
        let rows: [[String]]

        enum CodingKeys: String, CodingKey {
            case name, input, rows
            case strippedHeader = "header_stripped"
        }
    }

    private struct PythonCases: Decodable {
        let cases: [PythonCase]
    }

    /// Fixtures/Decoding/csv-python-cases.json: what Python's csv.reader reads from each input
    /// (written by csv-python-cases.py beside it); Nearby skips blank lines and trims header
    /// names, as CSVTable documents.
    @Test func rowsAreWhatPythonsCSVModuleReads() throws {
        let file = try JSONDecoder().decode(
            PythonCases.self, from: try FeedTestPaths.fixture("csv-python-cases.json"))
        #expect(file.cases.count >= 18)
        for item in file.cases {
            let bytes = try #require(Data(base64Encoded: item.input), "\(item.name)")
            let table = try CSVTable(bytes)
            #expect(table.header == item.strippedHeader, "\(item.name)")
            let expected = item.rows.filter { $0 != [] && $0 != [""] }
            #expect(table.rows.map(\.fields) == expected, "\(item.name)")
        }
    }

    /// Places worked out by hand from a feed with every kind of field the fast paths treat.
    @Test func placesOfATrickyFeedAreThoseWorkedOutByHand() throws {
        let manifest = try Self.manifest()
        let csv =
            "\u{FEFF}id,name,lat,lon,addr,kind\r\n"
            + "1,\"Say \"\"hi\"\"\",25.0418,121.5152,\"two\nlines\",\u{00A0}park\u{00A0}\r\n"
            + "2,臺北?車站,\" 25.5 \",-0.0,,\r\n"
            + "3,,1e1,121,x,\"\"\r\n"
            + "4,\"A\"tail,25.,.5,addr,k,extra\r\n"
        let feed = try FeedDecoder().decode(pages: [Data(csv.utf8)], manifest: manifest)
        let places = feed.places
        #expect(places.count == 4)
        #expect(places.map(\.id) == ["1", "2", "3", "4"])
        #expect(places.map(\.name) == ["Say \"hi\"", "臺北 車站", "3", "Atail"])
        #expect(places[0].coordinate == Coordinate(latitude: 25.0418, longitude: 121.5152))
        #expect(places[0].address == "two\nlines")
        #expect(places[0].category == "park")
        #expect(places[1].coordinate == Coordinate(latitude: 25.5, longitude: -0.0))
        #expect(places[1].address == nil && places[1].category == nil)
        #expect(places[2].coordinate == Coordinate(latitude: 10, longitude: 121))
        #expect(places[3].coordinate == Coordinate(latitude: 25, longitude: 0.5))
        #expect(places[3].fields.last == PlaceField(name: "column 7", value: "extra"))
        #expect(places[1].fields.map(\.name) == ["id", "name", "lat", "lon"])
        #expect(places[1].fields.map(\.value) == ["2", "臺北 車站", "25.5", "-0.0"])
        #expect(feed.warnings.contains("1 record has no name; the id is shown instead."), "\(feed.warnings)")
    }

    /// A NUL in a header name and in a value: the same U+FFFD and warning as any text.
    @Test func aNULInAHeaderNameOrAValueIsDecidedAsBefore() throws {
        let manifest = try Self.manifest()
        let csv = "id,name,lat,lon,no\u{0}te\n7,A\u{0}B,25,121,x\n8,C,25,121,\n"
        let fast = try Self.build(Data(csv.utf8), manifest, inPlace: true)
        let slow = try Self.build(Data(csv.utf8), manifest, inPlace: false)
        #expect(fast.places == slow.places)
        #expect(fast.warnings == slow.warnings)
        #expect(fast.archive.elementsEqual(slow.archive), "archives differ")
        #expect(fast.places.map(\.name) == ["A\u{FFFD}B", "C"])
        #expect(fast.places[0].fields.last == PlaceField(name: "no\u{FFFD}te", value: "x"))
        #expect(fast.warnings.contains { $0.hasPrefix("1 record holds a NUL") && $0.contains("record \"7\"") })
    }

    /// Random rows of tricky values (quotes, line breaks, CRLF, a byte order mark, padding,
    /// no-break and ideographic spaces, `?` between ideographs, NUL and control characters,
    /// Big5 and other ill-formed UTF-8, numbers in every spelling, short and long rows): the
    /// in-place reading gives the places, warnings and archive bytes of the general path.
    @Test func randomRowsGiveWhatTheGeneralPathGives() throws {
        let manifest = try Self.manifest()
        var random = SplitMix(seed: 25)
        for round in 0..<40 {
            let page = Self.randomFeed(&random, rows: 60)
            let fast = try Self.build(page, manifest, inPlace: true)
            let slow = try Self.build(page, manifest, inPlace: false)
            #expect(fast.places.count == slow.places.count, "round \(round)")
            #expect(fast.places == slow.places, "round \(round)")
            #expect(fast.warnings == slow.warnings, "round \(round)")
            #expect(fast.archive.elementsEqual(slow.archive), "round \(round): archives differ")
            // And the stream decoder (in place) gives the same places as the general path.
            let streamed = try FeedDecoder().decode(pages: [page], manifest: manifest)
            #expect(streamed.places == slow.places, "round \(round)")
        }
    }

    /// Past the sharing table's trial (4,096 look-ups per column) a column of unique values is
    /// stored without a look-up: a row's mapped value, the same column mapped by another role
    /// and its raw field are still stored apart, and a missing name is still the id itself, as
    /// the general path has them, so the archive is byte for byte the same.
    @Test func aLongFeedOfUniqueValuesKeepsTheArchiveBytes() throws {
        let manifest = try Self.manifest()
        var csv = "id,name,lat,lon,addr,kind\n"
        for number in 0..<6000 {
            let name = number % 3 == 0 ? "" : "place \(number)"
            csv += "\(number),\(name),25.\(number),121.\(number),road \(number % 7),k\(number)\n"
        }
        let fast = try Self.build(Data(csv.utf8), manifest, inPlace: true)
        let slow = try Self.build(Data(csv.utf8), manifest, inPlace: false)
        #expect(fast.places.elementsEqual(slow.places), "places differ")
        #expect(fast.archive.elementsEqual(slow.archive), "archives differ")
        #expect(fast.archive.count > 6000 * 56)
    }

    /// The manifest of these tests: every role mapped, fallbacks, an attribute split before a
    /// marker.
    static func manifest() throws -> DatasetManifest {
        let text = """
            {"kind": "places", "id": "csvfast", "title": "CSV in place",
             "source": {"urls": ["https://example.invalid/a.csv"], "format": "csv"},
             "fields": {"id": "id", "name": "name", "latitude": ["lat", "lon2"], "longitude": "lon",
                        "address": "addr", "category": "kind",
                        "attributes": [{"key": "links", "field": "kind", "splitBefore": "http"},
                                       {"key": "again", "field": "name"}]},
             "refresh": {"days": 1, "timeZone": "Asia/Taipei"}, "licence": "test", "attribution": "test"}
            """
        return try JSONDecoder().decode(DatasetManifest.self, from: Data(text.utf8))
    }

    struct Built {
        var places: [Place] = []
        var warnings: [String] = []
        var archive = Data()
    }

    /// Sends every place both to an array and to an archive builder.
    private struct Tee: PlaceSink {
        var places: [Place] = []
        var archive = PlaceArchiveBuilder()

        mutating func add(_ place: Place) throws(PlaceSinkFull) {
            places.append(place)
            try archive.add(place)
        }

        mutating func add(_ draft: PlaceDraft) throws(PlaceSinkFull) {
            places.append(draft.place())
            try archive.add(draft)
        }
    }

    /// Builds the page's places in place (the stream decoder's way) or by the general path
    /// (no ``PlaceBuilder/useCSVHeader(_:)``: a `String` per field, columns by name).
    static func build(_ page: Data, _ manifest: DatasetManifest, inPlace: Bool) throws -> Built {
        let bytes = [UInt8](page)
        return try bytes.withUnsafeBufferPointer { buffer throws -> Built in
            var reader = CSVRowReader(buffer)
            let header = try reader.readHeader()
            let columns = CSVColumns(header)
            var builder = PlaceBuilder(manifest: manifest)
            if inPlace { builder.useCSVHeader(columns) }
            var sink = Tee()
            var row = CSVRow()
            while try reader.next(into: &row, columns: header.count) {
                try builder.add(.csv(row.fields, columns: columns), into: &sink)
            }
            try sink.archive.flush()
            return Built(places: sink.places, warnings: builder.warnings(), archive: sink.archive.finish(sourceTag: 5))
        }
    }

    /// Values chosen to reach every branch of the fast paths and their fallbacks.
    static let values: [[UInt8]] =
        [
            "", " ", "x", "Ab", " padded ", "in side", "臺北?車站", "why?", "a\u{00A0}b", "\u{3000}z", "\u{00A0}",
            "25.0418", "-121.5", "0", "-0", "007.50", "1e3", "2.5E-1", "0x19", "+5", ".5", "5.", "nan", "inf",
            "12345678901234567890.5", "9007199254740993", "25. 04", "25.1234567890123456789012",
            "a\u{0}b", "\t", "x\ty", "\u{1}", "\u{7F}", "\u{85}", "say \"hi\"", "line\nbreak", "cr\r\nlf", "x,y",
            "\"", "http://a.jpghttp://b.jpg", "名稱", "臺北市中正區",
        ].map { Array($0.utf8) }
        + [
            [0xA5, 0x78, 0xA5, 0x5F], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xF0, 0x90, 0x80, 0x41],
        ]

    /// A feed of `rows` random rows over a header of the manifest's columns and two others.
    static func randomFeed(_ random: inout SplitMix, rows: Int) -> Data {
        var out: [UInt8] = random.next() % 4 == 0 ? [0xEF, 0xBB, 0xBF] : []
        let header = ["id", "name", "lat", "lon", "lon2", "addr", "kind", "note"]
        let lineEnd: [UInt8] = random.next() % 2 == 0 ? [0x0A] : [0x0D, 0x0A]
        out += Array(header.joined(separator: ",").utf8) + lineEnd
        for _ in 0..<rows {
            let width = Int(random.next() % 11)
            for column in 0..<max(1, width) {
                if column > 0 { out.append(UInt8(ascii: ",")) }
                let value = values[Int(random.next() % UInt64(values.count))]
                out += field(value, quoted: random.next() % 5 == 0)
            }
            out += lineEnd
        }
        // One place with a usable coordinate, so every feed decodes.
        out += Array("99,Good,25.05,121.5,,addr,kind,note".utf8) + lineEnd
        return Data(out)
    }

    /// A field's bytes as a CSV writer would put them: quoted (quotes doubled) when asked or
    /// when the value holds a comma, a quote or a line break.
    static func field(_ value: [UInt8], quoted: Bool) -> [UInt8] {
        let special: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D]
        guard quoted || value.contains(where: special.contains) else { return value }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in value {
            out.append(byte)
            if byte == UInt8(ascii: "\"") { out.append(byte) }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}

/// A small deterministic generator (SplitMix64) for the random tests.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
