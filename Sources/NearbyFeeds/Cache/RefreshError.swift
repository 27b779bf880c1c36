import NearbySystem
/// Why a refresh failed. In every case the last good copy (if any) was left byte for byte.
public enum RefreshError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dataset id cannot be used as a folder name.
    case invalidDatasetID(String)
    /// The plan's request closure returned nil for page 0.
    case noRequest(datasetID: String)
    /// Fetching page `page` (from 0) failed.
    case fetch(datasetID: String, page: Int, FetchError)
    /// A page answered 304 although the cache had no copy of it to keep.
    case unexpectedNotModified(datasetID: String, page: Int, url: String)
    /// The page closure asked for more than `limit` pages.
    case tooManyPages(datasetID: String, limit: Int)
    /// The validator rejected the bodies; `reason` is its error's description.
    case invalid(datasetID: String, reason: String)
    /// The bodies decoded but held no records.
    case noRecords(datasetID: String)
    /// The validator named an artefact that cannot be a plain file name in the cache folder.
    case badArtefactName(datasetID: String, name: String)
    /// Reading or writing the cache folder failed.
    case storage(datasetID: String, path: String, reason: String)
    /// The pages together passed the refresh's byte budget.
    case overBudget(datasetID: String, limit: Int64)
    /// The refresh as a whole passed its deadline.
    case pastDeadline(datasetID: String, seconds: Double)
    /// The new copy has far fewer rankable places than the last good one (a refresh that accepts
    /// the drop takes it).
    case tooLargeDrop(datasetID: String, previous: Int, new: Int, maxPercent: Int)
    /// The dataset's cache folder is a symbolic link (or not a folder).
    case linkedFolder(datasetID: String, path: String)
    /// Another refresh of the dataset held its lock longer than the wait allowed.
    case lockTimeout(datasetID: String, seconds: Double)

    /// The dataset the failure is about.
    public var datasetID: String {
        switch self {
        case .invalidDatasetID(let id), .noRequest(let id), .fetch(let id, _, _),
            .unexpectedNotModified(let id, _, _), .tooManyPages(let id, _), .invalid(let id, _),
            .noRecords(let id), .badArtefactName(let id, _), .storage(let id, _, _), .overBudget(let id, _),
            .pastDeadline(let id, _), .tooLargeDrop(let id, _, _, _), .linkedFolder(let id, _),
            .lockTimeout(let id, _):
            return id
        }
    }

    public var description: String {
        let kept = "the last good copy, if any, was kept"
        switch self {
        case .invalidDatasetID(let id):
            return "Cannot cache dataset \"\(id)\" because its id is not a plain file name."
        case .noRequest(let id):
            return "Refreshing \(id) failed because its plan produced no request for the first page."
        case .fetch(let id, let page, let error):
            return "Refreshing \(id) failed on page \(page + 1): \(Self.clause(error.description)); \(kept)."
        case .unexpectedNotModified(let id, let page, let url):
            return
                "Refreshing \(id) failed because \(url) (page \(page + 1)) answered 304 with no cached copy to keep; \(kept)."
        case .tooManyPages(let id, let limit):
            return "Refreshing \(id) stopped after \(limit) pages, the most a plan may fetch; \(kept)."
        case .invalid(let id, let reason):
            return
                "Refreshing \(id) failed because the new data is invalid (\(Self.clause(reason))); \(kept)."
        case .noRecords(let id):
            return "Refreshing \(id) failed because the new data holds no records; \(kept)."
        case .badArtefactName(let id, let name):
            return
                "Refreshing \(id) failed because artefact name \"\(name)\" is not a plain file name; \(kept)."
        case .storage(let id, let path, let reason):
            return "Refreshing \(id) failed writing \(path) (\(Self.clause(reason))); \(kept)."
        case .overBudget(let id, let limit):
            return
                "Refreshing \(id) stopped because its pages passed the budget of \(ByteCountText.describe(Int(clamping: limit))) for one refresh; \(kept)."
        case .pastDeadline(let id, let seconds):
            return "Refreshing \(id) stopped because it took longer than \(Self.seconds(seconds)) s in all; \(kept)."
        case .tooLargeDrop(let id, let previous, let new, let maxPercent):
            return
                "Refreshing \(id) refused the new copy because its places with coordinates fell from \(previous) to \(new), more than \(maxPercent) %; \(kept)."
        case .linkedFolder(let id, let path):
            return
                "Refreshing \(id) refused the cache folder \(path) because it is a symbolic link or not a folder; Nearby follows no links inside its cache."
        case .lockTimeout(let id, let seconds):
            return
                "Refreshing \(id) gave up after waiting \(Self.seconds(seconds)) s for another refresh of it to finish; \(kept)."
        }
    }

    static func seconds(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return String(value)
    }

    /// A sentence made into a clause: no trailing full stop.
    static func clause(_ sentence: String) -> String {
        var text = sentence
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
