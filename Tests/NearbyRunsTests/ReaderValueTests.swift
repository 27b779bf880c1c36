import Testing

@testable import NearbyRuns

/// The hand-written ISO 8601 and decimal parsers, against `date -u -d … +%s` and exact decimals.
@Suite struct ReaderValueTests {
    static func time(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ISO8601Time.parse($0) }
    }

    static func number(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalParser.parseDouble($0) }
    }

    // Expected values: `date -u -d <text> +%s` (GNU date 9), offsets applied by hand.
    @Test(arguments: [
        ("2012-03-17T12:46:19Z", 1_331_988_379.0),
        ("2018-03-13T12:44:45Z", 1_520_945_085.0),
        ("2000-02-29T23:59:59Z", 951_868_799.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("1600-03-01T00:00:00Z", -11_670_912_000.0),
        ("1901-12-13T20:45:52Z", -2_147_483_648.0),
        ("2017-06-17T08:24:04", 1_497_687_844.0),  // no zone: UTC
        ("2021-01-07T21:51:59+01:15", 1_610_051_819.0),  // = 20:36:59Z
        ("2021-01-07T21:51:59+0115", 1_610_051_819.0),
        ("2024-06-01T12:00:00-05:30", 1_717_263_000.0),  // date -u -d '2024-06-01T12:00:00-05:30' +%s
        ("2018-03-13 12:44:45z", 1_520_945_085.0),
        ("  2018-03-13T12:44:45Z\n", 1_520_945_085.0),
        ("0001-01-01T00:00:00Z", -62_135_596_800.0),  // python datetime(1,1,1,tzinfo=utc).timestamp()
        ("9999-12-31T23:59:59Z", 253_402_300_799.0),
    ])
    func wholeSeconds(text: String, expected: Double) {
        #expect(Self.time(text) == expected)
    }

    /// A reader keeps the last date's day number (``ISO8601Time/DayMemo``): with one memo through
    /// a run of times, every value is the one a fresh parse gives, and a valid date never lets a
    /// bad time of day through.
    @Test func theDayMemoChangesNothing() {
        let texts = [
            "2012-03-17T12:46:19Z", "2012-03-17T12:46:20.5Z", "2012-03-17T23:59:59+01:00", "2012-03-18T00:00:00Z",
            "2012-03-17T12:46:19Z", "2012-03-17T25:00:00Z", "2012-03-17T12:60:00Z", "2012-03-17 12:46:19",
            "2012-03-17X12:46:19Z", "2011-02-29T12:46:19Z", "2012-02-29T12:46:19Z", "2012-03-17T12:46:19Z junk",
        ]
        var memo = ISO8601Time.DayMemo()
        for text in texts + texts.reversed() {
            let memoized = Array(text.utf8).withUnsafeBufferPointer { ISO8601Time.parse($0, memo: &memo) }
            #expect(memoized == Self.time(text), "\(text)")
        }
    }

    @Test func fractionsAreTruncatedToMicroseconds() throws {
        // gpxpy test.py: 1901-12-13T20:45:52.2073437Z → 20:45:52.207343 (truncated, not rounded).
        let mojstrovka = try #require(Self.time("1901-12-13T20:45:52.2073437Z"))
        #expect(abs(mojstrovka - (-2_147_483_648.0 + 0.207_343)) < 2e-7)
        #expect(abs(mojstrovka - (-2_147_483_648.0 + 0.207_344)) > 5e-7)
        let millis = try #require(Self.time("2021-01-07T21:51:59.179+01:15"))
        #expect(abs(millis - 1_610_051_819.179) < 1e-6)
        let long = try #require(Self.time("2012-03-17T12:46:19.123456789123Z"))
        #expect(abs(long - 1_331_988_379.123456) < 1e-6)
        let comma = try #require(Self.time("2012-03-17T12:46:19,5Z"))
        #expect(comma == 1_331_988_379.5)
    }

    @Test(arguments: [
        "", "2012-03-17", "2012-03-17T12:46Z", "2012-13-17T12:46:19Z", "2011-02-29T12:46:19Z",
        "2012-03-17T25:00:00Z", "2012-03-17T12:60:00Z", "2012-03-17T12:46:19.Z", "2012-03-17T12:46:19Q",
        "2012-03-17T12:46:19+1", "2012-03-17T12:46:19Z junk", "12012-03-17T12:46:19Z", "abcd-03-17T12:46:19Z",
    ])
    func rejectsMalformedTimes(text: String) {
        #expect(Self.time(text) == nil)
    }

    @Test(arguments: [
        ("45.2001350", 45.2001350), ("-1.59416333", -1.59416333), (" 1614.678000 ", 1614.678),
        ("-5", -5.0), ("+3", 3.0), (".5", 0.5), ("7.", 7.0), ("1e3", 1000.0), ("2.5E-2", 0.025),
        ("0.000000000", 0.0), ("121.55050612986088", 121.55050612986088),
        // More than 15 significant digits: must equal the standard library's correctly rounded value.
        ("45.20987707190215587615966796875", 45.20987707190215587615966796875),
        ("236.8000030517578125", 236.8000030517578125),
        ("0.1234567890123456789012", 0.1234567890123456789012),
    ])
    func parsesDecimals(text: String, expected: Double) {
        #expect(Self.number(text) == expected)
    }

    @Test(arguments: ["", " ", "-", "1.2.3", "1e", "abc", "12a", "nan", "inf", "1e400", "--1", "."])
    func rejectsNonNumbers(text: String) {
        #expect(Self.number(text) == nil)
    }
}
