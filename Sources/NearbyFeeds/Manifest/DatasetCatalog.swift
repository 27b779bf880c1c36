import Foundation
import NearbyBasics

/// The dataset plugins known to a run: every place manifest found in an ordered list of
/// folders (built-in `Datasets/`, the user's config folder, `--datasets DIR`…).
///
/// A later folder overrides an earlier one's dataset of the same id, so a user can replace a
/// built-in feed. Files named `badges.json` and manifests whose `kind` is not `"places"` are
/// skipped; they belong to other plugins.
public struct DatasetCatalog: Sendable, Hashable {
    /// One folder to search.
    public struct Directory: Sendable, Hashable {
        /// The folder.
        public var url: URL
        /// When true, a missing folder is an error (a folder the user named); when false it is
        /// skipped (a default location that may not exist yet).
        public var isRequired: Bool

        public init(_ url: URL, isRequired: Bool = false) {
            self.url = url
            self.isRequired = isRequired
        }
    }

    /// One loaded manifest and the file it came from.
    public struct Entry: Sendable, Hashable {
        /// The validated manifest.
        public var manifest: DatasetManifest
        /// The file it was read from.
        public var file: URL
    }

    /// The loaded datasets, sorted by id.
    public let entries: [Entry]

    /// Manifest files that were refused (unreadable, not JSON, malformed, invalid), one sentence
    /// each, in the order found. Manifests come from other people: one bad file does not hide the
    /// good ones, and the CLI names each refused one.
    public let refused: [CatalogError]

    /// Builds a catalog from entries already in hand (tests, code plugins).
    public init(entries: [Entry], otherIDs: [String] = [], refused: [CatalogError] = []) {
        self.entries = entries.sorted { $0.manifest.id < $1.manifest.id }
        knownIDs = Set(entries.map(\.manifest.id) + otherIDs).sorted()
        self.refused = refused
    }

    /// Every dataset id found, including those a selective load did not decode.
    public let knownIDs: [String]

    /// The manifests, sorted by id.
    public var manifests: [DatasetManifest] { entries.map(\.manifest) }

    /// The manifest with `id`, or nil.
    public func manifest(id: String) -> DatasetManifest? {
        entries.first { $0.manifest.id == id }?.manifest
    }

    /// Loads and validates every `*.json` manifest in `directories`, later folders overriding
    /// earlier ones by id.
    ///
    /// With `only`, manifests of other ids are read just far enough to learn their id (a query
    /// needs one manifest, and decoding every one costs more than the query itself); they appear
    /// in ``knownIDs`` but not in ``entries``.
    ///
    /// A manifest that cannot be used is listed in ``refused`` and skipped — unless it is one of
    /// the `only` ids, which the caller cannot do without: that one is thrown. Two files with one
    /// id in one folder are thrown too (which one the user meant is unknown).
    public static func load(from directories: [Directory], only: Set<String>? = nil) throws(CatalogError)
        -> DatasetCatalog
    {
        var byID: [String: Entry] = [:]
        var skipped: Set<String> = []
        var refused: [CatalogError] = []
        for directory in directories {
            var seenHere: [String: URL] = [:]
            for file in try manifestFiles(in: directory) {
                if let only, let id = try? peekID(at: file) {
                    if !only.contains(id) {
                        if seenHere[id] != nil {
                            throw .duplicateID(id: id, firstPath: seenHere[id]?.path ?? "", secondPath: file.path)
                        }
                        seenHere[id] = file
                        skipped.insert(id)
                        byID[id] = nil
                        continue
                    }
                }
                let loaded: DatasetManifest?
                do {
                    loaded = try loadManifest(at: file)
                } catch {
                    if let only, let id = try? peekID(at: file), only.contains(id) { throw error }
                    refused.append(error)
                    continue
                }
                guard let manifest = loaded else { continue }
                if let earlier = seenHere[manifest.id] {
                    throw .duplicateID(
                        id: manifest.id, firstPath: earlier.path, secondPath: file.path)
                }
                seenHere[manifest.id] = file
                byID[manifest.id] = Entry(manifest: manifest, file: file)
            }
        }
        return DatasetCatalog(entries: Array(byID.values), otherIDs: Array(skipped), refused: refused)
    }

    /// The id of a place manifest from a fast parse, or nil when the file is not one (or has no id).
    private static func peekID(at file: URL) throws(CatalogError) -> String? {
        if file.lastPathComponent == "badges.json" { return nil }
        guard let tree = try? JSONParser.parse(try readManifestFile(file)) else { return nil }
        if let kind = tree["kind"], kind != .string("places") { return nil }
        if case .string(let id)? = tree["id"] { return id }
        return nil
    }

    /// Reads one manifest file; nil when it is not a place manifest (badges, other kinds).
    public static func loadManifest(at file: URL) throws(CatalogError) -> DatasetManifest? {
        if file.lastPathComponent == "badges.json" { return nil }
        let data = try readManifestFile(file)
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(data)
        } catch {
            throw .notJSON(path: file.path, error: error)
        }
        if let kind = tree["kind"], kind != .string("places") { return nil }
        let manifest: DatasetManifest
        do {
            manifest = try JSONDecoder().decode(DatasetManifest.self, from: data)
        } catch let error as DecodingError {
            throw .malformedManifest(path: file.path, reason: Self.explain(error))
        } catch {
            throw .malformedManifest(path: file.path, reason: "\(error)")
        }
        do {
            try manifest.validate()
        } catch {
            throw .invalidManifest(path: file.path, error: error)
        }
        return manifest
    }

    /// The largest manifest read (real ones are a few KiB).
    static let manifestLimit = 4 << 20

    /// A manifest's bytes: a regular file only (a FIFO or device is refused without blocking),
    /// at most ``manifestLimit`` bytes.
    private static func readManifestFile(_ file: URL) throws(CatalogError) -> Data {
        do {
            return try RegularFile(path: file.path).readData(limit: manifestLimit)
        } catch {
            throw .unreadableFile(path: file.path, reason: RefreshError.clause(error.description))
        }
    }

    private static func manifestFiles(in directory: Directory) throws(CatalogError) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.url.path, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            if directory.isRequired { throw .directoryMissing(path: directory.url.path) }
            return []
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted()
                .map { directory.url.appendingPathComponent($0) }
        } catch {
            throw .unreadableDirectory(path: directory.url.path, reason: error.localizedDescription)
        }
    }

    /// One sentence about a `DecodingError`, naming the key path.
    static func explain(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                .joined(separator: ".")
            return text.isEmpty ? "the top level" : "\"\(text)\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "the key \"\(key.stringValue)\" is missing\(parent)."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the value at \(path(context.codingPath)) has the wrong type."
        case .dataCorrupted(let context):
            return "the value at \(path(context.codingPath)) is not allowed."
        @unknown default:
            return "\(error)"
        }
    }
}
