/// The state of one badge after a history of runs (see ``BadgeRules``).
public struct BadgeAward: Sendable, Hashable {
    /// Silver and gold ask for an average speed strictly above the earning run's times these.
    public static let silverFactor = 1.05
    /// See ``silverFactor``.
    public static let goldFactor = 1.10

    /// The badge.
    public var badge: Badge
    /// The first run that went strictly farther than the badge distance.
    public var earnedBy: BadgeRun?
    /// The first qualifying run with a speed: medals are measured against it (see ``BadgeRules``).
    public var reference: BadgeRun?
    /// The first qualifying run after the reference faster than 1.05 × its speed.
    public var silverBy: BadgeRun?
    /// The first qualifying run after the reference faster than 1.10 × its speed.
    public var goldBy: BadgeRun?
    /// The fastest qualifying run with a speed (earliest among equal speeds).
    public var bestRun: BadgeRun?
    /// For an unearned badge: metres the longest run so far fell short of the badge distance
    /// (0 when a run equalled it: it must be exceeded). Nil once earned.
    public var distanceLeft: Double?

    /// An award with every field given.
    public init(
        badge: Badge, earnedBy: BadgeRun? = nil, silverBy: BadgeRun? = nil, goldBy: BadgeRun? = nil,
        bestRun: BadgeRun? = nil, distanceLeft: Double? = nil, reference: BadgeRun? = nil
    ) {
        self.badge = badge
        self.earnedBy = earnedBy
        self.reference = reference
        self.silverBy = silverBy
        self.goldBy = goldBy
        self.bestRun = bestRun
        self.distanceLeft = distanceLeft
    }

    /// True once some run earned the badge.
    public var isEarned: Bool { earnedBy != nil }

    /// Speed (m/s) a qualifying run must strictly exceed for silver; nil until a qualifying run
    /// with a speed set the reference.
    public var silverSpeedNeeded: Double? { reference?.speed.map { $0 * Self.silverFactor } }
    /// Speed (m/s) a qualifying run must strictly exceed for gold; nil without a reference.
    public var goldSpeedNeeded: Double? { reference?.speed.map { $0 * Self.goldFactor } }
    /// Pace (s/km) a qualifying run must strictly beat for silver; nil without a reference.
    public var silverPaceNeeded: Double? { silverSpeedNeeded.flatMap(Self.pace) }
    /// Pace (s/km) a qualifying run must strictly beat for gold.
    public var goldPaceNeeded: Double? { goldSpeedNeeded.flatMap(Self.pace) }

    private static func pace(_ speed: Double) -> Double? { speed > 0 ? 1000 / speed : nil }
}
