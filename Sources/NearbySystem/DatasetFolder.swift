import Foundation

/// One folder of dataset plugins (built-in `Datasets/`, the user's configuration folder, a folder
/// named with `--datasets`…): the one way place manifests and badge catalogues are found, so both
/// kinds follow the same folder order and the same file rule.
public struct DatasetFolder: Sendable, Hashable {
    /// The folder.
    public var url: URL
    /// When true, a missing folder is an error (a folder the user named); when false it is
    /// skipped (a default location that may not exist yet).
    public var isRequired: Bool

    /// A folder to search; `isRequired` as above.
    public init(_ url: URL, isRequired: Bool = false) {
        self.url = url
        self.isRequired = isRequired
    }

    /// The largest plugin file read (real ones are a few KiB).
    public static let fileLimit = 4 << 20

    /// The `*.json` files of the folder (hidden files left out), sorted by name; none when an
    /// optional folder does not exist.
    public func jsonFiles() throws(DatasetFolderError) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            if isRequired { throw .missing(path: url.path) }
            return []
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted()
                .map { url.appendingPathComponent($0) }
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    /// A plugin file's bytes: a regular file only (a FIFO or device is refused without blocking),
    /// at most ``fileLimit`` bytes.
    public static func read(_ file: URL) throws(FileReadError) -> Data {
        try RegularFile(path: file.path).readData(limit: fileLimit)
    }
}

/// Why a folder of dataset plugins could not be listed.
public enum DatasetFolderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A folder the user named does not exist.
    case missing(path: String)
    /// The folder exists but cannot be listed.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): "The datasets folder \(path) does not exist."
        case .unreadable(let path, let reason): "The datasets folder \(path) cannot be read: \(reason)"
        }
    }
}
