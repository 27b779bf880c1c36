import Foundation
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
}
