/// Settings for ``RunStatistics``, splits and best efforts.
public struct AnalysisOptions: Sendable, Hashable {
    /// Slowest leg speed (m/s) that counts as moving; defaults to the activity's
    /// ``ActivityKind/movingSpeed`` (0.5 m/s for running).
    public var movingSpeed: Double?
    /// Elevation gain/loss rule; default ``ElevationSmoothing/weightedAverage``.
    public var elevation: ElevationSmoothing

    /// Options with the documented defaults unless given.
    public init(movingSpeed: Double? = nil, elevation: ElevationSmoothing = .weightedAverage) {
        self.movingSpeed = movingSpeed
        self.elevation = elevation
    }

    func movingSpeed(for run: CleanedRun) -> Double { movingSpeed ?? run.activity.movingSpeed }
}
