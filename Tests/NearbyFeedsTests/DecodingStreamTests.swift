import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// The streaming decoder (issue 8): records are walked out of a page without a tree of it,
/// with the same answers and the same errors as parsing the whole page, and places stream into
/// the place archive.
@Suite struct DecodingStreamTests {
    private func walk(_ text: String, records: [String], total: [String]? = nil) throws(JSONParseError)
        -> (JSONRecordWalker.Outcome, [JSONValue])
    {
        var seen: [JSONValue] = []
        let walker = JSONRecordWalker(records: records, total: total)
        let result: Result<JSONRecordWalker.Outcome, JSONParseError> = Array(text.utf8)
            .withUnsafeBytes { raw in
                Result { () throws(JSONParseError) -> JSONRecordWalker.Outcome in
                    try walker.walk(raw) { seen.append($0) }
                }
            }
        return (try result.get(), seen)
    }

    @Test func walkerFindsRecordsAndTotalInAnyOrderFirstMemberWinning() throws {
        let text =
            #"{"meta":{"n":[1,{"x":"]"}]},"result":{"results":[{"a":1},{"a":"two"}],"count":2,"#
            + #""results":[{"a":"second array ignored"}]},"result":{"count":9}}"#
        let (outcome, records) = try walk(text, records: ["result", "results"], total: ["result", "count"])
        #expect(outcome.foundRecords && outcome.records == 2 && !outcome.needsTree)
        #expect(
            records == [
                try JSONParser.parse(Array(#"{"a":1}"#.utf8)), try JSONParser.parse(Array(#"{"a":"two"}"#.utf8)),
            ])
        #expect(outcome.total == .number(2))
        let (indexed, inner) = try walk(#"{"d":[{"x":[]},{"items":[true,null]}]}"#, records: ["d", "1", "items"])
        #expect(indexed.records == 2 && inner == [.bool(true), .null])
        let (missing, _) = try walk(#"{"d":{"items":{}}}"#, records: ["d", "items"])
        #expect(!missing.foundRecords)
        let (throughArray, _) = try walk(#"{"d":[{"items":[1]}]}"#, records: ["d", "items"])
        #expect(throughArray.needsTree && !throughArray.foundRecords)
    }

    /// Every malformed document gives the walker the same error, line and column as the parser,
    /// wherever the fault lies: before, inside or after the records.
    @Test(arguments: [
        #"{"data":[{"a":1},{"a":2},]"#, #"{"x":[1,2,,3],"data":[]}"#, #"{"data":[{"a":"\q"}]}"#,
        #"{"data":[]} x"#, #"{"data":[{"a":01}]}"#, #"{"data":[1] "b":2}"#, "", "   ",
        #"{"data":[{"a":tru}]}"#, #"{"x":"\u12G4","data":[]}"#, #"{"data":[{"a":1}],"z":[}"#,
        #"{"data":[{"a":1}],"z":{"k" 1}}"#, #"{"data":[{"a":-}]}"#, #"{"data":[{"a":1.}]}"#,
        #"[{"b":1e}]"#, #"{"data":[{"a":"unterminated}]}"#, #"{"data" [1]}"#, #"{4:1}"#,
    ])
    func walkerErrorsMatchTheParser(_ text: String) throws {
        var parserError: JSONParseError?
        do { _ = try JSONParser.parse(Array(text.utf8)) } catch { parserError = error }
        var walkerError: JSONParseError?
        do { _ = try walk(text, records: ["data"]) } catch { walkerError = error }
        #expect(parserError != nil)
        #expect(walkerError == parserError)
    }

    @Test func nestingTooDeepKeepsItsReasonInsideAndOutsideTheRecords() throws {
        let manifest = try FeedTestPaths.manifest("landmarks")
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        for body in [
            #"{"data":[{"name":"a","nlat":25,"elong":121,"x":\#(deep)}]}"#,
            #"{"other":\#(deep),"data":[{"name":"a","nlat":25,"elong":121}]}"#,
        ] {
            #expect(throws: FeedDecodeError.self) {
                try FeedDecoder().decode(pages: [Data(body.utf8)], manifest: manifest)
            }
            do {
                _ = try FeedDecoder().decode(pages: [Data(body.utf8)], manifest: manifest)
            } catch {
                guard case .notJSON(_, _, let parse) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(parse.reason == .tooDeep(512))
                #expect(error.description.hasSuffix(": values are nested deeper than 512 levels."))
            }
        }
    }

    @Test func everyJSONErrorSaysWhyInItsSentence() throws {
        let manifest = try FeedTestPaths.manifest("landmarks")
        do {
            _ = try FeedDecoder().decode(pages: [Data(#"{"data":[1,,2]}"#.utf8)], manifest: manifest)
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == "The feed of dataset \"landmarks\" is not valid JSON at line 1, column 12: found ',' where a value was expected."
            )
        }
    }

    @Test func pagerCountsRecordsWithoutBuildingThem() throws {
        let manifest = try FeedTestPaths.manifest("toilets-api")
        let page = try FeedTestPaths.fixture("toilets-api-page1.json")
        let tree = try JSONParser.parse(page)
        guard case .array(let records)? = tree.value(at: "result.results") else {
            Issue.record("fixture shape")
            return
        }
        #expect(try FeedDecoder().recordCount(inPage: page, manifest: manifest) == records.count)
        let csv = Data("公廁名稱,緯度,經度\nA,25,121\n\nB,25,121\n".utf8)
        #expect(try FeedDecoder().recordCount(inPage: csv, manifest: try FeedTestPaths.manifest("toilets")) == 2)
    }

    /// Streaming into the archive gives the same places as decoding into an array.
    @Test func placesStreamIntoTheArchiveUnchanged() throws {
        let manifest = try FeedTestPaths.manifest("toilets-api")
        let pages = [
            try FeedTestPaths.fixture("toilets-api-page1.json"),
            try FeedTestPaths.fixture("toilets-api-page2.json"),
        ]
        let expected = try FeedDecoder().decode(pages: pages, manifest: manifest)
        var stream = FeedStreamDecoder(manifest: manifest, sink: PlaceArchiveBuilder())
        for page in pages { try stream.add(page: page) }
        let summary = try stream.finish()
        #expect(summary.placeCount == expected.places.count)
        #expect(summary.warnings == expected.warnings)
        #expect(summary.reportedTotal == expected.reportedTotal)
        let bytes = stream.sink.finish(sourceTag: 7)
        #expect(bytes == Data(PlaceArchiveWriter().encode(expected.places, sourceTag: 7)))
        let path = try Self.writeArchive(bytes)
        defer { ArchiveFixtures.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: manifest.id, expectedTag: 7)
        #expect(archive.count == expected.places.count)
        for index in expected.places.indices {
            #expect(try archive.place(at: index) == expected.places[index])
        }
    }

    /// Many places sharing text: repeated values are stored (about) once, distinct ones each time.
    @Test func archiveSharesRepeatedTextOnly() throws {
        var builder = PlaceArchiveBuilder()
        var places: [Place] = []
        for number in 0..<3000 {
            let place = Place(
                datasetID: "d", id: "id-\(number)", name: "同名",
                coordinate: Coordinate(latitude: 25 + Double(number) * 1e-4, longitude: 121.5),
                category: number % 2 == 0 ? "公園" : "廁所")
            places.append(place)
            try builder.add(place)
        }
        let bytes = [UInt8](builder.finish(sourceTag: 1))
        let strings = ArchiveFixtures.section(3, of: bytes)
        let ids = (0..<3000).reduce(0) { $0 + "id-\($1)".utf8.count }
        let shared = "同名".utf8.count + "公園".utf8.count + "廁所".utf8.count
        // Each shared value is stored once unless an id evicts it from the cache slot it uses
        // (a handful of times at most); unshared, the text would be 3000 times as long.
        #expect(strings.count >= ids + shared)
        #expect(strings.count <= ids + 20 * shared)
        let path = try Self.writeArchive(Data(bytes))
        defer { ArchiveFixtures.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: "d", expectedTag: 1)
        #expect(try archive.place(at: 2999) == places[2999])
    }

    /// Text past the first chunk of the builder's store, and text straddling two chunks,
    /// reads back whole (and a repeat of straddling text is shared, not stored twice).
    @Test func archiveTextAcrossChunksReadsBack() throws {
        var builder = PlaceArchiveBuilder()
        var places: [Place] = []
        // 4,000 places (fewer than a column's trial of look-ups, so every name stays shareable),
        // each name long enough that together they pass the first chunk.
        let characters = PagedBytes.chunkSize / 3 / 3_900 + 1
        for number in 0..<4_000 {
            let long = String(repeating: "長", count: characters) + "\(number)"
            let place = Place(
                datasetID: "d", id: "\(number)", name: long,
                coordinate: Coordinate(latitude: 25, longitude: 121 + Double(number) * 1e-5),
                address: number > 0 ? places[number - 1].name : nil)
            places.append(place)
            try builder.add(place)
        }
        let bytes = [UInt8](builder.finish(sourceTag: 3))
        let strings = ArchiveFixtures.section(3, of: bytes)
        let distinct = places.reduce(0) { $0 + $1.name.utf8.count + $1.id.utf8.count }
        #expect(distinct > PagedBytes.chunkSize)
        // Each address repeats the previous name, which the cache usually still holds (unless
        // the id or name stored since took its slot: about ten times in 4,000, 20 at most).
        #expect(strings.count >= distinct)
        #expect(strings.count <= distinct + 20 * (places[0].name.utf8.count + 4))
        let path = try Self.writeArchive(Data(bytes))
        defer { ArchiveFixtures.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: "d", expectedTag: 3)
        for index in places.indices {
            #expect(try archive.place(at: index) == places[index])
        }
    }

    private static func writeArchive(_ bytes: Data) throws -> String {
        let folder = try TestFolders.make("archive")
        let path = folder.appendingPathComponent(FeedArchiver.fileName).path
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    private struct LimitedSink: PlaceSink {
        var count = 0
        mutating func add(_ place: Place) throws(PlaceSinkFull) {
            guard count < 1 else { throw PlaceSinkFull("the test sink holds one place") }
            count += 1
        }
    }

    @Test func aFullSinkStopsTheDecodeWithASentence() throws {
        let manifest = try FeedTestPaths.manifest("parks")
        let body =
            #"[{"pm_name":"a","pm_Latitude":25,"pm_Longitude":121},{"pm_name":"b","pm_Latitude":25,"pm_Longitude":121}]"#
        var stream = FeedStreamDecoder(manifest: manifest, sink: LimitedSink())
        #expect(throws: FeedDecodeError.tooLarge(dataset: "parks", detail: "the test sink holds one place")) {
            try stream.add(page: Data(body.utf8))
        }
        #expect(
            FeedDecodeError.tooLarge(dataset: "parks", detail: "the test sink holds one place").description
                == "The feed of dataset \"parks\" is too large to store: the test sink holds one place.")
    }
}
