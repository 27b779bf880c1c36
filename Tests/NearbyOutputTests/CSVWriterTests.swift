import Testing

@testable import NearbyOutput
/// RFC 4180 section 2 rules, expected text written by hand.
@Suite struct FormatsCSVWriterTests {
    @Test func quotingRules() {
        #expect(CSVWriter.field("plain") == "plain")
        #expect(CSVWriter.field("") == "")
        #expect(CSVWriter.field("a,b") == "\"a,b\"")
        #expect(CSVWriter.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
        // A line feed stays (quoted); a carriage return is a control shown as \r (ControlText).
        #expect(CSVWriter.field("cr\r\nlf") == "\"cr\\r\nlf\"")
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

    /// OWASP CSV injection: a field that a spreadsheet would evaluate gets a leading `'`; numbers
    /// stay numbers. Expected text written by hand.
    @Test(arguments: [
        ("=1+2", "'=1+2"),
        ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
        ("+886 2 2720 8889", "'+886 2 2720 8889"),
        ("-1+2", "'-1+2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "\\tx"),
        ("\rx", "\\rx"),
        ("-", "'-"),
        ("-inf", "'-inf"),
        ("-0x19", "'-0x19"),
        ("=a,b", "\"'=a,b\""),
        ("-0.12", "-0.12"),
        ("-121.5152", "-121.5152"),
        ("+3", "+3"),
        ("-1.5e3", "-1.5e3"),
        ("a=b", "a=b"),
        (" =1", " =1"),
        ("'=1", "'=1"),
        ("+", "'+"),
        ("-.5", "-.5"),
        ("-5.", "-5."),
        ("-1e", "'-1e"),
        ("-1e+", "'-1e+"),
        ("-nan", "'-nan"),
        ("-１", "'-１"),
    ])
    func formulasAreNeutralised(cell: String, written: String) {
        #expect(CSVWriter.field(cell) == written)
        // Writing twice changes nothing (rows may hold fields already written).
        #expect(CSVWriter.neutralised(CSVWriter.neutralised(cell)) == CSVWriter.neutralised(cell))
    }

    /// Issue 22: `runs list --format csv` wrote ESC, C1 controls, an OSC 8 hyperlink, BEL and NUL
    /// from a run's name raw. Every field follows ControlText's rule, the one the terminal output
    /// follows; the expected fields are written by hand.
    @Test(arguments: [
        ("Evil\u{1B}]0;pwned\u{07}", "Evil\\e]0;pwned\\x07"),
        (
            "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\",
            "\\e]8;;https://evil.example\\e\\click\\e]8;;\\e\\"
        ),
        ("a\u{0}b\u{85}c\u{9B}d", "a\\x00b\\x85c\\x9Bd"),
        ("right\u{202E}txt.exe", "right\\u{202E}txt.exe"),
        ("=\u{7}1", "'=\\x071"),
        ("two\nlines", "\"two\nlines\""),
    ])
    func controlsAreShownNotObeyed(cell: String, written: String) {
        #expect(CSVWriter.field(cell) == written)
        #expect(!CSVWriter.field(cell).unicodeScalars.contains { ControlText.isControl($0) && $0 != "\n" })
    }

    @Test func negativeNumbersInATableStayNumbers() {
        let csv = CSVWriter(header: ["name", "longitude"]).write([
            ["=cmd|' /C calc'!A0", CSVWriter.field(-0.12)]
        ])
        #expect(csv == "name,longitude\r\n'=cmd|' /C calc'!A0,-0.12\r\n")
    }
}
