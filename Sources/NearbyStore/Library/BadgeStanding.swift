import NearbyRuns

/// What ``RunLibrary/badgeStanding(in:)`` answers.
public struct BadgeStanding: Sendable {
    /// One award per badge of the catalogue, in the catalogue's order.
    public var awards: [BadgeAward]
    /// Every run in the scope, chronologically, with its figures (rides and swims included).
    public var listed: [RunLibrary.ListedRun]
    /// The stored runs the awards name, by ``BadgeRun/id``.
    public var runs: [String: StoredRun]
}
