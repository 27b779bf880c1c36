import Foundation
import NearbySystem
/// The badge dataset plugins found in the dataset folders, and the choice of one.
///
/// Every `*.json` file whose `kind` is `"badges"` (or whose top level is an array: an old bare
/// badge list, refused with a sentence saying how to convert it) is a badge catalogue. Folders
/// are read in the order given — built-in `Datasets/`, the user's configuration folder,
/// `--datasets` folders — the same ``DatasetFolder`` rule place manifests follow: a later folder's
/// catalogue replaces an earlier one with the same id, and two files with one id in one folder
/// are an error. A catalogue that cannot be used is listed in ``refused`` and skipped, unless it is
/// the one selected.
public struct BadgeDatasets: Sendable, Hashable {
    /// The catalogue used when none is chosen: MoonRunner's space badges.
    public static let defaultID = "badges"

    /// One loaded catalogue and the file it came from.
    public struct Entry: Sendable, Hashable {
        /// The validated catalogue.
        public var catalogue: BadgeCatalogue
        /// The file it was read from.
        public var file: URL

        /// An entry with every field given.
        public init(catalogue: BadgeCatalogue, file: URL) {
            self.catalogue = catalogue
            self.file = file
        }
    }

    /// The usable catalogues, sorted by id.
    public let entries: [Entry]
    /// Files that were refused, one sentence each, in the order found.
    public let refused: [BadgeDatasetError]
    /// The refusal of each id that a refused file claimed (the last folder's wins, as for entries).
    private let refusedByID: [String: BadgeDatasetError]

    /// Reads every badge catalogue in `folders`.
    public static func load(from folders: [DatasetFolder]) throws(BadgeDatasetError) -> BadgeDatasets {
        var byID: [String: Entry] = [:]
        var refused: [BadgeDatasetError] = []
        var refusedByID: [String: BadgeDatasetError] = [:]
        for folder in folders {
            var seenHere: [String: URL] = [:]
            let files: [URL]
            do { files = try folder.jsonFiles() } catch { throw .folder(error) }
            for file in files {
                guard let bytes = try? DatasetFolder.read(file), let claimed = Self.claim(bytes) else { continue }
                let id = claimed.id ?? file.deletingPathExtension().lastPathComponent
                if let earlier = seenHere[id] {
                    throw .duplicateID(id: id, firstPath: earlier.path, secondPath: file.path)
                }
                seenHere[id] = file
                do {
                    let catalogue = try BadgeCatalogue(data: bytes)
                    byID[id] = Entry(catalogue: catalogue, file: file)
                    refusedByID[id] = nil
                } catch {
                    let refusal = BadgeDatasetError.refused(path: file.path, error: error)
                    refused.append(refusal)
                    refusedByID[id] = refusal
                    byID[id] = nil
                }
            }
        }
        return BadgeDatasets(
            entries: byID.values.sorted { $0.catalogue.info.id < $1.catalogue.info.id }, refused: refused,
            refusedByID: refusedByID)
    }

    private init(entries: [Entry], refused: [BadgeDatasetError], refusedByID: [String: BadgeDatasetError]) {
        self.entries = entries
        self.refused = refused
        self.refusedByID = refusedByID
    }

    /// The catalogue with `id` (nil: ``defaultID``). Throws when the id breaks the ``DatasetID``
    /// rule, when its file was refused (that sentence), or when no folder holds it.
    public func select(_ id: String?) throws(BadgeDatasetError) -> Entry {
        let wanted = id ?? Self.defaultID
        guard DatasetID.isValid(wanted) else { throw .invalidSelection(wanted) }
        if let entry = entries.first(where: { $0.catalogue.info.id == wanted }) { return entry }
        if let refusal = refusedByID[wanted] { throw refusal }
        throw .unknown(id: wanted, known: entries.map(\.catalogue.info.id))
    }

    /// The one call a command makes: the catalogue `id` (nil: ``defaultID``) from `folders`, with
    /// the other files that were refused (to name, not to stop on).
    public static func selected(_ id: String?, from folders: [DatasetFolder]) throws(BadgeDatasetError) -> (
        entry: Entry, refused: [BadgeDatasetError]
    ) {
        let datasets = try load(from: folders)
        let entry = try datasets.select(id)
        return (entry, datasets.refused.filter { $0 != datasets.refusedByID[entry.catalogue.info.id] })
    }

    /// What a file claims to be: nil when it is not a badge catalogue (a place manifest, another
    /// kind, not JSON); otherwise its id when it names one.
    private static func claim(_ bytes: Data) -> Claim? {
        guard let tree = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) else {
            return nil
        }
        if tree is [Any] { return Claim(id: nil) }
        guard let object = tree as? [String: Any], object["kind"] as? String == "badges" else { return nil }
        return Claim(id: object["id"] as? String)
    }

    /// A file that is a badge catalogue, with the id it names (nil: none; the file name stands in).
    private struct Claim {
        var id: String?
    }
}
