import Foundation
import NearbySystem
#if canImport(Glibc)
    import Glibc
#endif

/// The day-based refresh cache: one folder per dataset under an injected directory.
///
/// Layout of `<cache>/<dataset-id>/`:
///
///     lock                 flock(2) target that serialises refreshes of this dataset
///     current -> gen-N     symlink to the generation readers use
///     gen-N/meta.json      `CacheMetadata` (pages, ETags, times, record count, checksums)
///     gen-N/page-K.<ext>   page K's body exactly as fetched (after content decoding)
///     gen-N/<artefact>     derived files from the validator, such as a binary index
///     last-refusal.json    why the last refresh failed (removed when one succeeds)
///
/// A refresh writes and fsyncs a complete new `gen-(N+1)` folder, then atomically renames a new
/// `current` symlink over the old one, and keeps `gen-N` until the next switch (a reader that
/// resolved it just before can still open its files; older generations are then deleted). A
/// refresh that starts more than a second after `current` was confirmed deletes them first,
/// so a big feed never has three copies on disk.
/// Readers therefore see either the old or the new generation, never a mix, and a failed
/// refresh removes only its own unfinished folder: the last good copy stays byte for byte. A
/// refresh that learns nothing new (every page 304, or identical bodies) only replaces
/// `meta.json` in place by write-then-rename.
///
/// The cache holds Nearby's own files and nothing else: a dataset folder that is a symbolic link
/// is refused, nothing inside is opened through a link, `lock` never follows one, and every name
/// read from `meta.json` must be a plain file name. The place archive is mapped into memory only
/// because Nearby alone writes it, as a new file renamed into place, so no one truncates it
/// under a reader (which would raise SIGBUS).
public struct DatasetCache: Sendable {
    /// The cache root (for example `<checkout>/cache`).
    public let directory: URL
    /// Where "now" comes from.
    public let clock: WallClock
    /// How pages are fetched.
    public let fetcher: any Fetcher
    /// Seconds a refresh waits for another refresh of the same dataset before giving up.
    public var lockWait: Double = 120

    /// Creates a cache over `directory` (created on the first refresh).
    public init(directory: URL, clock: WallClock, fetcher: any Fetcher) {
        self.directory = directory
        self.clock = clock
        self.fetcher = fetcher
    }

    /// How usable the dataset's copy is under `rule`, counted from its last confirmation.
    public func status(of id: String, rule: RefreshRule) -> CacheStatus {
        do {
            let entry = try load(id)
            let age = rule.ageInDays(from: entry.metadata.checkedAt, to: clock.now())
            return rule.isStale(confirmedAt: entry.metadata.checkedAt, now: clock.now())
                ? .stale(ageDays: age, metadata: entry.metadata)
                : .fresh(ageDays: age, metadata: entry.metadata)
        } catch .missing {
            return .missing
        } catch {
            return .unreadable(reason: error.description)
        }
    }

    /// The dataset's current copy; works offline.
    public func load(_ id: String) throws(CacheError) -> CachedEntry {
        guard DatasetID.isValid(id) else { throw .invalidDatasetID(id) }
        // A refresh may swap generations between reading the link and reading the metadata;
        // the second attempt then sees the new generation.
        var lastError = CacheError.missing(datasetID: id)
        for _ in 0..<2 {
            do {
                return try loadOnce(id)
            } catch {
                lastError = error
                if case .missing = error { break }
            }
        }
        throw lastError
    }

    private func loadOnce(_ id: String) throws(CacheError) -> CachedEntry {
        let folder = datasetFolder(id)
        switch CacheFiles.kind(folder) {
        case nil: throw .missing(datasetID: id)
        case S_IFDIR: break
        default: throw .linkedFolder(datasetID: id, path: folder.path)
        }
        guard let target = CacheFiles.readSymlink(folder.appendingPathComponent(Self.currentLink)) else {
            throw .missing(datasetID: id)
        }
        guard Self.isGenerationName(target) else {
            throw .corrupt(datasetID: id, reason: "the current link points at \(target)")
        }
        let generation = folder.appendingPathComponent(target, isDirectory: true)
        guard CacheFiles.kind(generation) == S_IFDIR else {
            throw .corrupt(datasetID: id, reason: "\(target) is not a folder")
        }
        let metaURL = generation.appendingPathComponent(Self.metaFile)
        let data: Data
        do {
            data = try RegularFile(path: metaURL.path, followSymlinks: false).readData(limit: Self.metaLimit)
        } catch {
            throw .corrupt(datasetID: id, reason: "\(target)/\(Self.metaFile) cannot be read (\(error.description))")
        }
        let metadata: CacheMetadata
        do {
            metadata = try Self.decoder.decode(CacheMetadata.self, from: data)
        } catch {
            throw .corrupt(datasetID: id, reason: "\(target)/\(Self.metaFile) does not decode")
        }
        guard metadata.datasetID == id else {
            throw .corrupt(datasetID: id, reason: "its metadata names dataset \(metadata.datasetID)")
        }
        // Every name read from meta.json must be a plain file name of ours inside the generation.
        for name in metadata.pages.map(\.file) + metadata.artefacts where !Self.isCacheFileName(name) {
            throw .corrupt(
                datasetID: id, reason: "its metadata names the file \"\(name)\", which is not a plain file name")
        }
        return CachedEntry(metadata: metadata, directory: generation)
    }

    // MARK: Layout

    static let currentLink = "current"
    static let lockFile = "lock"
    static let metaFile = "meta.json"
    static let generationPrefix = "gen-"
    static let refusalFile = "last-refusal.json"
    /// How long after `current` was last confirmed the generation before it may still be
    /// opened by a reader that resolved the link just before the switch (a reader opens its
    /// files within milliseconds; ``load(_:)`` retries once when a generation goes meanwhile).
    static let previousGenerationGrace: TimeInterval = 1
    /// The largest `meta.json` read (a million pages would be far smaller).
    static let metaLimit = 64 << 20

    func datasetFolder(_ id: String) -> URL {
        directory.appendingPathComponent(id, isDirectory: true)
    }

    static func pageFileName(_ index: Int, fileExtension: String) -> String {
        fileExtension.isEmpty ? "page-\(index)" : "page-\(index).\(fileExtension)"
    }

    static func generationName(_ number: Int) -> String {
        let digits = String(number)
        return generationPrefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    static func generationNumber(_ name: String) -> Int? {
        guard name.hasPrefix(generationPrefix) else { return nil }
        let digits = name.dropFirst(generationPrefix.count)
        guard !digits.isEmpty, digits.count <= 9, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return nil
        }
        return Int(digits)
    }

    static func isGenerationName(_ name: String) -> Bool { generationNumber(name) != nil }

    /// Letters, digits, `-`, `_`, `.`; not starting with a dot; at most 128 characters.
    static func isPlainName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 128, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        }
    }

    /// A name a generation may hold: plain, and none of the cache's own names or temp files.
    static func isCacheFileName(_ name: String) -> Bool {
        isPlainName(name) && name != metaFile && name != lockFile && name != currentLink && name != refusalFile
            && !name.hasSuffix(".tmp") && !isGenerationName(name)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
