import Foundation
import NearbyCSV
import Testing

@testable import NearbyFeeds

@Suite struct DecodingFeedErrorTests {
    private let decoder = FeedDecoder()

    private func failure(_ id: String, _ body: String) throws -> FeedDecodeError? {
        let manifest = try FeedTestPaths.manifest(id)
        do {
            _ = try decoder.decode(pages: [Data(body.utf8)], manifest: manifest)
            return nil
        } catch {
            return error
        }
    }

    @Test func invalidJSONNamesDatasetLineAndColumn() throws {
        let error = try #require(try failure("toilets-api", "{\"result\": [1,\n  2,, 3]}"))
        guard case .notJSON(let dataset, _, let parse) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(dataset == "toilets-api")
        #expect(parse.line == 2 && parse.column == 5)
        #expect(
            error.description
                == "The feed of dataset \"toilets-api\" is not valid JSON at line 2, column 5: found ',' where a value was expected."
        )
    }

    @Test func invalidCSVNamesTheLine() throws {
        let error = try failure("toilets", "公廁名稱,緯度,經度\n\"a,25,121\n")
        #expect(
            error
                == .notCSV(
                    dataset: "toilets", page: 0,
                    error: CSVParseError(reason: .unterminatedQuote, line: 2)))
    }

    @Test func recordsPathNotFound() throws {
        #expect(
            try failure("landmarks", "[]")
                == .recordsNotFound(dataset: "landmarks", page: 0, path: "data"))
        #expect(
            try failure("parks", "{\"data\":[]}")
                == .recordsNotFound(dataset: "parks", page: 0, path: ""))
    }

    @Test func zeroRecords() throws {
        let error = try failure("landmarks", #"{"total":0,"data":[]}"#)
        #expect(error == .noRecords(dataset: "landmarks"))
        #expect(error?.description == "The feed of dataset \"landmarks\" holds zero records.")
    }

    @Test func mappedFieldPresentInNoRecord() throws {
        let body = String(decoding: try FeedTestPaths.fixture("landmarks-2016.json"), as: UTF8.self)
        let error = try failure("parks-2016", body)
        #expect(
            error == .fieldMissingEverywhere(dataset: "parks-2016", role: "name", path: "ParkName"))
        let latitude = try failure("parks", #"[{"pm_name":"a","pm_Longitude":"121.5"}]"#)
        #expect(
            latitude
                == .fieldMissingEverywhere(dataset: "parks", role: "latitude", path: "pm_Latitude"))
    }

    @Test func allCoordinatesOutOfRange() throws {
        let body =
            #"[{"pm_name":"a","pm_Latitude":"2500","pm_Longitude":"121"},"#
            + #"{"pm_name":"b","pm_Latitude":"0","pm_Longitude":"0"}]"#
        let error = try failure("parks", body)
        #expect(error == .noUsableCoordinates(dataset: "parks", records: 2))
        #expect(error?.description.contains("dataset \"parks\"") == true)
    }

    @Test func filterThatKeepsNothing() throws {
        let body =
            #"{"XML_Head":{"Infos":{"Info":[{"Name":"a","Region":"新北市","Px":121.4,"Py":25}]}}}"#
        #expect(try failure("hotels", body) == .filterMatchedNothing(dataset: "hotels", records: 1))
    }
}
