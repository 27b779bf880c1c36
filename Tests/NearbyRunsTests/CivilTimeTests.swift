import Testing

@testable import NearbyRuns

/// Dates print in the proleptic Gregorian calendar for every year a track can hold. Expected
/// instants by hand from day counts (Python's `date.toordinal()` agrees): 0000-01-01 is 719,528
/// days (year 0 is a leap year) before 1970-01-01; 1582-10-15, the first Gregorian day, is
/// −12,219,292,800 s.
@Suite struct CivilTimeTests {
    func parse(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ISO8601Time.parse($0) }
    }

    @Test func yearZeroReadsAndPrintsAsYearZero() {
        #expect(parse("0000-01-01T00:00:00Z") == -62_167_219_200)
        #expect(CivilTime.iso(-62_167_219_200) == "0000-01-01T00:00:00Z")
        #expect(CivilTime.dateTime(-62_167_219_200) == "0000-01-01 00:00")
        // Year 0 is a leap year: day 60 is February 29.
        #expect(CivilTime.iso(-62_167_219_200 + 59 * 86_400) == "0000-02-29T00:00:00Z")
        #expect(parse("0000-02-29T12:34:56Z").flatMap(CivilTime.iso) == "0000-02-29T12:34:56Z")
    }

    @Test func daysFoundationWouldPrintInTheJulianCalendar() {
        #expect(CivilTime.iso(-12_219_292_800) == "1582-10-15T00:00:00Z")
        #expect(CivilTime.iso(-12_219_724_800) == "1582-10-10T00:00:00Z")
        #expect(CivilTime.iso(-2_147_483_648) == "1901-12-13T20:45:52Z")
        #expect(CivilTime.iso(-0.5) == "1969-12-31T23:59:59Z")
    }

    @Test func offsetsAndTheEndsOfTheRange() {
        #expect(CivilTime.dateTime(0, offset: 8 * 3600) == "1970-01-01 08:00")
        #expect(CivilTime.date(-62_167_219_200, offset: -1) == nil)
        #expect(CivilTime.iso(253_402_300_799) == "9999-12-31T23:59:59Z")
        #expect(CivilTime.iso(253_402_300_800) == nil)
        for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300, Double.greatestFiniteMagnitude] {
            #expect(CivilTime.iso(value) == nil)
            #expect(CivilTime.dateTime(value, offset: 3600) == nil)
        }
    }
}
