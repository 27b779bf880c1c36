/// The places decoded from one feed, with what the decoder noticed along the way.
public struct DecodedFeed: Sendable, Hashable {
    /// The places in source order, after the manifest's filter.
    public var places: [Place]
    /// Sentences about records that were dropped, unplaceable or odd.
    public var warnings: [String]
    /// The total the feed itself reports (the manifest's `paging.total` path), if any.
    public var reportedTotal: Int?
    /// Records read from the pages, before the filter.
    public var recordCount: Int
    /// Records the filter removed.
    public var filteredOut: Int
    /// Places kept without a usable coordinate.
    public var unplaced: Int

    public init(
        places: [Place], warnings: [String] = [], reportedTotal: Int? = nil, recordCount: Int,
        filteredOut: Int = 0, unplaced: Int = 0
    ) {
        self.places = places
        self.warnings = warnings
        self.reportedTotal = reportedTotal
        self.recordCount = recordCount
        self.filteredOut = filteredOut
        self.unplaced = unplaced
    }
}
