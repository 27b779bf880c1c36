import Foundation

/// How usable a dataset's cached copy is right now.
public enum CacheStatus: Sendable, Equatable {
    /// Nothing has been cached for the dataset.
    case missing
    /// A copy exists whose metadata cannot be read; the reason is one sentence.
    case unreadable(reason: String)
    /// A copy exists and is within its refresh rule.
    case fresh(ageDays: Int, metadata: CacheMetadata)
    /// A copy exists but is at least the rule's days old; it still answers queries, with a warning.
    case stale(ageDays: Int, metadata: CacheMetadata)

    /// The metadata when a copy is readable.
    public var metadata: CacheMetadata? {
        switch self {
        case .fresh(_, let metadata), .stale(_, let metadata): return metadata
        case .missing, .unreadable: return nil
        }
    }

    /// Calendar days since the origin last confirmed the copy, when there is one.
    public var ageDays: Int? {
        switch self {
        case .fresh(let age, _), .stale(let age, _): return age
        case .missing, .unreadable: return nil
        }
    }

    /// True only for a fresh copy.
    public var isFresh: Bool {
        if case .fresh = self { return true }
        return false
    }
}
