import NearbyRuns

/// How a ``RunLibrary`` analyses runs: the units of the splits, the badge catalogue and the spike
/// limit. The same settings analyse an imported run, a stored one and a file read directly, so
/// all three give the same answers.
public struct RunAnalysisSettings: Sendable {
    /// Splits every kilometre or every mile.
    public var units: Units
    /// The badge catalogue (nil: no badges or checkpoints).
    public var catalogue: BadgeCatalogue?
    /// Fixes implying a faster speed are spikes, m/s (nil: the activity's own limit).
    public var maximumSpeed: Double?

    public init(units: Units = .metric, catalogue: BadgeCatalogue? = nil, maximumSpeed: Double? = nil) {
        self.units = units
        self.catalogue = catalogue
        self.maximumSpeed = maximumSpeed
    }

    /// Cleans, measures and analyses `tracks` (``RunAnalysis``), with the device's own totals if
    /// it gave any.
    public func analyse(
        _ tracks: [Track], activityType: String? = nil, fileTime: Double? = nil, device: DeviceTotals? = nil
    ) -> RunAnalysis {
        RunAnalysis(
            tracks: tracks, activityType: activityType, maximumSpeed: maximumSpeed, fileTime: fileTime,
            device: device, units: units, catalogue: catalogue)
    }

    /// The figures and the one speed of `tracks` (``RunSummary``), without splits or badges.
    public func summary(
        _ tracks: [Track], activityType: String? = nil, fileTime: Double? = nil, device: DeviceTotals? = nil
    ) -> RunSummary {
        RunSummary(
            tracks: tracks, activityType: activityType, maximumSpeed: maximumSpeed, fileTime: fileTime,
            device: device)
    }
}
