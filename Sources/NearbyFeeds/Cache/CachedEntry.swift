import Foundation
import NearbyBasics

/// A readable cached copy of one dataset: its metadata and where its files are.
///
/// The folder is one immutable generation; a later refresh writes a new one and switches to it,
/// so paths taken from here stay consistent with `metadata` (until that generation is removed).
public struct CachedEntry: Sendable, Equatable {
    /// The metadata of this copy.
    public let metadata: CacheMetadata
    /// The generation folder holding the bodies, `meta.json` and the artefacts.
    public let directory: URL

    /// Creates an entry (the cache does this).
    public init(metadata: CacheMetadata, directory: URL) {
        self.metadata = metadata
        self.directory = directory
    }

    /// The path of a derived artefact, for mapping into memory; nil if this copy has none by that name.
    public func artefactURL(_ name: String) -> URL? {
        guard metadata.artefacts.contains(name) else { return nil }
        return directory.appendingPathComponent(name, isDirectory: false)
    }

    /// The page bodies exactly as fetched, in order (reads them from disk).
    public func readPages() throws(CacheError) -> [Data] {
        var pages: [Data] = []
        for page in metadata.pages {
            let url = directory.appendingPathComponent(page.file, isDirectory: false)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .corrupt(datasetID: metadata.datasetID, reason: "page file \(page.file) is missing")
            }
            pages.append(data)
        }
        return pages
    }

    /// Re-reads the bodies and checks them against the recorded sizes and checksum.
    public func verify() throws(CacheError) {
        let pages = try readPages()
        var whole = SHA256()
        for (page, data) in zip(metadata.pages, pages) {
            if Int64(data.count) != page.bytes || SHA256.hexDigest(of: data) != page.sha256 {
                throw .corrupt(
                    datasetID: metadata.datasetID,
                    reason: "page file \(page.file) does not match its checksum")
            }
            whole.update(data)
        }
        if whole.hexDigest() != metadata.checksum {
            throw .corrupt(
                datasetID: metadata.datasetID, reason: "the bodies do not match the recorded checksum")
        }
    }
}
