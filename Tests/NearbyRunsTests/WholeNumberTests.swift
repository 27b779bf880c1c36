import Testing

@testable import NearbyRuns

/// Double → Int without traps: NaN, infinities and values beyond 2^53 have no whole value.
@Suite struct WholeNumberTests {
    @Test func wholeValuesAndTheirAbsence() {
        #expect(WholeNumber.of(2.5) == 3)
        #expect(WholeNumber.of(-2.5) == -3)
        #expect(WholeNumber.of(2.5, rounding: .down) == 2)
        #expect(WholeNumber.of(9_007_199_254_740_992) == 9_007_199_254_740_992)
        for value in [Double.nan, .infinity, -.infinity, 1e20, -1e20, 9_007_199_254_740_994] {
            #expect(WholeNumber.of(value) == nil)
        }
        #expect(WholeNumber.text(1e20) == "–")
        #expect(WholeNumber.text(1e20, fallback: "many") == "many")
        #expect(WholeNumber.text(41.6) == "42")
    }

    @Test func clampingHandlesEveryValue() {
        #expect(WholeNumber.clamped(.nan, to: 1...9) == 1)
        #expect(WholeNumber.clamped(.infinity, to: 1...9) == 9)
        #expect(WholeNumber.clamped(-1e300, to: 1...9) == 1)
        #expect(WholeNumber.clamped(4.2, rounding: .up, to: 1...9) == 5)
    }

    /// The percentile of the pace scale takes any fraction without trapping.
    @Test func percentilesOfAnyFraction() {
        let sorted = [1.0, 2, 3, 4, 5]
        #expect(PaceColouring.percentile(sorted, 0.5) == 3)
        #expect(PaceColouring.percentile(sorted, .nan) == 1)
        #expect(PaceColouring.percentile(sorted, .infinity) == 1)
        #expect(PaceColouring.percentile(sorted, 7) == 5)
    }
}
