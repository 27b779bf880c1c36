import Testing

@testable import NearbyRuns

/// RFC 4180 section 2 rules, expected text written by hand.
@Suite struct ExportCSVWriterTests {
    @Test func quotingRules() {
        #expect(CSVWriter.field("plain") == "plain")
        #expect(CSVWriter.field("") == "")
        #expect(CSVWriter.field("a,b") == "\"a,b\"")
        #expect(CSVWriter.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.field("cr\r\nlf") == "\"cr\r\nlf\"")
        #expect(CSVWriter.field(" spaces kept ") == " spaces kept ")
        #expect(CSVWriter.field("台北 é") == "台北 é")
    }

    @Test func table() {
        let csv = CSVWriter(header: ["name", "distance_m", "note"]).write([
            ["Run, easy", CSVWriter.field(4400.16), ""],
            ["Park", CSVWriter.field(0.00001), "\"quoted\""],
            ["Nothing", CSVWriter.field(nil), CSVWriter.field(Double.nan)],
        ])
        #expect(
            csv == "name,distance_m,note\r\n\"Run, easy\",4400.16,\r\nPark,0.00001,\"\"\"quoted\"\"\"\r\nNothing,,\r\n")
    }

    @Test func roundedNumbers() {
        #expect(CSVWriter.field(25.03876083320457, maxFractionDigits: 6) == "25.038761")
        #expect(CSVWriter.field(2.0, maxFractionDigits: 3) == "2")
        #expect(CSVWriter().write([]) == "")
    }
}
