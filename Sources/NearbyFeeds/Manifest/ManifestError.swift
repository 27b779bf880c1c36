import NearbySystem
/// Why a dataset manifest is refused.
public enum ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidID(String)
    case missingValue(dataset: String, key: String)
    case noSourceURLs(dataset: String)
    case placeholderWithoutPaging(dataset: String, url: String)
    case pagingPlaceholderMissing(dataset: String, url: String, placeholder: String)
    case invalidPageSize(dataset: String, pageSize: Int)
    case unsupportedEncoding(dataset: String, encoding: String)
    case duplicateAttributeKey(dataset: String, key: String)
    case invalidAttributeKey(dataset: String, key: String)
    case invalidFilter(dataset: String)
    case invalidRefreshDays(dataset: String, days: Int)
    case unknownTimeZone(dataset: String, timeZone: String)
    /// A source URL is refused (see ``RequestSafety``); `reason` is a clause.
    case invalidURL(dataset: String, url: String, reason: String)
    /// A source header is refused; `reason` is a clause.
    case invalidHeader(dataset: String, name: String, reason: String)
    /// A number lies outside the range the key allows.
    case outOfRange(dataset: String, key: String, value: String, range: String)
    /// An OpenStreetMap source is refused; `reason` is a clause.
    case invalidOSM(dataset: String, reason: String)

    public var description: String {
        switch self {
        case .invalidID(let id):
            return
                "The dataset id \"\(id)\" must be 1 to \(DatasetID.maxLength) lowercase letters, digits and hyphens (such as \"toilets\")."
        case .missingValue(let dataset, let key):
            return "The manifest of dataset \"\(dataset)\" needs a non-empty \"\(key)\"."
        case .noSourceURLs(let dataset):
            return "The manifest of dataset \"\(dataset)\" lists no source URLs."
        case .placeholderWithoutPaging(let dataset, let url):
            return
                "The source URL \(url) of dataset \"\(dataset)\" has a {…} placeholder but the manifest sets no paging."
        case .pagingPlaceholderMissing(let dataset, let url, let placeholder):
            return
                "The source URL \(url) of dataset \"\(dataset)\" pages but lacks the \(placeholder) placeholder."
        case .invalidPageSize(let dataset, let pageSize):
            return "The page size \(pageSize) of dataset \"\(dataset)\" must be from 1 to 1000000."
        case .unsupportedEncoding(let dataset, let encoding):
            return
                "Dataset \"\(dataset)\" asks for encoding \"\(encoding)\", but only utf-8 is supported."
        case .duplicateAttributeKey(let dataset, let key):
            return "Dataset \"\(dataset)\" defines the attribute key \"\(key)\" more than once."
        case .invalidAttributeKey(let dataset, let key):
            return
                "The attribute key \"\(key)\" of dataset \"\(dataset)\" must be lowercase letters, digits and hyphens."
        case .invalidFilter(let dataset):
            return
                "The filter of dataset \"\(dataset)\" needs a field and exactly one of \"equals\" or \"prefix\"."
        case .invalidRefreshDays(let dataset, let days):
            return
                "The refresh period of dataset \"\(dataset)\" is \(days) days; it must be from 0 to 36500."
        case .unknownTimeZone(let dataset, let timeZone):
            return "Dataset \"\(dataset)\" names the unknown time zone \"\(timeZone)\"."
        case .invalidURL(let dataset, let url, let reason):
            return "The source URL \(url) of dataset \"\(dataset)\" is refused because \(reason)."
        case .invalidHeader(let dataset, let name, let reason):
            return "The header \"\(name)\" of dataset \"\(dataset)\" is refused because \(reason)."
        case .outOfRange(let dataset, let key, let value, let range):
            return "The \"\(key)\" of dataset \"\(dataset)\" is \(value); it must be in \(range)."
        case .invalidOSM(let dataset, let reason):
            return "The OpenStreetMap source of dataset \"\(dataset)\" is refused: \(reason)."
        }
    }
}
