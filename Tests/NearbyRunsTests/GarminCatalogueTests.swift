import NearbySystem
import Testing

@testable import NearbyRuns

/// Garmin's summaries read a piece at a time (issue 22: a whole-file JSON parser took 1.8 GB for
/// 31 MiB of them). Expected values written by hand from the JSON below.
@Suite struct GarminCatalogueTests {
    static let json = """
        [{"other": {"summarizedActivitiesExport": 1}, "summarizedActivitiesExport": [
          {"activityId": 11, "name": "Morning \\"Run\\" \\u00e9\\ud83c\\udfc3", "activityType": {"typeKey": "running"},
           "startTimeGmt": 1704188460000, "laps": [{"name": "not me"}], "avg": -1.5e2},
          {"activityId": "x-12", "activityType": "walking", "startTimeGmt": 1.5, "flag": true, "none": null},
          {}
        ]}, {"summarizedActivitiesExport": []}]
        """

    static func read(_ pieces: [[UInt8]], budget: InputBudget = InputBudget(.exportCatalogue))
        throws(CatalogueError) -> ExportCatalogue
    {
        var reading = CatalogueReading(kind: .garmin, folder: "", budget: budget)
        for piece in pieces {
            let result = piece.withUnsafeBytes { raw in Result { () throws(CatalogueError) in try reading.feed(raw) } }
            try result.get()
        }
        return try reading.finish()
    }

    @Test func everySplitReadsTheSameActivities() throws {
        let bytes = Array(Self.json.utf8)
        for split in stride(from: 0, through: bytes.count, by: 7) {
            let catalogue = try Self.read([Array(bytes[..<split]), Array(bytes[split...])])
            let all = catalogue.byStartTime
            #expect(all.count == 2, "split \(split)")
            #expect(all.map(\.name) == [nil, "Morning \"Run\" é🏃"], "split \(split)")
            #expect(all.map(\.activityID) == ["x-12", "11"])
            #expect(all.map(\.type) == ["walking", "running"])
            #expect(all.map(\.startTime) == [0.0015, 1_704_188_460])
        }
    }

    @Test(arguments: [
        "[1,]", "{\"a\" 1}", "[nan]", "[1] 2", "[{\"summarizedActivitiesExport\": [", "{\"a\":}", "[\"\\x\"]",
        "[tru]", "{,}", "[\"a\nb\"]",
    ])
    func invalidJSONIsOneSentence(text: String) {
        #expect(throws: CatalogueError(reason: "it is not valid JSON")) { try Self.read([Array(text.utf8)]) }
    }

    @Test func aListIsNeeded() {
        #expect(throws: CatalogueError(reason: "it holds no summarizedActivitiesExport list")) {
            try Self.read([Array("[{\"a\": [1, 2]}]".utf8)])
        }
    }

    /// Activities are rows: the catalogue's row cap stops a flood of them as it is read.
    @Test func aFloodOfActivitiesStopsAtTheRowCap() {
        let one = "{\"activityId\": 1, \"startTimeGmt\": 1704188460000}"
        let flood =
            "[{\"summarizedActivitiesExport\": [" + Array(repeating: one, count: 50).joined(separator: ",") + "]}]"
        let budget = InputBudget(
            .exportCatalogue, limits: .init(bytesIn: 1 << 20, itemsOut: 20, bytesRetained: 1 << 20))
        #expect(throws: CatalogueError(reason: "it holds more than 20 rows")) {
            try Self.read([Array(flood.utf8)], budget: budget)
        }
    }
}
