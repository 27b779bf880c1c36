import NearbyCSV

/// Why a feed could not be decoded into places. Each description names the dataset.
public enum FeedDecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    case notJSON(dataset: String, page: Int, error: JSONParseError)
    case notCSV(dataset: String, page: Int, error: CSVParseError)
    case recordsNotFound(dataset: String, page: Int, path: String)
    case noRecords(dataset: String)
    case fieldMissingEverywhere(dataset: String, role: String, path: String)
    case filterMatchedNothing(dataset: String, records: Int)
    case noUsableCoordinates(dataset: String, records: Int)
    /// The places do not fit the place archive (`detail` says which limit).
    case tooLarge(dataset: String, detail: String)

    public var description: String {
        switch self {
        case .notJSON(let dataset, let page, let error):
            return
                "The feed of dataset \"\(dataset)\"\(Self.pageText(page)) is not valid JSON at line \(error.line), column \(error.column): \(error.reasonText)"
        case .notCSV(let dataset, let page, let error):
            return
                "The feed of dataset \"\(dataset)\"\(Self.pageText(page)) is not valid CSV: \(error.detail)."
        case .recordsNotFound(let dataset, let page, let path):
            let place = path.isEmpty ? "a top-level array" : "an array at \"\(path)\""
            return
                "The feed of dataset \"\(dataset)\"\(Self.pageText(page)) has no records: it holds no \(place)."
        case .noRecords(let dataset):
            return "The feed of dataset \"\(dataset)\" holds zero records."
        case .fieldMissingEverywhere(let dataset, let role, let path):
            return
                "The \(role) field \"\(path)\" of dataset \"\(dataset)\" is present in none of its records; check the manifest's field names."
        case .filterMatchedNothing(let dataset, let records):
            return "The filter of dataset \"\(dataset)\" removed all \(records) records."
        case .tooLarge(let dataset, let detail):
            return "The feed of dataset \"\(dataset)\" is too large to store: \(detail)."
        case .noUsableCoordinates(let dataset, let records):
            return
                "None of the \(records) records of dataset \"\(dataset)\" has coordinates in range (WGS84 decimal degrees)."
        }
    }

    private static func pageText(_ page: Int) -> String {
        page > 0 ? " (page \(page + 1))" : ""
    }
}
