import Foundation

/// How large the randomised agreement tests run: `NEARBY_TEST_SCALE` (a whole number from 1 to
/// 1,000, default 1) multiplies their number of random cases. The default is sized for CI (each
/// of these tests in seconds); `NEARBY_TEST_SCALE=20 swift test --filter Random` runs them at
/// full size by hand.
public enum TestScale {
    /// The multiplier, 1 when the variable is unset or not a whole number from 1 to 1,000.
    public static var factor: Int {
        guard let text = ProcessInfo.processInfo.environment["NEARBY_TEST_SCALE"], let value = Int(text),
            (1...1000).contains(value)
        else { return 1 }
        return value
    }

    /// `cases` random cases at the default size, times ``factor``.
    public static func cases(_ cases: Int) -> Int { cases * factor }
}
