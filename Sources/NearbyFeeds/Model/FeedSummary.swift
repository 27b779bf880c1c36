/// What a streaming decode of a feed found, besides the places it handed to its sink.
public struct FeedSummary: Sendable, Hashable {
    /// Places built (after the manifest's filter) and handed to the sink.
    public var placeCount: Int
    /// Of those, places with a usable coordinate.
    public var locatedCount: Int
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
        placeCount: Int, locatedCount: Int, warnings: [String], reportedTotal: Int?,
        recordCount: Int, filteredOut: Int, unplaced: Int
    ) {
        self.placeCount = placeCount
        self.locatedCount = locatedCount
        self.warnings = warnings
        self.reportedTotal = reportedTotal
        self.recordCount = recordCount
        self.filteredOut = filteredOut
        self.unplaced = unplaced
    }
}
