import NearbySystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension DatasetCache {
    /// Rewrites derived files of a cached copy, such as a place archive a query found damaged, by
    /// the cache's own rules: holding the dataset's refresh lock (so no refresh switches or
    /// removes generations meanwhile), inside the copy's own generation folder only, each file
    /// created new under a temporary name, flushed and renamed into place
    /// (``ArtefactFolder/write(_:_:)``). The pages themselves are never written.
    ///
    /// Throws ``RefreshError/lockTimeout(datasetID:seconds:)``,
    /// ``RefreshError/storage(datasetID:path:reason:)`` or
    /// ``RefreshError/linkedFolder(datasetID:path:)`` (the entry is not a generation folder of
    /// this cache), or what `body` throws.
    public func rewriteArtefacts<T>(of entry: CachedEntry, _ body: (ArtefactFolder) throws -> T) throws -> T {
        let id = entry.metadata.datasetID
        guard DatasetID.isValid(id) else { throw RefreshError.invalidDatasetID(id) }
        let folder = datasetFolder(id)
        let generation = entry.directory
        guard Self.isGenerationName(generation.lastPathComponent),
            generation.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path,
            CacheFiles.kind(folder) == S_IFDIR
        else {
            throw RefreshError.linkedFolder(datasetID: id, path: generation.path)
        }
        let result: Result<T, any Error>
        do {
            result = try CacheFiles.withExclusiveLock(folder.appendingPathComponent(Self.lockFile), wait: lockWait) {
                () throws(any Error) -> T in
                // Checked under the lock: a refresh may have removed the generation meanwhile.
                guard CacheFiles.kind(generation) == S_IFDIR else {
                    throw RefreshError.linkedFolder(datasetID: id, path: generation.path)
                }
                let artefacts = ArtefactFolder(
                    datasetID: id, checksum: entry.metadata.checksum, directory: generation,
                    reserved: Set(entry.metadata.pages.map(\.file)))
                return try body(artefacts)
            }
        } catch {
            switch error {
            case .storage(let failure):
                throw RefreshError.storage(datasetID: id, path: failure.path, reason: failure.reason)
            case .timedOut(let seconds):
                throw RefreshError.lockTimeout(datasetID: id, seconds: seconds)
            }
        }
        return try result.get()
    }
}
