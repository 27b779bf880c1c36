import Foundation

/// A stand-in for a feed's origin: a local folder or a base URL laid out by dataset id.
///
/// Layout (`<ext>` is the plan's file extension, such as `json` or `csv`; pages count from 0):
///
///     <mirror>/<dataset-id>.<ext>           page 0 (the whole feed when it is one request)
///     <mirror>/<dataset-id>.page-<n>.<ext>  page n, for n ≥ 1
///
/// So a mirror of a one-request feed is one file per dataset, and a paged feed adds numbered
/// files beside it. Paging still stops where the plan's page closure says, exactly as it does
/// against the origin. A folder mirror is read through `file://` URLs with the same fetcher.
public enum FeedMirror: Sendable, Equatable {
    /// A local folder.
    case folder(URL)
    /// A base URL such as `https://mirror.example.org/nearby` (no trailing slash needed).
    case baseURL(String)

    /// The URL that stands in for page `pageIndex` of dataset `id`.
    public func url(datasetID id: String, pageIndex: Int, fileExtension: String) -> String {
        let name = Self.fileName(datasetID: id, pageIndex: pageIndex, fileExtension: fileExtension)
        switch self {
        case .folder(let folder):
            return folder.appendingPathComponent(name, isDirectory: false).absoluteString
        case .baseURL(let base):
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            return "\(trimmed)/\(name)"
        }
    }

    /// The file name a mirror uses for one page (see the layout above).
    public static func fileName(datasetID id: String, pageIndex: Int, fileExtension: String) -> String {
        let ext = fileExtension.isEmpty ? "" : ".\(fileExtension)"
        return pageIndex == 0 ? "\(id)\(ext)" : "\(id).page-\(pageIndex)\(ext)"
    }
}
