import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The generation folder a validator writes its derived files into (see
/// ``RefreshPlan/validate``), under the cache's rules: a file is created new (`O_EXCL`, never
/// through a link) under an unpredictable temporary name, written, flushed, and only then
/// renamed to its name, so a reader never maps a half-written file. Nothing is held in memory.
public struct ArtefactFolder: Sendable {
    /// The dataset the files belong to.
    public let datasetID: String
    /// The SHA-256 (hex) of the pages in order, as recorded in `meta.json`; computed by the
    /// cache while the validator decodes (reading it may wait for that), so a validator need
    /// not hash them again.
    public var checksum: String { digest() }
    private let digest: @Sendable () -> String
    let directory: URL
    /// Names that are not artefacts' (the page files).
    let reserved: Set<String>

    init(datasetID: String, checksum: String, directory: URL, reserved: Set<String>) {
        self.init(datasetID: datasetID, digest: { checksum }, directory: directory, reserved: reserved)
    }

    init(datasetID: String, digest: @escaping @Sendable () -> String, directory: URL, reserved: Set<String>) {
        self.datasetID = datasetID
        self.digest = digest
        self.directory = directory
        self.reserved = reserved
    }

    /// Creates the file `name` (a plain cache file name, not a page's) through `body`, which
    /// writes to the open descriptor (a new, empty file); replaces an older file of that name.
    /// Throws ``RefreshError/badArtefactName(datasetID:name:)`` or
    /// ``RefreshError/storage(datasetID:path:reason:)``, or what `body` throws.
    public func write(_ name: String, _ body: (_ descriptor: Int32) throws -> Void) throws {
        guard DatasetCache.isCacheFileName(name), !reserved.contains(name) else {
            throw RefreshError.badArtefactName(datasetID: datasetID, name: name)
        }
        let target = directory.appendingPathComponent(name, isDirectory: false)
        let temporary = directory.appendingPathComponent(CacheFiles.temporaryName(for: name), isDirectory: false)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RefreshError.storage(
                datasetID: datasetID, path: temporary.path, reason: "open: \(String(cString: strerror(errno)))")
        }
        do {
            defer { close(fd) }
            try body(fd)
            guard fsync(fd) == 0 else {
                throw RefreshError.storage(
                    datasetID: datasetID, path: temporary.path, reason: "fsync: \(String(cString: strerror(errno)))")
            }
        } catch {
            CacheFiles.removeQuietly(temporary)
            throw error
        }
        do {
            try CacheFiles.rename(temporary, over: target)
        } catch {
            CacheFiles.removeQuietly(temporary)
            throw RefreshError.storage(datasetID: datasetID, path: error.path, reason: error.reason)
        }
    }

    /// True when `name` is a regular file in the folder (not a link).
    func holdsFile(_ name: String) -> Bool {
        CacheFiles.kind(directory.appendingPathComponent(name, isDirectory: false)) == S_IFREG
    }
}

extension ArtefactFolder {
    /// The file of page `index` of the refresh being validated (fetched into this folder).
    func pageFile(_ index: Int, fileExtension: String) -> URL {
        directory.appendingPathComponent(
            DatasetCache.pageFileName(index, fileExtension: fileExtension), isDirectory: false)
    }
}
