/// Why a cached dataset cannot be read.
public enum CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing has been cached for the dataset yet.
    case missing(datasetID: String)
    /// The cached copy is damaged; `reason` says how.
    case corrupt(datasetID: String, reason: String)
    /// The dataset id cannot be used as a folder name.
    case invalidDatasetID(String)
    /// The dataset's cache folder is a symbolic link (or not a folder).
    case linkedFolder(datasetID: String, path: String)

    public var description: String {
        switch self {
        case .missing(let id):
            return "No cached copy of \(id) exists yet; refresh it first."
        case .corrupt(let id, let reason):
            return "The cached copy of \(id) is damaged (\(RefreshError.clause(reason)))."
        case .invalidDatasetID(let id):
            return "Cannot read dataset \"\(id)\" because its id is not a plain file name."
        case .linkedFolder(let id, let path):
            return
                "Cannot read dataset \(id) because its cache folder \(path) is a symbolic link or not a folder; Nearby follows no links inside its cache."
        }
    }
}
