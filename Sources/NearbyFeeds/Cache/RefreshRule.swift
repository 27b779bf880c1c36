import Foundation

/// When a cached dataset goes stale: after `days` calendar days in `timeZone`.
///
/// Ages are whole calendar days between the two instants' dates in the zone, not 24-hour spans:
/// fetched at 23:50 on 28 February and checked at 00:10 on 1 March is one day old (in a non-leap
/// year). A dataset is stale when its age is at least `days`, so `days == 0` means always stale.
public struct RefreshRule: Sendable, Equatable, Codable {
    /// Calendar days a copy stays fresh.
    public var days: Int
    /// The zone whose midnights count (Asia/Taipei for Taipei feeds).
    public var timeZone: TimeZone

    /// Creates a rule; `days` below 0 are treated as 0.
    public init(days: Int, timeZone: TimeZone) {
        self.days = max(0, days)
        self.timeZone = timeZone
    }

    /// Calendar days from `start`'s date to `end`'s date in the rule's zone; 0 if `end` is earlier
    /// (a clock that went backwards does not make data older).
    public func ageInDays(from start: Date, to end: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let from = calendar.startOfDay(for: start)
        let to = calendar.startOfDay(for: end)
        let days = calendar.dateComponents([.day], from: from, to: to).day ?? 0
        return max(0, days)
    }

    /// True when a copy last confirmed at `confirmed` is stale at `now`.
    public func isStale(confirmedAt confirmed: Date, now: Date) -> Bool {
        ageInDays(from: confirmed, to: now) >= days
    }
}
