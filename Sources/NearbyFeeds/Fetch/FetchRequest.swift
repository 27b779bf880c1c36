import Foundation

/// One HTTP(S) or `file://` request, with the limits that keep it from hanging or filling memory.
public struct FetchRequest: Sendable {
    /// The URL to fetch: `http://` or `https://` (`file://` only with `allowsFile`).
    public var url: String
    /// Extra request headers, sent in order (for example `Accept: application/json`).
    public var headers: [(name: String, value: String)]
    /// An entity tag from an earlier response; sent as `If-None-Match` so the server may answer 304.
    public var ifNoneMatch: String?
    /// A `Last-Modified` value from an earlier response; sent as `If-Modified-Since`.
    public var ifModifiedSince: String?
    /// Seconds allowed to establish the connection.
    public var connectTimeout: Double
    /// Seconds allowed for the whole transfer, redirects included.
    public var totalTimeout: Double
    /// The largest body (after decompression) accepted, in bytes.
    public var maxBodyBytes: Int64
    /// Called as bytes arrive with (received, expected); expected is 0 when the size is unknown.
    public var progress: (@Sendable (_ received: Int64, _ expected: Int64) -> Void)?
    /// A page asked for only in case more records exist (the previous page was full and the feed
    /// reports no total): a 404 or a missing mirror file then means "no more pages", not failure.
    public var mayNotExist = false
    /// Whether a `file://` URL may be fetched: only for the mirror folder the user passed.
    public var allowsFile = false
    /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedSeconds` is abandoned
    /// (0 turns the check off).
    public var lowSpeedBytesPerSecond = 0
    /// See `lowSpeedBytesPerSecond`.
    public var lowSpeedSeconds = 0
    /// Whether a redirect may only go to the host of ``url`` (tiles: a tile server's redirect
    /// stays on the template's host).
    public var redirectsStayOnHost = false
    /// When set, the body is written into this new file (created exclusively, never through a
    /// link) instead of memory, and the response's `body` stays empty.
    public var destination: URL?

    /// Creates a request with sensible defaults: 10 s to connect, 120 s in all, at most 256 MiB.
    public init(
        url: String,
        headers: [(name: String, value: String)] = [],
        ifNoneMatch: String? = nil,
        ifModifiedSince: String? = nil,
        connectTimeout: Double = 10,
        totalTimeout: Double = 120,
        maxBodyBytes: Int64 = 256 << 20,
        progress: (@Sendable (_ received: Int64, _ expected: Int64) -> Void)? = nil
    ) {
        self.url = url
        self.headers = headers
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.progress = progress
    }
}
