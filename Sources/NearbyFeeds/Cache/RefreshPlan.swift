import Foundation

/// What the validator learned from a set of page bodies that it accepted.
public struct ValidatedFeed: Sendable {
    /// Records decoded (must be above 0 for the bodies to be kept).
    public var recordCount: Int
    /// Small derived files to store beside the bodies, by file name (for example `index.bin`).
    public var artefacts: [String: Data]
    /// Derived files the validator wrote itself through its ``ArtefactFolder`` (large ones,
    /// such as the place archive, which then never sit in memory whole).
    public var files: [String]
    /// Records that can be ranked by distance (a usable coordinate); nil when the validator
    /// does not know. A copy where this fell too far against the last good one is refused.
    public var rankableCount: Int?
    /// What the validator decided about records (a NUL replaced…), one sentence each; kept in
    /// the copy's metadata and told once by `nearby refresh`.
    public var warnings: [String]

    /// Creates a result.
    public init(
        recordCount: Int, artefacts: [String: Data] = [:], files: [String] = [], rankableCount: Int? = nil,
        warnings: [String] = []
    ) {
        self.recordCount = recordCount
        self.artefacts = artefacts
        self.files = files
        self.rankableCount = rankableCount
        self.warnings = warnings
    }
}

/// Everything `DatasetCache.refresh` needs to bring one dataset up to date.
///
/// The cache knows nothing about formats: the caller says which request fetches page n (given
/// the bodies of pages before it, so paging can stop on a short page) and how to validate bodies.
public struct RefreshPlan: Sendable {
    /// The dataset id; also its folder name, so letters, digits, `-`, `_` and `.` only.
    public var datasetID: String
    /// The freshness rule; a fresh copy is not refetched unless forced.
    public var rule: RefreshRule
    /// File extension for stored bodies and mirror files, such as `json` or `csv`.
    public var fileExtension: String
    /// A mirror to use instead of the origin, if any.
    public var mirror: FeedMirror?
    /// Refuse to fetch more pages than this (a guard against a page closure that never stops).
    public var maxPages: Int
    /// Total bytes, total time and low-speed limit of the whole refresh.
    public var budget: RefreshBudget
    /// Refuse a new copy whose rankable places fell by more than this percentage (0…100)
    /// against the last good copy, unless the refresh accepts the drop.
    public var maxDropPercent: Int
    /// The drop limit when a manifest sets none.
    public static let defaultMaxDropPercent = 20
    /// The request for page `pageIndex` (from 0) given the earlier pages' bodies (each mapped only
    /// while it is read); nil to stop.
    /// It is always called for page 0, and returning nil there is a configuration error.
    public var request: @Sendable (_ pageIndex: Int, _ previousPages: PageBodies) -> FetchRequest?
    /// Decodes the bodies and returns the record count and artefacts, or throws saying why not
    /// (it does not decode, coordinates out of range…). Its error's description is reported
    /// (a ``RefreshError`` from the folder as it is). Large artefacts are written through the
    /// folder (the new generation's), which also carries the pages' checksum.
    public var validate: @Sendable (_ pages: PageBodies, _ folder: ArtefactFolder) throws -> ValidatedFeed

    /// Creates a plan.
    public init(
        datasetID: String,
        rule: RefreshRule,
        fileExtension: String = "json",
        mirror: FeedMirror? = nil,
        maxPages: Int = 1000,
        budget: RefreshBudget = RefreshBudget(),
        maxDropPercent: Int = RefreshPlan.defaultMaxDropPercent,
        request: @escaping @Sendable (_ pageIndex: Int, _ previousPages: PageBodies) -> FetchRequest?,
        validate: @escaping @Sendable (_ pages: PageBodies, _ folder: ArtefactFolder) throws -> ValidatedFeed
    ) {
        self.datasetID = datasetID
        self.rule = rule
        self.fileExtension = fileExtension
        self.mirror = mirror
        self.maxPages = maxPages
        self.budget = budget
        self.maxDropPercent = maxDropPercent
        self.request = request
        self.validate = validate
    }

    /// Creates a plan whose validator writes no file itself (its artefacts, if any, are small
    /// and returned as bytes in ``ValidatedFeed/artefacts``).
    public init(
        datasetID: String,
        rule: RefreshRule,
        fileExtension: String = "json",
        mirror: FeedMirror? = nil,
        maxPages: Int = 1000,
        budget: RefreshBudget = RefreshBudget(),
        maxDropPercent: Int = RefreshPlan.defaultMaxDropPercent,
        request: @escaping @Sendable (_ pageIndex: Int, _ previousPages: PageBodies) -> FetchRequest?,
        validate: @escaping @Sendable (_ pages: PageBodies) throws -> ValidatedFeed
    ) {
        self.init(
            datasetID: datasetID, rule: rule, fileExtension: fileExtension, mirror: mirror, maxPages: maxPages,
            budget: budget, maxDropPercent: maxDropPercent, request: request,
            validate: { pages, _ in try validate(pages) })
    }
}
