/// Something that can fetch a URL: libcurl in production (`CurlFetcher`), a double in tests.
///
/// Fetching is synchronous; run it off the main thread if that matters to the caller.
public protocol Fetcher: Sendable {
    /// Fetches `request.url`, following redirects; statuses of 400 and above are errors.
    func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse
}
