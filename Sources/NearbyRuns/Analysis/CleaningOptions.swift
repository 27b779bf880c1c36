/// Settings for ``TrackCleaner``.
///
/// Defaults come from the activity kind: ``maximumSpeed`` is ``ActivityKind/maximumSpeed``
/// unless overridden. ``minimumInterval`` is the smallest time step used in the spike test, so
/// that two fixes with equal timestamps (1 s clock resolution) never divide by zero: a fix
/// written in the same second as the last kept one is judged as if one second had passed.
public struct CleaningOptions: Sendable, Hashable {
    /// The activity the track records.
    public var activity: ActivityKind
    /// Fastest believable speed from the last kept fix, m/s; faster fixes are spikes.
    public var maximumSpeed: Double
    /// Smallest time step (s) used when testing a fix for a spike. Default 1 s.
    public var minimumInterval: Double

    /// Options for `activity`, with its default maximum speed unless `maximumSpeed` is given.
    public init(activity: ActivityKind = .unknown, maximumSpeed: Double? = nil, minimumInterval: Double = 1) {
        self.activity = activity
        self.maximumSpeed = maximumSpeed ?? activity.maximumSpeed
        self.minimumInterval = minimumInterval
    }
}
