import NearbySystem
/// Why badge catalogues could not be found or the chosen one used: one sentence each, naming the
/// file or folder at fault.
public enum BadgeDatasetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A datasets folder could not be listed.
    case folder(DatasetFolderError)
    /// A catalogue file is refused.
    case refused(path: String, error: BadgeCatalogueError)
    /// Two files of one folder define the same catalogue id.
    case duplicateID(id: String, firstPath: String, secondPath: String)
    /// The id asked for breaks the ``DatasetID`` rule.
    case invalidSelection(String)
    /// No folder holds a catalogue with the id asked for.
    case unknown(id: String, known: [String])

    public var description: String {
        switch self {
        case .folder(let error): return error.description
        case .refused(let path, let error): return "The badge catalogue \(path) is refused: \(error.description)"
        case .duplicateID(let id, let firstPath, let secondPath):
            return "The badge catalogue id \"\(id)\" is defined by both \(firstPath) and \(secondPath) in one folder."
        case .invalidSelection(let id):
            return
                "The badge catalogue \"\(id.prefix(80))\" cannot exist: ids are 1 to 64 lowercase letters, digits and hyphens."
        case .unknown(let id, let known):
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "No datasets folder holds the badge catalogue \"\(id)\" (found: \(list))."
        }
    }
}
