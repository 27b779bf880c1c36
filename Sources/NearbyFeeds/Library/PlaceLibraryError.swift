import NearbyPostgres

/// Why a dataset could not be listed, refreshed or queried. ``description`` is one sentence that
/// says what happened and names no command or flag (the caller adds those). A places database
/// is named by its redacted URL (``PostgresURL/redacted``), never with its password.
public enum PlaceLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No manifest has this id; the second value lists the known ids.
    case unknownDataset(String, [String])
    /// The manifest cannot be turned into a refresh plan.
    case invalidManifest(String, String)
    /// A refresh failed (the last good copy was kept).
    case refreshFailed(String, RefreshError)
    /// There is no cached copy and fetching is off.
    case notCached(String)
    /// There was no cached copy and fetching one failed.
    case fetchFailed(String, RefreshError)
    /// The dataset has no usable data, for the reason given.
    case noData(String, String)
    /// Reading the dataset's archive met damage that a rebuild from the cached pages did not mend.
    case damaged(String, String)
    /// Several datasets were asked for and none has data: why, for each.
    case noneHaveData([PlaceLibraryError])
    /// The places database (`--places-db`) could not be used: unreachable, a refused login, a
    /// server error. Not "no data": the database failed.
    case placesDatabase(PostgresError)
    /// The places database has no `nearby.places` table: nothing was ever published to it (or the
    /// URL names another database). The value is the redacted URL.
    case noPlacesTable(database: String)
    /// The dataset is not published in the places database (redacted URL): it has no data there,
    /// as a dataset without a cached copy has none locally.
    case notPublished(String, database: String)

    /// The dataset the error is about (nil for ``noneHaveData(_:)``).
    public var datasetID: String? {
        switch self {
        case .unknownDataset(let id, _), .invalidManifest(let id, _), .refreshFailed(let id, _), .notCached(let id),
            .fetchFailed(let id, _), .noData(let id, _), .damaged(let id, _), .notPublished(let id, _):
            return id
        case .noneHaveData, .placesDatabase, .noPlacesTable: return nil
        }
    }

    /// True when the dataset (or every one asked for) has no data to answer from.
    public var isNoData: Bool {
        switch self {
        case .notCached, .fetchFailed, .noData, .noneHaveData, .notPublished: return true
        case .unknownDataset, .invalidManifest, .refreshFailed, .damaged, .placesDatabase, .noPlacesTable: return false
        }
    }

    /// The reason without the dataset name.
    public var reason: String {
        switch self {
        case .unknownDataset(let id, _): return "there is no dataset named \(id)"
        case .invalidManifest(_, let reason), .noData(_, let reason), .damaged(_, let reason): return reason
        case .refreshFailed(_, let error), .fetchFailed(_, let error): return error.description
        case .notCached: return "there is no cached copy and fetching is off"
        case .noneHaveData(let errors): return errors.map(\.description).joined(separator: "; ")
        case .placesDatabase(let error): return error.description
        case .noPlacesTable(let database):
            return "the PostgreSQL database \(database) has no table nearby.places: nothing was published there"
        case .notPublished(_, let database): return "it is not published in \(database)"
        }
    }

    public var description: String {
        switch self {
        case .unknownDataset(let id, let known):
            return "there is no dataset or command named '\(id)'; datasets: \(known.joined(separator: ", "))"
        case .invalidManifest(let id, let reason): return "the manifest of \(id) is not usable: \(reason)"
        case .refreshFailed(let id, _): return "could not refresh \(id): \(reason)"
        case .notCached(let id), .fetchFailed(let id, _), .noData(let id, _): return "\(id) has no data: \(reason)"
        case .damaged(let id, let reason): return "\(id): \(reason)"
        case .noneHaveData, .placesDatabase, .noPlacesTable: return reason
        case .notPublished(let id, let database): return "dataset \(id) is not published in \(database)"
        }
    }
}
