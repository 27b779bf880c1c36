import Foundation
import NearbyCSV
import Testing

@testable import NearbyFeeds

@Suite struct DecodingCSVTests {
    @Test func readsQuotesCommasNewlinesAndDoubledQuotes() throws {
        let text = "a, b ,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n2,\"two\nlines\",z\r\n"
        let table = try CSVTable(Data(text.utf8))
        #expect(table.header == ["a", "b", "c"])
        #expect(
            table.rows.map(\.fields) == [["1", "x, y", "say \"hi\""], ["2", "two\nlines", "z"]])
        #expect(table.rows.map(\.line) == [2, 3])
    }

    @Test func stripsBOMAndTrimsHeaderSpacesIncludingNoBreakAndIdeographic() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("名稱\u{3000},改善級 ,\u{00A0}x\n1,2,3".utf8)
        let table = try CSVTable(Data(bytes))
        #expect(table.header == ["名稱", "改善級", "x"])
        #expect(table.rows.first?.fields == ["1", "2", "3"])
    }

    @Test func keepsShortAndLongRowsAndSkipsBlankLines() throws {
        let table = try CSVTable(Data("a,b\n1\n\n1,2,3\n".utf8))
        #expect(table.rows.map(\.fields) == [["1"], ["1", "2", "3"]])
        #expect(table.columnName(2) == "column 3")
    }

    @Test func reportsAnUnterminatedQuoteWithItsLine() {
        #expect(throws: CSVParseError(reason: .unterminatedQuote, line: 3)) {
            try CSVTable(Data("a,b\n1,2\n3,\"open\nnever closed".utf8))
        }
        #expect(throws: CSVParseError(reason: .noHeader, line: 1)) { try CSVTable(Data()) }
    }

    @Test func aLastRowCutShortWithoutALineBreakIsRefused() {
        #expect(throws: CSVParseError(reason: .truncatedLastRow(fields: 2, columns: 3), line: 3)) {
            try CSVTable(Data("a,b,c\n1,2,3\n4,5".utf8))
        }
        #expect(throws: CSVParseError(reason: .truncatedLastRow(fields: 1, columns: 3), line: 3)) {
            try CSVTable(Data("a,b,c\r\n1,2,3\r\n4".utf8))
        }
    }

    @Test func completeOrLineEndedLastRowsAreKept() throws {
        // The full width without a final line break: nothing says it was cut.
        #expect(try CSVTable(Data("a,b,c\n1,2,3\n4,5,6".utf8)).rows.count == 2)
        // A short row followed by a line break is a short row, as before.
        #expect(try CSVTable(Data("a,b,c\n1,2,3\n4,5\n".utf8)).rows.last?.fields == ["4", "5"])
        #expect(try CSVTable(Data("a,b,c\n4,5\r".utf8)).rows.last?.fields == ["4", "5"])
        // A longer last row is not a cut.
        #expect(try CSVTable(Data("a,b\n1,2,3".utf8)).rows.last?.fields == ["1", "2", "3"])
    }

    @Test func aFeedCutInHalfIsRefusedWithASentence() throws {
        let manifest = try FeedTestPaths.manifest("toilets")
        let whole = try FeedTestPaths.fixture("toilets-2025.csv")
        let text = String(decoding: whole, as: UTF8.self)
        let lastLine = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count
        // Cut in the middle of the last row (after its third comma).
        let lastRowStart = try #require(text.dropLast().lastIndex(of: "\n"))
        var cut = text.index(after: lastRowStart)
        for _ in 0..<3 { cut = text[text.index(after: cut)...].firstIndex(of: ",") ?? cut }
        let half = Data(text[..<cut].utf8)
        #expect(throws: FeedDecodeError.self) {
            try FeedDecoder().decode(pages: [half], manifest: manifest)
        }
        do {
            _ = try FeedDecoder().decode(pages: [half], manifest: manifest)
        } catch {
            guard case .notCSV(_, _, let parse) = error,
                case .truncatedLastRow(let fields, let columns) = parse.reason
            else {
                Issue.record("\(error)")
                return
            }
            #expect(fields == 3 && columns == 14 && parse.line == lastLine)
            #expect(
                error.description
                    == "The feed of dataset \"toilets\" is not valid CSV: it ends in the middle of the row at line \(lastLine) (3 of 14 fields, no line break): the file was cut short."
            )
        }
        #expect(throws: FeedDecodeError.self) {
            try FeedDecoder().recordCount(inPage: half, manifest: manifest)
        }
        #expect(try FeedDecoder().decode(pages: [whole], manifest: manifest).places.count == 3)
    }
}
