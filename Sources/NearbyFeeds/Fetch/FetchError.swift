/// Why a fetch failed. Every case names the URL; `description` is one sentence.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transfer took longer than its connect or total time limit (seconds).
    case timeout(url: String, seconds: Double)
    /// The host name could not be resolved.
    case cannotResolve(url: String)
    /// No connection could be made to the host.
    case cannotConnect(url: String)
    /// The TLS handshake or certificate verification failed.
    case tls(url: String, message: String)
    /// The body would exceed the request's `maxBodyBytes`.
    case tooLarge(url: String, limit: Int64)
    /// The connection closed before the announced body arrived.
    case truncated(url: String, received: Int64, expected: Int64)
    /// The server answered with an HTTP status of 400 or more.
    case http(url: String, status: Int)
    /// A `file://` URL names no readable file.
    case fileNotFound(url: String)
    /// More redirects than allowed (5).
    case tooManyRedirects(url: String)
    /// The URL is malformed or uses a scheme other than http or https.
    case badURL(url: String)
    /// The URL is refused before anything is sent (see ``RequestSafety``); `reason` is a clause.
    case refusedURL(url: String, reason: String)
    /// The server redirected to a URL Nearby may not follow (another scheme, https to http, or
    /// another host where the request said it must stay on its own).
    case refusedRedirect(url: String, target: String)
    /// A request header is refused before anything is sent; `reason` is a clause.
    case refusedHeader(url: String, name: String, reason: String)
    /// Fewer than `bytesPerSecond` arrived for `seconds` seconds.
    case tooSlow(url: String, bytesPerSecond: Int, seconds: Int)
    /// A mirror file is not a regular file (a FIFO, a device, a directory…); `reason` is a sentence.
    case notRegularFile(url: String, reason: String)
    /// Writing the body to its destination file failed.
    case cannotStore(url: String, reason: String)
    /// Any other libcurl failure, with its code and message.
    case other(url: String, code: Int, message: String)

    /// The URL the failure is about.
    public var url: String {
        switch self {
        case .timeout(let url, _), .cannotResolve(let url), .cannotConnect(let url),
            .tls(let url, _), .tooLarge(let url, _), .truncated(let url, _, _),
            .http(let url, _), .fileNotFound(let url), .tooManyRedirects(let url),
            .badURL(let url), .other(let url, _, _), .refusedURL(let url, _), .refusedRedirect(let url, _),
            .refusedHeader(let url, _, _), .tooSlow(let url, _, _), .notRegularFile(let url, _),
            .cannotStore(let url, _):
            return url
        }
    }

    public var description: String {
        switch self {
        case .timeout(let url, let seconds):
            return "Fetching \(url) timed out after \(Self.format(seconds)) s."
        case .cannotResolve(let url):
            return "Fetching \(url) failed because its host name could not be resolved."
        case .cannotConnect(let url):
            return "Fetching \(url) failed because no connection could be made to its host."
        case .tls(let url, let message):
            return "Fetching \(url) failed a TLS check (\(message))."
        case .tooLarge(let url, let limit):
            return "Fetching \(url) stopped because the body is larger than \(limit) bytes."
        case .truncated(let url, let received, let expected):
            let of = expected > 0 ? " of \(expected)" : ""
            return
                "Fetching \(url) failed because the connection closed after \(received)\(of) bytes."
        case .http(let url, let status):
            return "Fetching \(url) failed with HTTP status \(status)."
        case .fileNotFound(let url):
            return "Fetching \(url) failed because the file does not exist or cannot be read."
        case .tooManyRedirects(let url):
            return "Fetching \(url) failed because it redirected more than 5 times."
        case .badURL(let url):
            return "Cannot fetch \(url) because it is not a valid http or https URL."
        case .refusedURL(let url, let reason):
            return "Nearby does not fetch \(url) because \(reason)."
        case .refusedRedirect(let url, let target):
            return
                "Fetching \(url) stopped because it redirected to \(target), which Nearby does not follow (only http and https, never from https to http, and for tiles only on the same host)."
        case .refusedHeader(let url, let name, let reason):
            return "Nearby does not fetch \(url) because its header \(name) is refused: \(reason)."
        case .tooSlow(let url, let rate, let seconds):
            return "Fetching \(url) stopped because fewer than \(rate) bytes a second arrived for \(seconds) s."
        case .notRegularFile(let url, let reason):
            return "Reading \(url) failed: \(reason)"
        case .cannotStore(let url, let reason):
            return "Fetching \(url) failed while storing the body (\(reason))."
        case .other(let url, let code, let message):
            return "Fetching \(url) failed (curl error \(code): \(message))."
        }
    }

    private static func format(_ seconds: Double) -> String {
        if let whole = Int(exactly: seconds) { return String(whole) }
        return String(seconds)
    }
}
