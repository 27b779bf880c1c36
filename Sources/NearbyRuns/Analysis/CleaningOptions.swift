/// Settings for ``TrackCleaner``.
///
/// Defaults come from the activity kind: ``maximumSpeed`` is ``ActivityKind/maximumSpeed``
/// unless overridden, ``maximumDistance`` is ``ActivityKind/maximumDistance``. ``maximumLeg``
/// (100 km) bounds a leg whatever the times: a fix that far from the last kept one is a fault
/// (a jump to the antipodes in a broken file), never distance. ``minimumInterval`` is the
/// smallest time step used in the spike test, so that two fixes with equal timestamps (1 s clock
/// resolution) never divide by zero: a fix written in the same second as the last kept one is
/// judged as if one second had passed.
public struct CleaningOptions: Sendable, Hashable {
    /// The activity the track records.
    public var activity: ActivityKind
    /// Fastest believable speed from the last kept fix, m/s; faster fixes are spikes.
    public var maximumSpeed: Double
    /// Longest believable leg from the last kept fix, metres, timed or not: 100 km by default.
    public var maximumLeg: Double
    /// Where the run is cut, metres: fixes beyond it are left out (``ActivityKind/maximumDistance``).
    public var maximumDistance: Double
    /// Smallest time step (s) used when testing a fix for a spike. Default 1 s.
    public var minimumInterval: Double

    /// Consecutive, mutually believable spikes after which the cleaner accepts them as a new
    /// segment (see ``TrackCleaner``). Default 5; `Int.max` disables recovery.
    public var recoveryCount: Int

    /// Options for `activity`, with its default maximum speed unless `maximumSpeed` is given.
    public init(
        activity: ActivityKind = .unknown, maximumSpeed: Double? = nil, minimumInterval: Double = 1,
        recoveryCount: Int = 5, maximumLeg: Double = CleaningOptions.longestLeg
    ) {
        self.maximumLeg = maximumLeg
        self.maximumDistance = activity.maximumDistance
        self.recoveryCount = Swift.max(1, recoveryCount)
        self.activity = activity
        self.maximumSpeed = maximumSpeed ?? activity.maximumSpeed
        self.minimumInterval = minimumInterval
    }

    /// The default ``maximumLeg``: 100 km.
    public static let longestLeg: Double = 100_000

    /// True when `distance` metres between fixes at `t0` and `t1` is at most ``maximumLeg`` and
    /// within the speed limit (Δt floored at `minimumInterval`; no speed is judged when either time
    /// is missing).
    public func isBelievable(_ distance: Double, from t0: Double?, to t1: Double?) -> Bool {
        guard distance <= maximumLeg else { return false }
        guard let t0, let t1 else { return true }
        guard t1 >= t0 else { return false }
        return distance / Swift.max(t1 - t0, minimumInterval) <= maximumSpeed
    }
}
