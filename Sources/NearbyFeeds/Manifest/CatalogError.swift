/// Why the dataset catalog could not be loaded. Each case names the file or folder at fault.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    case directoryMissing(path: String)
    case unreadableDirectory(path: String, reason: String)
    case unreadableFile(path: String, reason: String)
    case notJSON(path: String, error: JSONParseError)
    case malformedManifest(path: String, reason: String)
    case invalidManifest(path: String, error: ManifestError)
    case duplicateID(id: String, firstPath: String, secondPath: String)

    public var description: String {
        switch self {
        case .directoryMissing(let path):
            return "The datasets folder \(path) does not exist."
        case .unreadableDirectory(let path, let reason):
            return "The datasets folder \(path) cannot be read: \(reason)"
        case .unreadableFile(let path, let reason):
            return "The manifest \(path) cannot be read: \(reason)"
        case .notJSON(let path, let error):
            return "The manifest \(path) is not JSON (line \(error.line), column \(error.column))."
        case .malformedManifest(let path, let reason):
            return "The manifest \(path) does not follow the manifest schema: \(reason)"
        case .invalidManifest(let path, let error):
            return "The manifest \(path) is refused: \(error.description)"
        case .duplicateID(let id, let firstPath, let secondPath):
            return
                "The dataset id \"\(id)\" is defined by both \(firstPath) and \(secondPath) in one folder."
        }
    }
}
