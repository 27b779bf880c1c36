/// Something a ``PlaceLibrary`` call wants the user to hear about while it still answered: a value
/// the caller words (a command line adds the flags that help); ``description`` is a plain
/// sentence that names no command or flag.
public enum PlaceLibraryWarning: Sendable, Equatable, CustomStringConvertible {
    /// Fetching is off and the cached copy is stale (last checked `ageDays` calendar days ago).
    case stale(datasetID: String, ageDays: Int)
    /// A stale copy could not be refreshed, so it answered as it is.
    case usingStale(datasetID: String, ageDays: Int, because: PlaceLibraryError)
    /// The dataset's place archive was rebuilt from its cached pages (it was damaged, missing,
    /// or built from other bytes or another manifest); `reason` says which.
    case rebuilt(datasetID: String, reason: String)
    /// A ranked query left out the places without a usable coordinate.
    case unranked(datasetID: String, unlocated: Int, total: Int)
    /// A dataset had no data, and the others answered without it.
    case leftOut(PlaceLibraryError)

    /// The dataset the warning is about (nil for one left out).
    public var datasetID: String? {
        switch self {
        case .stale(let id, _), .usingStale(let id, _, _), .rebuilt(let id, _), .unranked(let id, _, _): return id
        case .leftOut(let error): return error.datasetID
        }
    }

    public var description: String {
        switch self {
        case .stale(let id, let age):
            return "\(id) was last checked \(Self.days(age)) ago and is stale"
        case .usingStale(let id, let age, let error):
            return "could not refresh \(id) (\(error.reason)); using the copy from \(Self.days(age)) ago"
        case .rebuilt(let id, let reason):
            return "rebuilt the index of \(id): \(reason)"
        case .unranked(let id, let unlocated, let total):
            return "\(unlocated) of \(total) places in \(id) have no usable coordinates and are not ranked"
        case .leftOut(let error):
            return "\(error.description); answering from the other datasets"
        }
    }

    /// "1 day", "9 days".
    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
