import Foundation

/// What a successful `DatasetCache.refresh` did.
public enum RefreshOutcome: Sendable, Equatable {
    /// The copy was fresh and `force` was false, so nothing was fetched.
    case skippedFresh(ageDays: Int)
    /// Every page answered 304 Not Modified; only the check time was recorded.
    case notModified(records: Int)
    /// The origin sent bodies identical to the stored ones; only the check time and validators
    /// (ETag, Last-Modified) were recorded.
    case unchanged(records: Int)
    /// New bodies were validated and swapped in.
    case updated(records: Int, bytes: Int64, pages: Int)
}
