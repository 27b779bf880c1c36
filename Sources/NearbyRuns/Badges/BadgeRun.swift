/// What badge rules need to know about one run.
public struct BadgeRun: Sendable, Hashable, Codable {
    /// The run's identifier in the caller's store.
    public var id: String
    /// When the run started, seconds since 1970 (orders runs chronologically).
    public var startTime: Double
    /// Metres covered.
    public var distance: Double
    /// The run's one speed (m/s, ``RunSummary/rankingSpeed``) when its timing is trustworthy and
    /// the speed plausible; nil otherwise. A run without a speed earns distance badges only: it
    /// never takes part in silver, gold or best.
    public var speed: Double?

    /// A record with every field given; a speed that is not finite and positive counts as none.
    public init(id: String, startTime: Double, distance: Double, speed: Double?) {
        self.id = id
        self.startTime = startTime
        self.distance = distance
        self.speed = speed.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// A record whose speed is `distance / duration` (MoonRunner's rule for runs without pauses);
    /// none when the duration is not positive.
    public init(id: String, startTime: Double, distance: Double, duration: Double) {
        self.init(
            id: id, startTime: startTime, distance: distance,
            speed: duration > 0 && distance.isFinite ? distance / duration : nil)
    }
}
