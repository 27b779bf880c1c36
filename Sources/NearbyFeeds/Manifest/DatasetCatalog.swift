import Foundation
import NearbySystem
import NearbyOutput
/// The dataset plugins known to a run: every place manifest found in an ordered list of
/// folders (built-in `Datasets/`, the user's config folder, `--datasets DIR`…).
///
/// A later folder overrides an earlier one's dataset of the same id, so a user can replace a
/// built-in feed. Files whose `kind` is not `"places"` (badge catalogues, `"kind": "badges"`) and
/// files whose top level is an array (old bare badge lists) are skipped: they belong to other
/// plugins, which report their own problems.
public struct DatasetCatalog: Sendable, Hashable {
    /// One folder to search (the folder rule place manifests and badge catalogues share).
    public typealias Directory = DatasetFolder

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
        guard let tree = try? JSONParser.parse(try readManifestFile(file)), !isOtherPlugin(tree) else { return nil }
        if case .string(let id)? = tree["id"] { return id }
        return nil
    }

    /// True for a file another plugin reads: a `kind` other than `"places"`, or a top-level array.
    private static func isOtherPlugin(_ tree: JSONValue) -> Bool {
        if case .array = tree { return true }
        if let kind = tree["kind"], kind != .string("places") { return true }
        return false
    }

    /// Reads one manifest file; nil when it is not a place manifest (badges, other kinds).
    public static func loadManifest(at file: URL) throws(CatalogError) -> DatasetManifest? {
        let data = try readManifestFile(file)
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(data)
        } catch {
            throw .notJSON(path: file.path, error: error)
        }
        if isOtherPlugin(tree) { return nil }
        let manifest: DatasetManifest
        do {
            manifest = try JSONDecoder().decode(DatasetManifest.self, from: data)
        } catch let error as DecodingError {
            throw .malformedManifest(
                path: file.path,
                reason: DecodingProblem.explain(error, in: data, integerKeys: DatasetManifest.integerKeys))
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
    static let manifestLimit = DatasetFolder.fileLimit

    /// A manifest's bytes: a regular file only (a FIFO or device is refused without blocking),
    /// at most ``manifestLimit`` bytes.
    private static func readManifestFile(_ file: URL) throws(CatalogError) -> Data {
        do {
            return try DatasetFolder.read(file)
        } catch {
            throw .unreadableFile(path: file.path, reason: RefreshError.clause(error.description))
        }
    }

    private static func manifestFiles(in directory: Directory) throws(CatalogError) -> [URL] {
        do {
            return try directory.jsonFiles()
        } catch {
            switch error {
            case .missing(let path): throw .directoryMissing(path: path)
            case .unreadable(let path, let reason): throw .unreadableDirectory(path: path, reason: reason)
            }
        }
    }
}
