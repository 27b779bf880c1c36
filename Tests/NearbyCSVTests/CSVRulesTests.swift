import NearbyCSV
import Testing

/// The rules of ``CSVRowReader``, each on inputs written by hand with the rows worked out by
/// hand, read whole (``CSVTable``) and, where the end of the input matters, as a stream.
@Suite struct CSVRulesTests {
    @Test func quotedFieldsHoldCommasDoubledQuotesCRAndLF() throws {
        let table = try CSVTable(Array("a,b\n\"x,y\",\"say \"\"hi\"\"\"\n\"l1\r\nl2\",\"cr\rin\"\n".utf8))
        #expect(table.header == ["a", "b"])
        #expect(table.rows.map(\.fields) == [["x,y", "say \"hi\""], ["l1\r\nl2", "cr\rin"]])
        // The second row starts after one line break; the third after the LF in its quote too.
        #expect(table.rows.map(\.line) == [2, 3])
    }

    @Test func rowsEndAtLFCRLFAndALoneCR() throws {
        let table = try CSVTable(Array("h\r1\r\n2\n3\r\r4".utf8))
        #expect(table.header == ["h"])
        // The lone CR after 3 ends its row, the next lone CR is a blank line.
        #expect(table.rows.map(\.fields) == [["1"], ["2"], ["3"], ["4"]])
        #expect(table.rows.map(\.line) == [2, 3, 4, 6])
    }

    @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() throws {
        let table = try CSVTable([0xEF, 0xBB, 0xBF] + Array("a\n\u{FEFF}1\n".utf8))
        #expect(table.header == ["a"])
        #expect(table.rows.map(\.fields) == [["\u{FEFF}1"]])
        // Two bytes of a mark are not one: they are the first field's.
        #expect(try CSVTable([0xEF, 0xBB] + Array("a\n".utf8)).header == ["\u{FFFD}a"])
    }

    @Test func blankLinesAreSkippedButARowOfCommasIsNot() throws {
        let table = try CSVTable(Array("a,b\n\n\r\n\"\"\n,\n1,2\n".utf8))
        #expect(table.rows.map(\.fields) == [["", ""], ["1", "2"]])
        #expect(table.rows.map(\.line) == [5, 6])
    }

    @Test func textAfterAClosingQuoteIsKeptAndAQuoteInsideAFieldIsData() throws {
        let table = try CSVTable(Array("a,b,c\n\"A\"tail,\"B\"x\"y,ab\"c\n \"q\",\"\",\"\"\"\"\n".utf8))
        #expect(table.rows.map(\.fields) == [["Atail", "Bx\"y", "ab\"c"], [" \"q\"", "", "\""]])
    }

    @Test func anUnterminatedQuoteIsRefusedWithTheLineItOpensOn() {
        #expect(throws: CSVParseError(reason: .unterminatedQuote, line: 3)) {
            try CSVTable(Array("a,b\n1,2\n3,\"open\nnever closed".utf8))
        }
        #expect(throws: CSVParseError(reason: .noHeader, line: 1)) { try CSVTable([UInt8]()) }
        #expect(throws: CSVParseError(reason: .noHeader, line: 1)) { try CSVTable(Array("\n\r\n".utf8)) }
    }

    @Test func invalidUTF8IsRepairedWithReplacementCharacters() throws {
        let table = try CSVTable(Array("a\n".utf8) + [0xFF, 0x41, 0xC3] + Array("\n".utf8))
        #expect(table.rows.map(\.fields) == [["\u{FFFD}A\u{FFFD}"]])
    }

    @Test func headerNamesAreTrimmedAndFieldsAreNot() throws {
        let table = try CSVTable(Array(" a\u{00A0},\u{3000}b\t,\" c \"\n x , y ,z\n".utf8))
        #expect(table.header == ["a", "b", "c"])
        #expect(table.rows.map(\.fields) == [[" x ", " y ", "z"]])
        #expect(table.columnName(3) == "column 4")
    }

    @Test func aLastRowCutShortIsRefusedOnlyWithoutALineBreak() throws {
        #expect(throws: CSVParseError(reason: .truncatedLastRow(fields: 2, columns: 3), line: 3)) {
            try CSVTable(Array("a,b,c\n1,2,3\n4,5".utf8))
        }
        #expect(try CSVTable(Array("a,b,c\n4,5\n".utf8)).rows.map(\.fields) == [["4", "5"]])
        #expect(try CSVTable(Array("a,b,c\n4,5,6".utf8)).rows.map(\.fields) == [["4", "5", "6"]])
        #expect(try CSVTable(Array("a,b\n1,2,3".utf8)).rows.map(\.fields) == [["1", "2", "3"]])
    }

    @Test func theStreamBoundsFieldsAndRowLengthAtTheirLimits() throws {
        // Three fields are allowed, a fourth is not.
        #expect(try StreamRead.rows(["a,b,c\n"], maximumFields: 3).rows == [["a", "b", "c"]])
        #expect(throws: CSVParseError(reason: .tooManyFields(limit: 3), line: 2)) {
            try StreamRead.rows(["x\n", "a,b,c,\n"], maximumFields: 3)
        }
        // Eight bytes before the line break are allowed (whatever the break), nine are not.
        for text in ["12345678\n", "12345678\r\n", "12345678\r", "12345678", "\"2\"\"4\"\"\"\n"] {
            #expect(try StreamRead.rows([text], maximumRowBytes: 8).rows.count == 1, "\(text)")
        }
        for text in ["123456789\n", "\"23\"\"67\"\"0\"", "a,\"c" + String(repeating: "\"", count: 9) + "\n"] {
            #expect(throws: CSVParseError(reason: .rowTooLong(limit: 8), line: 1), "\(text)") {
                try StreamRead.rows([text], maximumRowBytes: 8)
            }
        }
        #expect(
            CSVParseError(reason: .rowTooLong(limit: 1 << 20), line: 7).description
                == "The CSV file cannot be read: the row at line 7 is longer than 1 MiB.")
    }

    @Test func aChunkFedBeforeTheLastIsReadIsRefused() throws {
        var stream = CSVStreamReader()
        try Array("a\nb\n".utf8).withUnsafeBufferPointer { try stream.feed($0, isFinal: false) }
        #expect(throws: CSVParseError(reason: .chunkNotRead, line: 1)) {
            try Array("c\n".utf8).withUnsafeBufferPointer { try stream.feed($0, isFinal: true) }
        }
    }
}
