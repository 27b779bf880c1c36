import NearbyPostgres

/// Why a dataset opened for the join could not name or locate a place. ``description`` is one
/// sentence without the dataset's id (the caller adds it); a database is named by its redacted URL.
public enum PlaceDatasetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cached copy's archive could not be read.
    case archive(PlaceArchiveError)
    /// The places database failed (it went away, refused a statement); never holds a password.
    case database(PostgresError)
    /// A published row Nearby cannot read back (another tool wrote it): its id.
    case unreadablePlace(id: String)
    /// A place number the dataset does not have.
    case noSuchPlace(Int)

    public var description: String {
        switch self {
        case .archive(let error): error.description
        case .database(let error): error.description
        case .unreadablePlace(let id): "the published place \(id) has details Nearby did not write"
        case .noSuchPlace(let index): "there is no place number \(index)"
        }
    }
}
