import Foundation
import NearbySystem
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

    /// The page bodies exactly as fetched, in order, mapped from disk (regular files only, never
    /// through a link; names must be plain file names of this generation).
    public func readPages() throws(CacheError) -> [Data] {
        var pages: [Data] = []
        for page in metadata.pages {
            guard DatasetCache.isCacheFileName(page.file) else {
                throw .corrupt(
                    datasetID: metadata.datasetID, reason: "its metadata names the page file \"\(page.file)\"")
            }
            let url = directory.appendingPathComponent(page.file, isDirectory: false)
            do {
                pages.append(try CacheFiles.mapped(url))
            } catch {
                throw .corrupt(
                    datasetID: metadata.datasetID, reason: "page file \(page.file) cannot be read (\(error.reason))")
            }
        }
        return pages
    }

    /// Re-reads the bodies and checks them against the recorded sizes and checksum.
    public func verify() throws(CacheError) {
        _ = try verifiedPages()
    }

    /// The page bodies, after checking them against the recorded sizes and checksums (what a
    /// rebuild of the archive reads, so it never builds from damaged pages).
    public func verifiedPages() throws(CacheError) -> [Data] {
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
        return pages
    }
}
