import NearbyOSM

/// Which OpenStreetMap features make a dataset: `amenity=toilets`, `shop=*` (any value), or
/// several of them (a feature with any one is selected), as `osmium tags-filter` reads them.
public struct OSMSelector: Sendable, Hashable, CustomStringConvertible {
    /// One `KEY=VALUE` (or `KEY=*`) term.
    public struct Term: Sendable, Hashable, CustomStringConvertible {
        public var key: String
        /// nil for `*`: any value.
        public var value: String?

        public var description: String { "\(key)=\(value ?? "*")" }
    }

    public let terms: [Term]
    /// The terms' UTF-8, made once.
    private let compiled: [Compiled]

    private struct Compiled: Sendable, Hashable {
        var key: [UInt8]
        var value: [UInt8]?
        var keyText: String
    }

    /// The longest key or value a term may have (OSM's own limit is 255 characters).
    public static let maxText = 255
    /// The most terms one dataset may select by.
    public static let maxTerms = 64

    /// Parses `["amenity=toilets", "shop=*"]`; each text may hold several terms separated by
    /// commas. A bare `KEY` means `KEY=*`.
    public init(parsing texts: [String]) throws(OSMSelectorError) {
        var terms: [Term] = []
        for text in texts {
            for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
                let term = piece.trimmingCharacters(in: .whitespaces)
                guard !term.isEmpty else { throw .empty }
                let parts = term.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(parts[0])
                let value = parts.count == 2 ? String(parts[1]) : "*"
                guard !key.isEmpty, !value.isEmpty, key != "*" else { throw .unreadable(String(term.prefix(80))) }
                guard key.utf8.count <= Self.maxText, value.utf8.count <= Self.maxText else {
                    throw .tooLong(String(term.prefix(40)))
                }
                guard !key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
                    !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                else { throw .unreadable(String(term.prefix(80).unicodeScalars.filter { $0.value >= 0x20 })) }
                terms.append(Term(key: key, value: value == "*" ? nil : value))
            }
        }
        guard !terms.isEmpty else { throw .empty }
        guard terms.count <= Self.maxTerms else { throw .tooMany(terms.count) }
        self.terms = terms
        compiled = terms.map {
            Compiled(key: Array($0.key.utf8), value: $0.value.map { Array($0.utf8) }, keyText: $0.key)
        }
    }

    public var description: String { terms.map(\.description).joined(separator: ",") }

    /// The first term a feature's tags match, as the tag that matched (`amenity=toilets`), or nil.
    func match(_ tags: OSMTags) -> (key: String, value: String)? {
        for term in compiled {
            guard let value = term.key.withUnsafeBytes({ key in tags.first { $0.key.equals(key) }?.value }) else {
                continue
            }
            if let wanted = term.value, !wanted.withUnsafeBytes({ value.equals($0) }) { continue }
            return (term.keyText, value.string)
        }
        return nil
    }
}

/// Why a `--select` could not be read.
public enum OSMSelectorError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case unreadable(String)
    case tooLong(String)
    case tooMany(Int)

    public var description: String {
        switch self {
        case .empty: "A selection needs at least one TAG=VALUE (or TAG=*)."
        case .unreadable(let term): "\(term.debugDescription) is not TAG=VALUE or TAG=*."
        case .tooLong(let term): "\(term.debugDescription)… is longer than a tag may be (255 bytes)."
        case .tooMany(let count): "\(count) terms are more than the 64 one dataset may select by."
        }
    }
}

import Foundation
