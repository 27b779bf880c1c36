/// The rules a URL or a header from a manifest must pass before anything is sent: the one place
/// both manifest validation and the fetcher ask, so the two can never disagree.
///
/// Manifests come from other people, so their URLs may use `http` and `https` only, must name a
/// host, and may not carry a user name or password; `file` is allowed only where the caller says
/// so (the mirror folder the user passed). Header names must be HTTP tokens and header values may
/// not hold CR, LF, NUL or other control characters (which would smuggle extra headers).
enum RequestSafety {
    /// Why `url` may not be fetched, as a clause (no full stop), or nil when it may.
    static func problem(withURL url: String, allowingFile: Bool = false) -> String? {
        if url.unicodeScalars.contains(where: {
            $0.value <= 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
        }) {
            return "it contains a space or a control character"
        }
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex,
            url[..<colon].utf8.allSatisfy({ isTokenByte($0) && !"!#$%&'*^_`|~".utf8.contains($0) })
        else {
            return "it has no scheme (it must start with https:// or http://)"
        }
        let scheme = url[..<colon].lowercased()
        let rest = url[url.index(after: colon)...]
        switch scheme {
        case "http", "https": break
        case "file":
            return allowingFile
                ? nil : "file URLs are allowed only for the user's own mirror folder, never in a manifest"
        default:
            return "its scheme \(scheme) is not http or https"
        }
        guard rest.hasPrefix("//") else { return "it names no host" }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") { return "it carries a user name or password (user:password@)" }
        if authority.isEmpty || authority.hasPrefix(":") { return "it names no host" }
        return nil
    }

    /// True when `url` starts with `http:`, `https:` or `file:` (in any case).
    static func hasKnownScheme(_ url: String) -> Bool {
        let lowered = url.prefix(6).lowercased()
        return lowered.hasPrefix("http:") || lowered.hasPrefix("https:") || lowered.hasPrefix("file:")
    }

    /// True when `url` uses `https` (so a redirect may not leave it).
    static func isHTTPS(_ url: String) -> Bool { url.lowercased().hasPrefix("https:") }

    /// Whether a redirect from `source` to `target` may be followed: the target passes the URL
    /// rules (http or https, a host, no user name or password), and https never goes to http.
    static func mayRedirect(from source: String, to target: String) -> Bool {
        problem(withURL: target) == nil && (!isHTTPS(source) || isHTTPS(target))
    }

    /// The host of an http(s) URL, lowercased, without user information or port ("" if none).
    static func host(of url: String) -> String {
        guard let range = url.range(of: "//") else { return "" }
        var authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            return String(authority.prefix { $0 != "]" }.dropFirst()).lowercased()
        }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }

    /// Why `name: value` may not be sent, as a clause, or nil when it may.
    static func problem(withHeader name: String, value: String) -> String? {
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
            return "its name is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~ only)"
        }
        let bad = value.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar.value != 0x09) || scalar.value == 0x7F
        }
        if bad { return "its value holds CR, LF, NUL or another control character" }
        let reserved = ["if-none-match", "if-modified-since", "host", "content-length", "transfer-encoding"]
        if reserved.contains(name.lowercased()) { return "Nearby sets \(name) itself" }
        return nil
    }

    /// The longest validator (`ETag`, `Last-Modified`) kept: real ones are a few dozen bytes.
    static let maximumValidatorLength = 1024

    /// A validator a server sent, if it may be stored and sent back later as `If-None-Match` or
    /// `If-Modified-Since`: the header rule (no CR, LF, NUL or other control) and at most
    /// ``maximumValidatorLength`` bytes. Checked before it is stored, so one bad answer cannot
    /// keep a dataset from ever refreshing again; nil (no conditional request) otherwise.
    static func validator(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maximumValidatorLength,
            problem(withHeader: "X", value: value) == nil
        else { return nil }
        return value
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
