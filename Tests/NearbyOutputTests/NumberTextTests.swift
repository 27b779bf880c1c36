import Testing

@testable import NearbyOutput
/// Expected texts written by hand; the rounding cases from the exact binary values
/// (`python3 -c "from decimal import Decimal; print(Decimal(0.15))"` → 0.1499999999999999944…).
@Suite struct FormatsNumberTextTests {
    @Test(arguments: [
        (0.1, "0.1"), (1e-7, "0.0000001"), (-0.0, "0"), (0.0, "0"), (1e21, "1000000000000000000000"),
        (25.0418, "25.0418"), (121.5152, "121.5152"), (-121.5152, "-121.5152"), (1.0, "1"), (-2.5, "-2.5"),
        (1e-5, "0.00001"), (-1.25e-7, "-0.000000125"), (1.5e16, "15000000000000000"),
        (123456789.125, "123456789.125"), (45.20987707190215, "45.20987707190215"), (0.1 + 0.2, "0.30000000000000004"),
    ])
    func shortestRoundTrips(value: Double, expected: String) {
        #expect(NumberText.shortest(value) == expected)
        #expect(NumberText.plain(value) == expected)
        #expect(Double(expected) == value)  // reads back as the same Double
    }

    @Test func extremesArePositional() throws {
        let tiny = try #require(NumberText.shortest(5e-324))
        #expect(tiny == "0." + String(repeating: "0", count: 323) + "5")
        let huge = try #require(NumberText.shortest(.greatestFiniteMagnitude))
        #expect(huge == "17976931348623157" + String(repeating: "0", count: 292))
        #expect(Double(huge) == .greatestFiniteMagnitude)
    }

    @Test(arguments: [
        (0.1, 7, "0.1"), (1e-7, 7, "0.0000001"), (1e-8, 7, "0"), (-1e-8, 7, "0"), (-0.0, 7, "0"),
        (1e21, 7, "1000000000000000000000"), (25.0418, 7, "25.0418"), (121.5152, 7, "121.5152"),
        (25.03876083320457, 6, "25.038761"), (2.0, 3, "2"), (4400.16, 1, "4400.2"), (102.0421, 0, "102"),
        // Rounded from the binary value, as %.Nf does: 0.15 is 0.14999…, 1.005 is 1.00499…, 0.25 is
        // an exact tie and goes to even.
        (0.15, 1, "0.1"), (1.005, 2, "1"), (0.25, 1, "0.2"), (0.35, 1, "0.3"), (-0.05, 1, "-0.1"),
        (9_007_199_254_740_993, 2, "9007199254740992"), (1e15 + 0.125, 3, "1000000000000000.125"),
        // A precision outside 0…17 is clamped.
        (2.5, -3, "2"), (0.1, 40, "0.10000000000000001"),
    ])
    func decimals(value: Double, digits: Int, expected: String) {
        #expect(NumberText.decimal(value, maxFractionDigits: digits) == expected)
        #expect(NumberText.plain(value, maxFractionDigits: digits) == expected)
    }

    @Test func notANumberHasNoText() {
        for value in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            #expect(NumberText.shortest(value) == nil)
            #expect(NumberText.decimal(value, maxFractionDigits: 3) == nil)
        }
    }
}
