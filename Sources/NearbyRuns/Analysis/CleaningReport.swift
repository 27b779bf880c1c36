/// What ``TrackCleaner`` did to a document: how many points went in, how many were kept, and why
/// the others were dropped. `inputPoints == keptPoints + pauseMarkers + nullIsland + spikes +
/// timeReversed + beyondLimit` always holds.
public struct CleaningReport: Sendable, Hashable, Codable {
    /// Track points read (waypoints are not counted).
    public var inputPoints: Int = 0
    /// Points kept in the cleaned segments.
    public var keptPoints: Int = 0
    /// Points outside latitude ±90 / longitude ±180 (OpenTracks pause/resume markers, garbage);
    /// each one ended the segment it was in.
    public var pauseMarkers: Int = 0
    /// Points at exactly latitude 0, longitude 0 (a receiver with no fix).
    public var nullIsland: Int = 0
    /// Points implying a speed above the limit from the last kept fix, or more than
    /// ``CleaningOptions/maximumLeg`` from it.
    public var spikes: Int = 0
    /// Points whose time is earlier than the last kept fix's time in the same segment.
    public var timeReversed: Int = 0

    /// Values of kept fixes dropped for lying outside ``PhysicalLimits`` (the fix itself is kept).
    public var outOfRange = OutOfRangeCounts()

    /// Times a chain of believable "spikes" was accepted as a new segment (see ``TrackCleaner``).
    public var recoveries: Int = 0

    /// Points after the run reached ``CleaningOptions/maximumDistance``, left out.
    public var beyondLimit: Int = 0
    /// The distance the run was cut at (its activity's ``CleaningOptions/maximumDistance``), nil
    /// when it was not cut.
    public var cutAt: Double?

    /// An empty report.
    public init() {}

    /// Total points dropped for any reason.
    public var dropped: Int { pauseMarkers + nullIsland + spikes + timeReversed + beyondLimit }
}
