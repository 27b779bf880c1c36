import Foundation
import Testing

@testable import NearbyFeeds

/// Calendar-day ages in a time zone; expected day counts are hand-computed and checked with
/// python3 -c "from datetime import date; print((date(2026,3,1)-date(2026,2,28)).days)" (and so on).
@Suite struct RefreshRuleTests {
    static let taipei = TimeZone(identifier: "Asia/Taipei") ?? .current
    static let utc = TimeZone(identifier: "UTC") ?? .current

    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    @Test(arguments: [
        ("2026-02-28T10:00:00+08:00", "2026-03-01T09:00:00+08:00", 1),  // non-leap month end
        ("2024-02-28T10:00:00+08:00", "2024-03-01T09:00:00+08:00", 2),  // leap year
        ("2024-02-29T23:59:00+08:00", "2024-03-01T00:01:00+08:00", 1),
        ("2026-01-31T23:59:00+08:00", "2026-02-01T00:01:00+08:00", 1),
        ("2025-12-31T23:00:00+08:00", "2026-01-01T01:00:00+08:00", 1),  // year end
        ("2024-03-01T12:00:00+08:00", "2025-03-01T12:00:00+08:00", 365),
        ("2023-03-01T12:00:00+08:00", "2024-03-01T12:00:00+08:00", 366),
        ("2026-03-01T00:00:00+08:00", "2026-03-01T23:59:59+08:00", 0),
        ("2026-03-05T00:00:00+08:00", "2026-03-01T00:00:00+08:00", 0),  // clock went back
        // Taipei is UTC+8 all year (no DST): 15:30Z on 28 Feb is 23:30 on 28 Feb there.
        ("2026-02-28T15:30:00Z", "2026-02-28T16:30:00Z", 1),  // 23:30 Feb 28 -> 00:30 Mar 1 Taipei
        ("2026-02-28T16:30:00Z", "2026-03-01T15:00:00Z", 0),  // 00:30 -> 23:00, both Mar 1 Taipei
    ])
    func ageInTaipei(from: String, to: String, days: Int) {
        let rule = RefreshRule(days: 5, timeZone: Self.taipei)
        #expect(rule.ageInDays(from: Self.instant(from), to: Self.instant(to)) == days)
    }

    @Test func sameInstantsDifferInUTCAndTaipei() {
        // 2026-02-28T16:30Z is 1 Mar 00:30 in Taipei but still 28 Feb in UTC; 2026-03-01T15:00Z
        // is 1 Mar in both. So the age is 0 days in Taipei and 1 day in UTC.
        let fetched = Self.instant("2026-02-28T16:30:00Z")
        let now = Self.instant("2026-03-01T15:00:00Z")
        #expect(RefreshRule(days: 1, timeZone: Self.taipei).ageInDays(from: fetched, to: now) == 0)
        #expect(RefreshRule(days: 1, timeZone: Self.utc).ageInDays(from: fetched, to: now) == 1)
        #expect(!RefreshRule(days: 1, timeZone: Self.taipei).isStale(confirmedAt: fetched, now: now))
        #expect(RefreshRule(days: 1, timeZone: Self.utc).isStale(confirmedAt: fetched, now: now))
    }

    @Test func staleWhenAgeReachesDays() {
        let rule = RefreshRule(days: 5, timeZone: Self.taipei)
        let fetched = Self.instant("2026-02-27T23:00:00+08:00")
        // 27 Feb + 4 days = 3 Mar (fresh); + 5 days = 4 Mar (stale), whatever the hour.
        #expect(!rule.isStale(confirmedAt: fetched, now: Self.instant("2026-03-03T23:59:00+08:00")))
        #expect(rule.isStale(confirmedAt: fetched, now: Self.instant("2026-03-04T00:00:00+08:00")))
        #expect(RefreshRule(days: 0, timeZone: Self.taipei).isStale(confirmedAt: fetched, now: fetched))
        #expect(RefreshRule(days: -3, timeZone: Self.taipei).days == 0)
    }
}
