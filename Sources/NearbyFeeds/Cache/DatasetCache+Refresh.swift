import Foundation
import NearbyBasics

extension DatasetCache {
    /// Brings one dataset up to date, or explains in one sentence why it could not.
    ///
    /// Unless `force` is set, a fresh copy is left alone, and each page is requested with the
    /// stored `ETag` / `Last-Modified` so the origin can answer 304. If every page answers 304
    /// (or the bodies are identical to the stored ones), only `checkedAt` and the validators are
    /// recorded. Otherwise the bodies (stored ones standing in for 304 pages) go to
    /// `plan.validate`; only if it accepts them, with at least one record, are they swapped in.
    /// `force` fetches without conditions and rebuilds artefacts even from identical bodies.
    /// Refreshes of the same dataset are serialised with flock(2), so a second caller waits and
    /// then usually finds the copy fresh.
    public func refresh(_ plan: RefreshPlan, force: Bool = false) throws(RefreshError) -> RefreshOutcome {
        let id = plan.datasetID
        guard Self.isPlainName(id) else { throw .invalidDatasetID(id) }
        let folder = datasetFolder(id)
        do {
            try CacheFiles.makeDirectory(folder)
            let result = try CacheFiles.withExclusiveLock(
                folder.appendingPathComponent(Self.lockFile)
            ) { () throws(RefreshError) -> RefreshOutcome in
                try refreshLocked(plan, force: force, folder: folder)
            }
            return try result.get()
        } catch let failure as StorageFailure {
            throw .storage(datasetID: id, path: failure.path, reason: failure.reason)
        } catch let error as RefreshError {
            throw error
        } catch {
            throw .storage(datasetID: id, path: folder.path, reason: "\(error)")
        }
    }

    private func refreshLocked(
        _ plan: RefreshPlan, force: Bool, folder: URL
    ) throws(RefreshError) -> RefreshOutcome {
        let id = plan.datasetID
        let previous = try? load(id)
        // Keep whatever `current` names, even if unreadable: only a successful refresh replaces it.
        removeLeftovers(
            in: folder, keeping: CacheFiles.readSymlink(folder.appendingPathComponent(Self.currentLink)))
        if !force, let previous {
            let confirmed = previous.metadata.checkedAt
            if !plan.rule.isStale(confirmedAt: confirmed, now: clock.now()) {
                return .skippedFresh(ageDays: plan.rule.ageInDays(from: confirmed, to: clock.now()))
            }
        }

        let fetched = try fetchPages(plan, previous: previous, force: force)
        let now = clock.now()
        var whole = SHA256()
        for body in fetched.bodies { whole.update(body) }
        let checksum = whole.hexDigest()

        if !force, let previous, previous.metadata.pages.count == fetched.pages.count,
            fetched.allNotModified || previous.metadata.checksum == checksum
        {
            var metadata = previous.metadata
            metadata.checkedAt = now
            for (index, page) in fetched.pages.enumerated() {
                metadata.pages[index].etag = page.etag
                metadata.pages[index].lastModified = page.lastModified
                metadata.pages[index].effectiveURL = page.effectiveURL
            }
            try replaceMetadata(metadata, in: previous.directory, id: id)
            return fetched.allNotModified
                ? .notModified(records: metadata.recordCount)
                : .unchanged(records: metadata.recordCount)
        }

        let validated: ValidatedFeed
        do {
            validated = try plan.validate(fetched.bodies)
        } catch {
            throw .invalid(datasetID: id, reason: String(describing: error))
        }
        guard validated.recordCount > 0 else { throw .noRecords(datasetID: id) }
        let pageFiles = Set(fetched.pages.map(\.file))
        for name in validated.artefacts.keys
        where !Self.isPlainName(name) || name == Self.metaFile || name == Self.lockFile
            || name == Self.currentLink || pageFiles.contains(name) || name.hasSuffix(".tmp")
        {
            throw .badArtefactName(datasetID: id, name: name)
        }

        let metadata = CacheMetadata(
            formatVersion: CacheMetadata.currentFormatVersion, datasetID: id, pages: fetched.pages,
            fetchedAt: now, checkedAt: now, recordCount: validated.recordCount,
            bytes: fetched.pages.reduce(0) { $0 + $1.bytes }, checksum: checksum,
            artefacts: validated.artefacts.keys.sorted(), fromMirror: plan.mirror != nil)
        try writeGeneration(
            metadata, bodies: fetched.bodies, artefacts: validated.artefacts, folder: folder,
            previous: previous)
        return .updated(records: metadata.recordCount, bytes: metadata.bytes, pages: metadata.pages.count)
    }

    /// Pages fetched for one refresh: bodies in order (stored ones for 304 pages) and their records.
    private struct FetchedPages {
        var bodies: [Data] = []
        var pages: [CacheMetadata.Page] = []
        var allNotModified = true
    }

    private func fetchPages(
        _ plan: RefreshPlan, previous: CachedEntry?, force: Bool
    ) throws(RefreshError) -> FetchedPages {
        let id = plan.datasetID
        var result = FetchedPages()
        var index = 0
        while let origin = plan.request(index, result.bodies) {
            guard index < plan.maxPages else { throw .tooManyPages(datasetID: id, limit: plan.maxPages) }
            var request = origin
            if let mirror = plan.mirror {
                request.url = mirror.url(datasetID: id, pageIndex: index, fileExtension: plan.fileExtension)
            }
            let stored =
                previous?.metadata.pages.indices.contains(index) == true
                ? previous?.metadata.pages[index] : nil
            let usable = stored.flatMap { $0.url == request.url ? $0 : nil }
            if !force, let usable {
                request.ifNoneMatch = usable.etag
                request.ifModifiedSince = usable.lastModified
            } else {
                request.ifNoneMatch = nil
                request.ifModifiedSince = nil
            }
            let response: FetchResponse
            do {
                response = try fetcher.fetch(request)
            } catch {
                if index > 0, request.mayNotExist {
                    switch error {
                    case .http(_, 404), .fileNotFound:
                        // No more pages. Fewer pages than the stored copy had is a change.
                        if previous?.metadata.pages.count != index { result.allNotModified = false }
                        return result
                    default: break
                    }
                }
                throw .fetch(datasetID: id, page: index, error)
            }
            let file = Self.pageFileName(index, fileExtension: plan.fileExtension)
            if response.isNotModified {
                guard let usable, let previous,
                    let body = FileManager.default.contents(
                        atPath: previous.directory.appendingPathComponent(usable.file).path),
                    SHA256.hexDigest(of: body) == usable.sha256
                else {
                    throw .unexpectedNotModified(datasetID: id, page: index, url: request.url)
                }
                var page = usable
                page.file = file
                page.etag = response.etag ?? usable.etag
                page.lastModified = response.lastModified ?? usable.lastModified
                result.bodies.append(body)
                result.pages.append(page)
            } else {
                result.allNotModified = false
                result.bodies.append(response.body)
                result.pages.append(
                    CacheMetadata.Page(
                        url: request.url, effectiveURL: response.effectiveURL, file: file,
                        etag: response.etag, lastModified: response.lastModified,
                        bytes: Int64(response.body.count), sha256: SHA256.hexDigest(of: response.body)))
            }
            index += 1
        }
        if index == 0 { throw .noRequest(datasetID: id) }
        return result
    }

    /// Writes a complete new generation, then switches `current` to it and drops the old one.
    private func writeGeneration(
        _ metadata: CacheMetadata, bodies: [Data], artefacts: [String: Data], folder: URL,
        previous: CachedEntry?
    ) throws(RefreshError) {
        let id = metadata.datasetID
        let existing = CacheFiles.list(folder).compactMap(Self.generationNumber)
        let name = Self.generationName((existing.max() ?? 0) + 1)
        let generation = folder.appendingPathComponent(name, isDirectory: true)
        do {
            try CacheFiles.makeDirectory(generation)
            for (page, body) in zip(metadata.pages, bodies) {
                try CacheFiles.writeNewFile(body, to: generation.appendingPathComponent(page.file))
            }
            for (artefact, data) in artefacts.sorted(by: { $0.key < $1.key }) {
                try CacheFiles.writeNewFile(data, to: generation.appendingPathComponent(artefact))
            }
            try CacheFiles.writeNewFile(
                try encode(metadata, id: id), to: generation.appendingPathComponent(Self.metaFile))
            try CacheFiles.syncDirectory(generation)
            try CacheFiles.pointSymlink(folder.appendingPathComponent(Self.currentLink), to: name)
        } catch {
            CacheFiles.removeQuietly(generation)
            throw .storage(datasetID: id, path: error.path, reason: error.reason)
        }
        // The switch is made; syncing the folder and removing the old generation are tidying.
        try? CacheFiles.syncDirectory(folder)
        if let previous { CacheFiles.removeQuietly(previous.directory) }
    }

    /// Replaces `meta.json` inside an existing generation by write-then-rename.
    private func replaceMetadata(_ metadata: CacheMetadata, in generation: URL, id: String)
        throws(RefreshError)
    {
        let target = generation.appendingPathComponent(Self.metaFile)
        let temporary = generation.appendingPathComponent(Self.metaFile + ".tmp")
        CacheFiles.removeQuietly(temporary)
        do {
            try CacheFiles.writeNewFile(try encode(metadata, id: id), to: temporary)
            try CacheFiles.rename(temporary, over: target)
            try CacheFiles.syncDirectory(generation)
        } catch {
            CacheFiles.removeQuietly(temporary)
            throw .storage(datasetID: id, path: target.path, reason: error.reason)
        }
    }

    private func encode(_ metadata: CacheMetadata, id: String) throws(StorageFailure) -> Data {
        do {
            return try Self.encoder.encode(metadata)
        } catch {
            throw StorageFailure(path: Self.metaFile, reason: "metadata does not encode: \(error)")
        }
    }

    /// Removes what an interrupted refresh left: generations other than `current`, temp files.
    private func removeLeftovers(in folder: URL, keeping current: String?) {
        for name in CacheFiles.list(folder) {
            let stray = (Self.isGenerationName(name) && name != current) || name.hasSuffix(".tmp")
            if stray { CacheFiles.removeQuietly(folder.appendingPathComponent(name)) }
        }
        if let current {
            CacheFiles.removeQuietly(
                folder.appendingPathComponent(current).appendingPathComponent(Self.metaFile + ".tmp"))
        }
    }
}
