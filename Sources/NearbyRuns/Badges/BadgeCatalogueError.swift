/// Why a badge catalogue could not be used: one sentence each.
public enum BadgeCatalogueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes do not follow the catalogue schema (with the clause saying where).
    case malformed(String)
    /// The file is a bare JSON array of badges (the format before catalogues were datasets).
    case bareList
    /// `kind` is not `"badges"`.
    case wrongKind(String)
    /// The catalogue id breaks the ``DatasetID`` rule.
    case invalidID(String)
    /// A required text is empty (`badge` nil: the catalogue's own key).
    case missingValue(badge: String?, key: String)
    /// A text holds control characters.
    case notPrintable(badge: String?, key: String)
    /// A text is longer than `limit` characters.
    case tooLong(badge: String?, key: String, limit: Int)
    /// The catalogue has no badges.
    case empty
    /// The catalogue has more than ``BadgeCatalogue/maxBadges`` badges.
    case tooMany(Int)
    /// A badge id is not 1 to 64 of `[a-z0-9_-]`.
    case invalidBadgeID(String)
    /// A badge's distance is negative, too far, infinite or NaN.
    case invalidDistance(id: String)
    /// Badges are not in strictly increasing order of distance.
    case notAscending(id: String)
    /// Two badges share an id.
    case duplicateID(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "The badge catalogue does not follow the catalogue schema: \(reason)"
        case .bareList:
            "The badge catalogue is a bare list of badges; wrap it as {\"kind\": \"badges\", \"id\": …, \"title\": …, \"licence\": …, \"attribution\": …, \"badges\": [the list]} (see Datasets/README.md)."
        case .wrongKind(let kind): "The badge catalogue has kind \"\(kind)\"; it must be \"badges\"."
        case .invalidID(let id):
            "The badge catalogue id \"\(id.prefix(80))\" must be 1 to 64 lowercase letters, digits and hyphens (such as \"km-badges\")."
        case .missingValue(let badge, let key): "\(Self.subject(badge)) needs a non-empty \"\(key)\"."
        case .notPrintable(let badge, let key): "The \"\(key)\" of \(Self.object(badge)) holds control characters."
        case .tooLong(let badge, let key, let limit):
            "The \"\(key)\" of \(Self.object(badge)) is longer than \(limit) characters."
        case .empty: "The badge catalogue has no badges."
        case .tooMany(let count):
            "The badge catalogue has \(count) badges; at most \(BadgeCatalogue.maxBadges) are allowed."
        case .invalidBadgeID(let id):
            "The badge id \"\(id.prefix(80))\" must be 1 to 64 lowercase letters, digits, hyphens and underscores."
        case .invalidDistance(let id):
            "Badge \"\(id)\" has a distance that is not a finite number of metres from 0 to 1000000."
        case .notAscending(let id):
            "Badge \"\(id)\" is not farther than the badge before it; badges must be in increasing order of distance."
        case .duplicateID(let id): "More than one badge has the id \"\(id)\"."
        }
    }

    private static func subject(_ badge: String?) -> String {
        badge.map { "Badge \"\($0)\"" } ?? "The badge catalogue"
    }

    private static func object(_ badge: String?) -> String {
        badge.map { "badge \"\($0)\"" } ?? "the badge catalogue"
    }
}
