import Foundation

/// What the cache knows about one dataset's current copy; stored as `meta.json` beside the bodies.
public struct CacheMetadata: Codable, Sendable, Equatable {
    /// One fetched page (a single-request feed has one).
    public struct Page: Codable, Sendable, Equatable {
        /// The URL requested (the origin's, or the mirror's when a mirror stood in).
        public var url: String
        /// The URL that answered, after redirects.
        public var effectiveURL: String
        /// The body's file name inside the generation folder.
        public var file: String
        /// The `ETag` the server gave, sent back as `If-None-Match` on the next refresh.
        public var etag: String?
        /// The `Last-Modified` the server gave, sent back as `If-Modified-Since`.
        public var lastModified: String?
        /// Body length in bytes.
        public var bytes: Int64
        /// SHA-256 of the body, lowercase hex.
        public var sha256: String
    }

    /// Layout version of this file.
    public var formatVersion: Int
    /// The dataset id (also the folder name).
    public var datasetID: String
    /// The pages, in request order.
    public var pages: [Page]
    /// When the current bodies were fetched.
    public var fetchedAt: Date
    /// When the origin last confirmed them (a fetch, or a 304); freshness counts from here.
    public var checkedAt: Date
    /// Records the validator counted.
    public var recordCount: Int
    /// Records with a usable coordinate, when the validator said (older copies lack it).
    public var rankableCount: Int?
    /// Total body bytes over all pages.
    public var bytes: Int64
    /// SHA-256 of all page bodies concatenated in order, lowercase hex.
    public var checksum: String
    /// Names of the derived artefact files (for example a binary index).
    public var artefacts: [String]
    /// Whether a mirror supplied the bodies instead of the origin.
    public var fromMirror: Bool
    /// What the validator decided about records while it decoded them (a NUL replaced…), one
    /// sentence each; nil in copies written before this was kept.
    public var decodeWarnings: [String]?

    /// The current layout version.
    public static let currentFormatVersion = 1
}
