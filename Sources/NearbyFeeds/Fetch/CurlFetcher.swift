internal import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `Fetcher` over libcurl's easy interface, for `http://` and `https://` URLs (and `file://`
/// ones when the request allows it, read as regular files without libcurl).
///
/// Each call uses its own easy handle, so one `CurlFetcher` may be shared between threads.
/// URLs and headers are checked by ``RequestSafety`` before anything is sent. Redirects are
/// followed here (at most 5), each target checked by the same rules, never to another scheme and
/// never from https to http. TLS peers and host names are verified, any content encoding libcurl
/// knows is accepted and decoded, and the body limit and the low-speed limit are enforced while
/// bytes arrive; the body goes to memory or, with `destination`, straight to a file.
public struct CurlFetcher: Fetcher {
    /// The `User-Agent` sent with every request.
    public let userAgent: String

    /// Creates a fetcher that identifies itself as `Nearby/<version> (+<projectURL>)`.
    public init(version: String, projectURL: String = "https://github.com/nearby-cli/nearby") {
        self.userAgent = "Nearby/\(version) (+\(projectURL))"
    }

    public func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
        let url = request.url
        if let problem = RequestSafety.problem(withURL: url, allowingFile: request.allowsFile) {
            // A scheme Nearby never speaks is simply not a URL it can fetch.
            if !RequestSafety.hasKnownScheme(url) { throw .badURL(url: url) }
            throw .refusedURL(url: url, reason: problem)
        }
        for header in request.headers {
            if let problem = RequestSafety.problem(withHeader: header.name, value: header.value) {
                throw .refusedHeader(url: url, name: header.name, reason: problem)
            }
        }
        // The validators come from a server's earlier answer: the same rule applies to them.
        let validators = [("If-None-Match", request.ifNoneMatch), ("If-Modified-Since", request.ifModifiedSince)]
        for (name, value) in validators {
            if let value, let problem = RequestSafety.problem(withHeader: "X", value: value) {
                throw .refusedHeader(url: url, name: name, reason: problem)
            }
        }
        if url.lowercased().hasPrefix("file:") { return try LocalFileFetch.fetch(request) }
        // Loads libcurl on first use and runs curl_global_init once (see Sources/CCurl/shim.h).
        guard nearby_curl_load() == 1 else {
            throw .other(url: url, code: -1, message: "libcurl (libcurl.so.4) could not be loaded; install libcurl4")
        }
        guard let handle = nearby_curl_easy_init() else {
            throw .other(url: url, code: -1, message: "curl_easy_init returned no handle")
        }
        defer { nearby_curl_easy_cleanup(handle) }

        var sink: Int32? = nil
        if let destination = request.destination {
            let fd = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .cannotStore(url: url, reason: String(cString: strerror(errno))) }
            sink = fd
        }
        defer { if let sink { close(sink) } }
        let transfer = CurlTransfer(maxBodyBytes: request.maxBodyBytes, progress: request.progress, sink: sink)
        let context = Unmanaged.passRetained(transfer)
        defer { context.release() }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }

        var headerList: UnsafeMutablePointer<curl_slist>? = nil
        defer { nearby_curl_slist_free_all(headerList) }
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        if let tag = request.ifNoneMatch { lines.append("If-None-Match: \(tag)") }
        if let date = request.ifModifiedSince { lines.append("If-Modified-Since: \(date)") }
        for line in lines {
            headerList = nearby_curl_slist_append(headerList, line)
        }

        var setupCode = CURLE_OK
        func set(_ code: CURLcode) { if setupCode == CURLE_OK { setupCode = code } }
        // Redirects are followed here, not by libcurl, so each target is checked by the same
        // rules as the first URL (and a refused one is reported as the redirect it is).
        set(nearby_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(nearby_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        set(nearby_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1))
        set(nearby_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2))
        set(nearby_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        set(
            nearby_curl_setopt_long(
                handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout)))
        if request.lowSpeedBytesPerSecond > 0, request.lowSpeedSeconds > 0 {
            set(nearby_curl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, request.lowSpeedBytesPerSecond))
            set(nearby_curl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, request.lowSpeedSeconds))
        }
        set(nearby_curl_setopt_string(handle, CURLOPT_USERAGENT, userAgent))
        set(nearby_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
        set(nearby_curl_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)))
        set(nearby_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        set(nearby_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))
        set(nearby_curl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, curlWriteBody))
        set(nearby_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque()))
        set(nearby_curl_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader))
        set(nearby_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque()))
        if request.progress != nil {
            set(nearby_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0))
            set(nearby_curl_setopt_xferinfo_function(handle, CURLOPT_XFERINFOFUNCTION, curlProgress))
            set(nearby_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context.toOpaque()))
        }
        if setupCode != CURLE_OK {
            throw Self.error(
                for: setupCode, url: url, request: request, transfer: transfer, handle: handle,
                message: Self.message(errorBuffer, setupCode))
        }

        let clock = ContinuousClock()
        let started = clock.now
        var current = url
        var redirects = 0
        var status = 0
        while true {
            // The total time-out covers every hop together.
            let spent = clock.now - started
            let left =
                request.totalTimeout - (Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18)
            guard left > 0 else { throw .timeout(url: url, seconds: request.totalTimeout) }
            _ = nearby_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(left))
            _ = nearby_curl_setopt_string(handle, CURLOPT_URL, current)
            let code = nearby_curl_easy_perform(handle)
            if code != CURLE_OK {
                throw Self.error(
                    for: code, url: url, request: request, transfer: transfer, handle: handle,
                    message: Self.message(errorBuffer, code))
            }
            status = 0
            _ = nearby_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            var targetPointer: UnsafeMutablePointer<CChar>? = nil
            _ = nearby_curl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &targetPointer)
            guard (300..<400).contains(status), status != 304, let targetPointer else { break }
            let target = String(cString: targetPointer)
            guard redirects < Self.maxRedirects else { throw .tooManyRedirects(url: url) }
            guard RequestSafety.mayRedirect(from: current, to: target),
                !request.redirectsStayOnHost || RequestSafety.host(of: target) == RequestSafety.host(of: url)
            else {
                throw .refusedRedirect(url: url, target: target)
            }
            redirects += 1
            current = target
            guard transfer.restart() else {
                throw .cannotStore(url: url, reason: transfer.storeFailure ?? "the file could not be emptied")
            }
        }
        if status >= 400 {
            throw .http(url: current == url ? url : "\(url) (redirected to \(current))", status: status)
        }
        if let sink, fsync(sink) != 0 {
            throw .cannotStore(url: url, reason: String(cString: strerror(errno)))
        }
        return FetchResponse(
            status: status, body: transfer.body, etag: transfer.headers["etag"],
            lastModified: transfer.headers["last-modified"], effectiveURL: current,
            bodyBytes: transfer.received, sha256: transfer.hash.hexDigest())
    }

    /// Redirects followed at most.
    static let maxRedirects = 5

    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        // Clamped: a manifest may ask for any number of seconds; a day is plenty.
        return Int(exactly: (min(seconds, 86_400) * 1000).rounded(.up)) ?? 86_400_000
    }

    private static func message(_ buffer: UnsafeMutablePointer<CChar>, _ code: CURLcode) -> String {
        let detail = String(cString: buffer)
        if !detail.isEmpty { return detail }
        return nearby_curl_easy_strerror(code).map { String(cString: $0) } ?? "unknown error"
    }

    /// Maps a libcurl failure to the typed error the caller can act on.
    private static func error(
        for code: CURLcode, url: String, request: FetchRequest, transfer: CurlTransfer,
        handle: UnsafeMutableRawPointer, message: String
    ) -> FetchError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT where request.lowSpeedSeconds > 0 && message.contains("too slow"):
            return .tooSlow(url: url, bytesPerSecond: request.lowSpeedBytesPerSecond, seconds: request.lowSpeedSeconds)
        case CURLE_WRITE_ERROR where transfer.storeFailure != nil:
            return .cannotStore(url: url, reason: transfer.storeFailure ?? "")
        case CURLE_OPERATION_TIMEDOUT:
            // No connect time recorded means the connect phase is what ran out.
            var connectTime: Double = 0
            _ = nearby_curl_getinfo_double(handle, CURLINFO_CONNECT_TIME, &connectTime)
            let connected = connectTime > 0 || url.lowercased().hasPrefix("file:")
            let limit = connected ? request.totalTimeout : min(request.connectTimeout, request.totalTimeout)
            return .timeout(url: url, seconds: limit)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotResolve(url: url)
        case CURLE_COULDNT_CONNECT:
            return .cannotConnect(url: url)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED:
            return .tls(url: url, message: message)
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(url: url, limit: request.maxBodyBytes)
        case CURLE_WRITE_ERROR where transfer.exceededLimit:
            return .tooLarge(url: url, limit: request.maxBodyBytes)
        case CURLE_PARTIAL_FILE:
            var expected: curl_off_t = -1
            _ = nearby_curl_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
            return .truncated(
                url: url, received: transfer.received, expected: max(0, Int64(expected)))
        case CURLE_FILE_COULDNT_READ_FILE:
            return .fileNotFound(url: url)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(url: url)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .badURL(url: url)
        default:
            return .other(url: url, code: Int(code.rawValue), message: message)
        }
    }
}
