/// Why a badge catalogue could not be used.
public enum BadgeCatalogueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a JSON array of badge objects (with the decoder's reason).
    case malformed(String)
    /// The catalogue has no badges.
    case empty
    /// A badge's distance is negative, infinite or NaN.
    case invalidDistance(id: String)
    /// Badges are not in strictly increasing order of distance.
    case notAscending(id: String)
    /// Two badges share an id.
    case duplicateID(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "The badge catalogue is not a JSON array of badges: \(reason)."
        case .empty: "The badge catalogue has no badges."
        case .invalidDistance(let id): "Badge \"\(id)\" has a distance that is not a finite number of metres ≥ 0."
        case .notAscending(let id):
            "Badge \"\(id)\" is not farther than the badge before it; badges must be in increasing order of distance."
        case .duplicateID(let id): "More than one badge has the id \"\(id)\"."
        }
    }
}
