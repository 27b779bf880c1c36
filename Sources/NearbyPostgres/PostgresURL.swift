import Foundation

/// Where a PostgreSQL database is: a `postgresql://` or `postgres://` URL.
///
/// The URL goes to libpq (`PQconnectdb`) as it is, so its query parameters (`sslmode`,
/// `connect_timeout`, …), `~/.pgpass`, `PGPASSWORD` and the other `PG…` variables follow libpq's
/// own conventions. Only URLs are accepted, not key=value connection strings: a `--db` value must be
/// told apart from a file name at a glance (see ``isURL(_:)``); every key=value option can be
/// written as a URL query parameter.
///
/// The password never leaves this value except towards libpq: ``description``,
/// ``debugDescription``, the mirror and every ``PostgresError`` use ``redacted``.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The longest URL accepted, in UTF-8 bytes.
    public static let maximumLength = 4096

    /// The URL for libpq, password included, scheme in lower case.
    let connectionString: String
    /// The password as written in the URL (user info or `password=` parameter) and decoded, to
    /// scrub from libpq's messages; empty when the URL has none.
    let secrets: [String]
    /// The URL without any password: safe for output, logs and errors.
    public let redacted: String

    /// Checks `text` and keeps it for libpq.
    ///
    /// - Throws: ``PostgresError/invalidURL(_:)`` when `text` does not start with `postgresql://`
    ///   or `postgres://` (any case), holds control characters, or is longer than
    ///   ``maximumLength``. The error never repeats `text`.
    public init(_ text: String) throws(PostgresError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw .invalidURL("the database URL is longer than \(Self.maximumLength) bytes")
        }
        guard !text.unicodeScalars.contains(where: Self.isControl) else {
            throw .invalidURL("the database URL contains a control character")
        }
        guard let scheme = Self.scheme(of: text) else {
            throw .invalidURL("the database is not a URL; it must start with postgresql:// or postgres://")
        }
        let lowered = scheme.lowercased()
        let rest = text.dropFirst(scheme.count + 1)
        guard lowered == "postgresql" || lowered == "postgres" else {
            throw .invalidURL(
                "a \(Self.printable(lowered)): URL is not a database Nearby can use; use postgresql:// or postgres://")
        }
        guard rest.hasPrefix("//") else {
            throw .invalidURL("a \(lowered): URL must continue with //, as in \(lowered)://user@host/database")
        }
        connectionString = lowered + ":" + rest
        let parts = Self.split(rest.dropFirst(2))
        secrets = parts.secrets
        redacted = lowered + "://" + parts.redacted
    }

    /// Whether a `--db` (or `NEARBY_DB`) value names a database by URL rather than a file.
    ///
    /// True for anything starting with `postgresql:` or `postgres:` (any case, even without `//`,
    /// so `postgresql:` never becomes a SQLite file of that name) and for any other
    /// `scheme://` (an unsupported URL, refused by ``init(_:)`` with a sentence). A path such as
    /// `runs:2024.sqlite`, `./postgresql:x` or `/tmp/a://b` is a file.
    public static func isURL(_ text: String) -> Bool {
        guard let scheme = scheme(of: text) else { return false }
        let lowered = scheme.lowercased()
        if lowered == "postgresql" || lowered == "postgres" { return true }
        return text.dropFirst(scheme.count + 1).hasPrefix("//")
    }

    public var description: String { redacted }
    public var debugDescription: String { "PostgresURL(\(redacted))" }
    public var customMirror: Mirror { Mirror(self, children: ["redacted": redacted]) }

    /// Replaces every secret of this URL in `message` (a libpq or server message) by `***`, where
    /// it stands as a word of its own (not inside a longer word: a password `p` must not turn
    /// "port" into "***ort").
    func scrub(_ message: String) -> String {
        var text = message
        for secret in secrets where !secret.isEmpty {
            var out = ""
            var rest = Substring(text)
            while let found = rest.range(of: secret) {
                let before = found.lowerBound > rest.startIndex ? rest[rest.index(before: found.lowerBound)] : nil
                let after = found.upperBound < rest.endIndex ? rest[found.upperBound] : nil
                let standsAlone =
                    !(before.map(Self.isWordCharacter) ?? false) && !(after.map(Self.isWordCharacter) ?? false)
                out += rest[..<found.lowerBound]
                out += standsAlone ? "***" : String(rest[found])
                rest = rest[found.upperBound...]
            }
            text = out + rest
        }
        return text
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The URL's own `connect_timeout` (seconds), when it sets one.
    public var connectTimeout: Int? {
        guard let question = connectionString.firstIndex(of: "?") else { return nil }
        for parameter in connectionString[connectionString.index(after: question)...].split(separator: "&") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            if parts.count == 2, Self.percentDecoded(parts[0]) == "connect_timeout" {
                return Int(Self.percentDecoded(parts[1]))
            }
        }
        return nil
    }

    // MARK: - Parsing

    /// The URL scheme at the start of `text`: a letter, then letters, digits, `+`, `-` or `.`,
    /// then `:`. Nil when there is none.
    static func scheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
        else { return nil }
        let allowed = scheme.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "+-.".unicodeScalars.contains(scalar))
        }
        return allowed ? scheme : nil
    }

    /// Splits what follows `scheme://` as libpq does (the user info ends at the first `@` before
    /// any `/`; the password is what follows the user's first `:`), and drops every password.
    static func split(_ rest: Substring) -> (redacted: String, secrets: [String]) {
        var secrets: [String] = []
        var remainder = rest
        var userPart = ""
        let beforeSlash = rest.prefix { $0 != "/" }
        if let at = beforeSlash.firstIndex(of: "@") {
            let userInfo = rest[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                let password = userInfo[userInfo.index(after: colon)...]
                secrets.append(String(password))
                secrets.append(percentDecoded(password))
                userPart = String(userInfo[..<colon]) + ":***@"
            } else {
                userPart = String(userInfo) + "@"
            }
            remainder = rest[rest.index(after: at)...]
        }
        guard let question = remainder.firstIndex(of: "?") else {
            return (userPart + remainder, secrets)
        }
        var kept: [String] = []
        for parameter in remainder[remainder.index(after: question)...].split(separator: "&") {
            let key = parameter.prefix { $0 != "=" }
            if percentDecoded(key).lowercased().contains("password") {
                let value = parameter.dropFirst(key.count + 1)
                secrets.append(String(value))
                secrets.append(percentDecoded(value))
                kept.append(key + "=***")
            } else {
                kept.append(String(parameter))
            }
        }
        let query = kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
        return (userPart + remainder[..<question] + query, secrets)
    }

    /// `%XX` decoded (as UTF-8, invalid sequences repaired); other bytes kept.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)
    }

    /// `text` with control characters replaced, and cut to 40 characters, for messages.
    static func printable(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
        return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
    }
}
