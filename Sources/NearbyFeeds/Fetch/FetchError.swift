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
    /// The URL is malformed or uses a scheme other than http, https or file.
    case badURL(url: String)
    /// Any other libcurl failure, with its code and message.
    case other(url: String, code: Int, message: String)

    /// The URL the failure is about.
    public var url: String {
        switch self {
        case .timeout(let url, _), .cannotResolve(let url), .cannotConnect(let url),
            .tls(let url, _), .tooLarge(let url, _), .truncated(let url, _, _),
            .http(let url, _), .fileNotFound(let url), .tooManyRedirects(let url),
            .badURL(let url), .other(let url, _, _):
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
            return "Cannot fetch \(url) because it is not a valid http, https or file URL."
        case .other(let url, let code, let message):
            return "Fetching \(url) failed (curl error \(code): \(message))."
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
