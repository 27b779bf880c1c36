/// What badge rules need to know about one run.
public struct BadgeRun: Sendable, Hashable, Codable {
    /// The run's identifier in the caller's store.
    public var id: String
    /// When the run started, seconds since 1970 (orders runs chronologically).
    public var startTime: Double
    /// Metres covered.
    public var distance: Double
    /// Seconds the run lasted (MoonRunner used the whole recorded duration).
    public var duration: Double

    /// A record with every field given.
    public init(id: String, startTime: Double, distance: Double, duration: Double) {
        self.id = id
        self.startTime = startTime
        self.distance = distance
        self.duration = duration
    }

    /// Average speed, distance / duration in m/s; 0 when the duration is not positive (such a
    /// run can earn a badge but never beats another run's speed).
    public var speed: Double { duration > 0 && distance.isFinite ? distance / duration : 0 }
}
