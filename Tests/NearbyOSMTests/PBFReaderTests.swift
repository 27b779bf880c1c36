import Foundation
import NearbyOSM
import NearbyTestSupport
import Testing

/// Hand-made PBF files (``PBFTestWriter``): what the reader gives back equals what was written,
/// and each kind of damage is refused with its own sentence, in bounded work.
@Suite struct PBFReaderTests {
    /// strings: 1 amenity, 2 toilets, 3 name, 4 Kiosk, 5 outer, 6 type, 7 multipolygon
    static let strings = ["amenity", "toilets", "name", "Kiosk", "outer", "type", "multipolygon"]

    static func sample(zlib: Bool = true) -> Data {
        let nodes = PBFTestWriter.dense(
            ids: [10, 11, 12, 20], lats: [601_700_000, 601_700_100, -1, 900_000_000],
            lons: [249_400_000, 249_400_100, 1_800_000_000, -1_800_000_000],
            keysVals: [1, 2, 3, 4, 0, 0, 0, 0])
        let way = PBFTestWriter.way(id: 100, keys: [1], values: [2], refs: [10, 11, 12, 10])
        let relation = PBFTestWriter.relation(
            id: 1000, keys: [6], values: [7], members: [(1, 100, 5), (0, 20, 0), (2, 1000, 0)])
        let block = PBFTestWriter.primitiveBlock(strings: strings, groups: [nodes, way, relation])
        return PBFTestWriter.file(
            header: PBFTestWriter.headerBlock(timestamp: 1_700_000_000), blocks: [block], zlib: zlib)
    }

    @Test(arguments: [true, false])
    func readsWhatWasWritten(zlib: Bool) throws {
        let extract = try OSMExtract(bytes: Self.sample(zlib: zlib))
        #expect(extract.format == .pbf)
        var counter = ElementCounter()
        counter.keepsLines = true
        try extract.read(into: &counter, options: .all)
        // Granularity 100: nanodegrees are the stored values × 100.
        #expect(
            counter.lines == [
                "n10 60170000000 24940000000 amenity=toilets|name=Kiosk",
                "n11 60170010000 24940010000 ",
                "n12 -100 180000000000 ",
                "n20 90000000000 -180000000000 ",
                "w100 10,11,12,10 amenity=toilets",
                "r1000 way100@outer,node20@,relation1000@ type=multipolygon",
            ])
        #expect(counter.header?.replicationTimestamp == 1_700_000_000)
        #expect(counter.header?.generator == "nearby-tests")
        #expect(
            counter.header?.bounds?.southWest
                == OSMLocation(latitudeNano: 60_000_000_000, longitudeNano: 24_000_000_000))
    }

    @Test func untaggedNodesOnlyWhenAsked() throws {
        let extract = try OSMExtract(bytes: Self.sample())
        var counter = ElementCounter()
        try extract.read(into: &counter, options: OSMReadOptions())
        #expect(counter.nodes == 1)
        #expect(counter.ways == 1)
        #expect(counter.relations == 1)
    }

    @Test func granularityAndOffsetsScaleCoordinates() throws {
        let nodes = PBFTestWriter.dense(ids: [1], lats: [6_017], lons: [2_494], keysVals: nil)
        // 1e7 nanodegrees per unit: 6017 units = 60.17°.
        let block = PBFTestWriter.primitiveBlock(strings: [], groups: [nodes], granularity: 10_000_000)
        var counter = ElementCounter()
        counter.keepsLines = true
        try OSMExtract(bytes: PBFTestWriter.file(blocks: [block])).read(into: &counter, options: .all)
        #expect(counter.lines == ["n1 60170000000 24940000000 "])
    }

    /// Each hostile file and the phrase its refusal must contain.
    static var hostile: [(String, Data, String)] {
        let header = PBFTestWriter.frame(type: "OSMHeader", blob: PBFTestWriter.rawBlob(PBFTestWriter.headerBlock()))
        let good = PBFTestWriter.primitiveBlock(
            strings: strings, groups: [PBFTestWriter.dense(ids: [1], lats: [1], lons: [1], keysVals: [1, 2, 0])])
        var lzma = ProtoMessage()
        lzma.int(2, 10)
        lzma.data(4, [1, 2, 3])
        let pastTable = PBFTestWriter.primitiveBlock(
            strings: strings, groups: [PBFTestWriter.dense(ids: [1], lats: [1], lons: [1], keysVals: [99, 2, 0])])
        let overflow = PBFTestWriter.primitiveBlock(
            strings: [],
            groups: [PBFTestWriter.dense(ids: [Int64.max, Int64.min], lats: [1, 2], lons: [1, 2], keysVals: nil)])
        let shortCoordinates = PBFTestWriter.primitiveBlock(
            strings: [], groups: [PBFTestWriter.dense(ids: [1, 2], lats: [1], lons: [1, 2], keysVals: nil)])
        let unknownMember = PBFTestWriter.primitiveBlock(
            strings: strings, groups: [PBFTestWriter.relation(id: 1, keys: [], values: [], members: [(7, 1, 0)])])
        let wholeGood = PBFTestWriter.file(blocks: [good])
        return [
            (
                "a blob that claims 2 GB",
                Data(
                    header
                        + PBFTestWriter.frame(type: "OSMData", blob: PBFTestWriter.rawBlob(good), claimedSize: 2 << 30)),
                "claims 2147483648 bytes"
            ),
            ("a blob header that claims 2 GB", Data(header + [0x7F, 0xFF, 0xFF, 0xFF, 0x0A]), "a blob header claims"),
            (
                "a zlib blob that claims 1 GB inflated",
                Data(
                    header + PBFTestWriter.frame(type: "OSMData", blob: PBFTestWriter.zlibBlob(good, rawSize: 1 << 30))),
                "inflated size claims"
            ),
            (
                "a zlib blob that inflates past its size",
                Data(header + PBFTestWriter.frame(type: "OSMData", blob: PBFTestWriter.zlibBlob(good, rawSize: 10))),
                "inflates past"
            ),
            (
                "a zlib blob that inflates short",
                Data(
                    header
                        + PBFTestWriter.frame(
                            type: "OSMData", blob: PBFTestWriter.zlibBlob(good, rawSize: good.bytes.count + 5))),
                "declares"
            ),
            ("an lzma blob", Data(header + PBFTestWriter.frame(type: "OSMData", blob: lzma)), "lzma"),
            ("a string index past the table", PBFTestWriter.file(blocks: [pastTable]), "string index 99 is past"),
            ("a delta that overflows", PBFTestWriter.file(blocks: [overflow]), "overflows"),
            ("fewer coordinates than ids", PBFTestWriter.file(blocks: [shortCoordinates]), "more ids than coordinates"),
            ("a member of unknown type", PBFTestWriter.file(blocks: [unknownMember]), "unknown type 7"),
            (
                "a required feature not read",
                PBFTestWriter.file(header: PBFTestWriter.headerBlock(extra: ["HistoricalInformation"]), blocks: [good]),
                "HistoricalInformation"
            ),
            ("a file cut inside a blob", wholeGood.prefix(wholeGood.count - 3), "ends inside a blob"),
            (
                "no header first",
                Data(PBFTestWriter.frame(type: "OSMData", blob: PBFTestWriter.rawBlob(good)) + header), "OSMHeader"
            ),
        ]
    }

    @Test func hostileFilesAreRefusedWithOneSentence() throws {
        for (what, bytes, phrase) in Self.hostile {
            var counter = ElementCounter()
            do {
                let extract = try OSMExtract(bytes: bytes)
                try extract.read(into: &counter, options: .all)
                Issue.record("\(what) was read")
            } catch {
                #expect(error.description.contains(phrase), "\(what): \(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    /// A relation that is its own member, and two that name each other, read like any other:
    /// the reader never follows members.
    @Test func relationCyclesCostNothing() throws {
        let block = PBFTestWriter.primitiveBlock(
            strings: Self.strings,
            groups: [
                PBFTestWriter.relation(id: 1, keys: [], values: [], members: [(2, 2, 0), (2, 1, 0)]),
                PBFTestWriter.relation(id: 2, keys: [], values: [], members: [(2, 1, 0)]),
            ])
        var counter = ElementCounter()
        try OSMExtract(bytes: PBFTestWriter.file(blocks: [block])).read(into: &counter, options: .all)
        #expect(counter.relations == 2)
        #expect(counter.members == 3)
    }

    @Test func notAnExtract() {
        #expect(throws: OSMReadError.unknownFormat) { try OSMExtract(bytes: Data("hello".utf8)) }
        #expect(throws: OSMReadError.unknownFormat) { try OSMExtract(bytes: Data()) }
    }
}
