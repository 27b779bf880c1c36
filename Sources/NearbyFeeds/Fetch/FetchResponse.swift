import Foundation

/// What a fetch returned: a status below 400 (2xx, or 304 for a conditional request) and the body.
public struct FetchResponse: Sendable, Equatable {
    /// The HTTP status of the final response; 0 for `file://` URLs, which have no status.
    public var status: Int
    /// The body after content decoding (gzip, deflate…); empty for a 304.
    public var body: Data
    /// The `ETag` header of the final response, if any.
    public var etag: String?
    /// The `Last-Modified` header of the final response, if any.
    public var lastModified: String?
    /// The URL that answered, after redirects.
    public var effectiveURL: String
    /// Body bytes received (also when they went to `FetchRequest.destination`).
    public var bodyBytes: Int64
    /// SHA-256 of the body, lowercase hex, when the fetcher computed it while the bytes arrived.
    public var sha256: String?

    /// Creates a response (fetchers and test doubles use this).
    public init(
        status: Int, body: Data, etag: String? = nil, lastModified: String? = nil,
        effectiveURL: String, bodyBytes: Int64? = nil, sha256: String? = nil
    ) {
        self.bodyBytes = bodyBytes ?? Int64(body.count)
        self.sha256 = sha256
        self.status = status
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.effectiveURL = effectiveURL
    }

    /// True when the server answered 304 Not Modified.
    public var isNotModified: Bool { status == 304 }
}
