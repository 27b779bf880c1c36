import Foundation
import NearbyOutput
import NearbyGeo
import NearbyTestSupport
import Testing

@testable import NearbyFeeds

/// Flat records (issue 8, refresh speed): a record of scalars is read in place from its page,
/// with no tree and no `String` per field, and must give exactly the places its tree gives:
/// hand-computed values first, then a differential check on seeded random and damaged pages.
@Suite struct DecodingFlatRecordTests {
    static let manifestText = #"""
        {"kind":"places","id":"flat","title":"Flat","source":{"urls":["https://example.invalid/f.json"],
         "format":"json","records":"r"},
         "fields":{"id":["id","alt"],"name":"name","latitude":["lat","y"],"longitude":"lon",
          "category":"cat","address":"a.b",
          "attributes":[{"key":"n","field":"n","label":"N"},{"key":"pics","field":"pics","splitBefore":"http"}]},
         "refresh":{"days":1,"timeZone":"Asia/Taipei"},"licence":"x","attribution":"x"}
        """#

    static func manifest() throws -> DatasetManifest {
        try JSONDecoder().decode(DatasetManifest.self, from: Data(manifestText.utf8))
    }

    /// Places and warnings through the stream decoder (flat records in place).
    static func streamed(_ page: [UInt8], _ manifest: DatasetManifest) throws -> ([Place], FeedSummary) {
        var decoder = FeedStreamDecoder(manifest: manifest, sink: [Place]())
        try decoder.add(page: Data(page))
        let summary = try decoder.finish()
        return (decoder.sink, summary)
    }

    /// Places and warnings built from each record's tree (the walker without flat records).
    static func fromTrees(_ page: [UInt8], _ manifest: DatasetManifest) throws -> ([Place], [String]) {
        var builder = PlaceBuilder(manifest: manifest)
        var places: [Place] = []
        let walker = JSONRecordWalker(records: ["r"], total: nil)
        var trees: [NearbyFeeds.JSONValue] = []
        let result: Result<JSONRecordWalker.Outcome, JSONParseError> = page.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONRecordWalker.Outcome in
                try walker.walk(raw) { trees.append($0) }
            }
        }
        _ = try result.get()
        for tree in trees { try builder.add(.json(tree, properties: nil), into: &places) }
        return (places, builder.warnings())
    }

    @Test func flatRecordsGiveTheHandComputedPlaces() throws {
        let page = Array(
            #"""
            {"r":[
             {"id":"a1","name":" \u516c\u5712\u00a0A ","lat":"25.0418","lon":121.5152,"n":1.50,"z":-0,
              "e":"caf\u00e9","b":true,"x":null,"":"skip","name":"second","cat":"公園"},
             {"id":"a1","name":"B?C","y":"25. 04","lon":"0x19","n":1e2,"big":12345678901234567,
              "pics":"http://a.jpghttp://b.jpg"},
             {"alt":"a1","name":"","lat":"1e999","lon":"121.5","a":{"b":1}}
            ]}
            """#.utf8)
        let (places, summary) = try Self.streamed(page, try Self.manifest())
        #expect(places.map(\.id) == ["a1", "a1-2", "a1-3"])
        #expect(places.map(\.name) == ["公園 A", "B?C", "a1-3"])
        #expect(places[0].coordinate == Coordinate(latitude: 25.0418, longitude: 121.5152))
        #expect(places[1].coordinate == nil && places[2].coordinate == nil)
        #expect(places[0].category == "公園" && places[2].address == "1")
        #expect(places[0].attributes == [PlaceAttribute(key: "n", label: "N", value: "1.5")])
        #expect(
            places[1].attributes == [
                PlaceAttribute(key: "n", label: "N", value: "100"),
                PlaceAttribute(key: "pics", label: "pics", value: "http://a.jpg http://b.jpg"),
            ])
        let first = places[0].fields.map { "\($0.name)=\($0.value)" }
        #expect(
            first == [
                "id=a1", "name=公園 A", "lat=25.0418", "lon=121.5152", "n=1.5", "z=0", "e=café",
                "b=true", "name=second", "cat=公園",
            ])
        #expect(places[1].field("big") == "1.2345678901234568e+16")
        #expect(places[1].field("y") == "25. 04")
        #expect(summary.unplaced == 2 && summary.placeCount == 3)
        let (trees, treeWarnings) = try Self.fromTrees(page, try Self.manifest())
        #expect(places == trees)
        #expect(summary.warnings == treeWarnings)
    }

    private static let keys = ["id", "alt", "name", "lat", "y", "lon", "cat", "n", "pics", "", "k"]
    private static let values = [
        #""x""#, #""  ""#, #"" 25.5 ""#, #""25.0418""#, #""121.5""#, "121.5", "-0", "0", "1.50", "1e2",
        "12345678901234567", "-7", "true", "false", "null", #""a\"b""#, #""\u00a0c\u00a0""#,
        #""中?文""#, #""http://ahttp://b""#, #""?""#, #""0x19""#, "[1,2]", #"{"b":"c"}"#,
        #""\ud800""#, "1e999", #""2""#, #""007.5""#, #""-0""#, #""-12.000""#, #""1234567890123456789.5""#,
    ]

    /// A page of `count` random records over the keys and values above (duplicates included).
    private static func randomPage(_ random: inout SplitMix64, count: Int) -> [UInt8] {
        var text = #"{"r":["#
        for index in 0..<count {
            if index > 0 { text += "," }
            let members = (0..<Int(random.next() % 8)).map { _ in
                "\"\(keys[Int(random.next() % UInt64(keys.count))])\":"
                    + values[Int(random.next() % UInt64(values.count))]
            }
            text += "{" + members.joined(separator: ",") + "}"
        }
        return Array((text + "]}").utf8)
    }

    @Test func flatRecordsAgreeWithTheirTreesOnRandomPages() throws {
        let manifest = try Self.manifest()
        var random = SplitMix64(state: 8)
        for round in 0..<300 {
            let page = Self.randomPage(&random, count: 1 + Int(random.next() % 12))
            let (trees, treeWarnings) = try Self.fromTrees(page, manifest)
            var decoder = FeedStreamDecoder(manifest: manifest, sink: [Place]())
            try decoder.add(page: Data(page))
            #expect(decoder.sink == trees, "round \(round)")
            if let summary = try? decoder.finish() {
                #expect(summary.warnings.prefix(treeWarnings.count) == treeWarnings[...], "round \(round)")
            }
        }
    }

    @Test func flatWalkRefusesDamagedPagesWithTheParsersError() throws {
        var random = SplitMix64(state: 88)
        let walker = JSONRecordWalker(records: ["r"], total: nil)
        let alphabet = Array("{}[]\",:\\ 0123456789.-eEtrufalsn\n".utf8)
        var refused = 0
        for round in 0..<2000 {
            var page = Self.randomPage(&random, count: 3)
            for _ in 0...(random.next() % 3) {
                guard !page.isEmpty else { break }
                let at = Int(random.next() % UInt64(page.count))
                switch random.next() % 3 {
                case 0: page[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: page.remove(at: at)
                default: page = Array(page[..<at])
                }
            }
            var parseError: JSONParseError?
            do { _ = try JSONParser.parse(page) } catch { parseError = error }
            let walked: Result<JSONRecordWalker.Outcome, JSONParseError> = page.withUnsafeBytes { raw in
                Result { () throws(JSONParseError) -> JSONRecordWalker.Outcome in
                    try walker.walk(raw, flat: true) { _ in }
                }
            }
            if case .failure(let error) = walked {
                refused += 1
                #expect(error == parseError, "round \(round)")
            } else {
                #expect(parseError == nil, "round \(round)")
            }
        }
        #expect(refused > 200)
    }

    @Test func repeatedIDsAreCountedThroughTheIncreasingRunAndTheTable() {
        var table = RepeatedIDTable()
        func use(_ id: String) -> Int {
            var id = id
            return id.withUTF8 { table.use($0) }
        }
        // 1 … 5000 in order: all first uses.
        #expect((1...5000).allSatisfy { use(String($0)) == 1 })
        // 17 again breaks the run: its second use; the earlier ids are still known.
        #expect(use("17") == 2)
        #expect(use("5000") == 2 && use("17") == 3)
        // Not the same text: a leading zero, a sign, a letter.
        #expect(use("017") == 1 && use("+17") == 1 && use("17a") == 1 && use("017") == 2)
        // Enough new ids to grow the table several times; every one counted once, then twice.
        #expect((0..<20_000).allSatisfy { use("id-\($0)") == 1 })
        #expect((0..<20_000).allSatisfy { use("id-\($0)") == 2 })
        #expect(use("") == 1 && use("") == 2)
        table.removeAll()
        #expect(use("17") == 1 && use("3") == 1 && use("3") == 2)
    }
}
