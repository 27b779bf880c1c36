import Foundation
import NearbySystem
#if canImport(Glibc)
    import Glibc
#endif

extension DatasetCache {
    /// Brings one dataset up to date, or explains in one sentence why it could not.
    ///
    /// Unless `force` is set, a fresh copy is left alone, and each page is requested with the
    /// stored `ETag` / `Last-Modified` so the origin can answer 304. Pages stream to disk into
    /// the new generation's folder, within the plan's ``RefreshBudget``. If every page answers 304
    /// (or the bodies are identical to the stored ones), only `checkedAt` and the validators are
    /// recorded. Otherwise the bodies (stored ones standing in for 304 pages) go to
    /// `plan.validate`; only if it accepts them, with at least one record, and the rankable
    /// places did not fall by more than `plan.maxDropPercent` (unless `acceptDrop`), are they
    /// swapped in. `force` fetches without conditions and rebuilds artefacts even from identical
    /// bodies. Refreshes of the same dataset are serialised with flock(2); a second caller waits
    /// at most `lockWait` seconds and then usually finds the copy fresh. A failure is also kept
    /// as the dataset's ``lastRefusal(of:)`` until a refresh succeeds.
    public func refresh(
        _ plan: RefreshPlan, force: Bool = false, acceptDrop: Bool = false
    ) throws(RefreshError) -> RefreshOutcome {
        let id = plan.datasetID
        guard DatasetID.isValid(id) else { throw .invalidDatasetID(id) }
        let folder = datasetFolder(id)
        do {
            try CacheFiles.makeDirectory(directory)
            if CacheFiles.kind(folder) == nil { try? CacheFiles.makeNewDirectory(folder) }
        } catch {
            throw .storage(datasetID: id, path: error.path, reason: error.reason)
        }
        guard CacheFiles.kind(folder) == S_IFDIR else { throw .linkedFolder(datasetID: id, path: folder.path) }
        let result: Result<RefreshOutcome, RefreshError>
        do {
            result = try CacheFiles.withExclusiveLock(folder.appendingPathComponent(Self.lockFile), wait: lockWait) {
                () throws(RefreshError) -> RefreshOutcome in
                try refreshLocked(plan, force: force, acceptDrop: acceptDrop, folder: folder)
            }
        } catch {
            switch error {
            case .storage(let failure):
                throw .storage(datasetID: id, path: failure.path, reason: failure.reason)
            case .timedOut(let seconds):
                throw .lockTimeout(datasetID: id, seconds: seconds)
            }
        }
        switch result {
        case .success(let outcome):
            CacheFiles.removeQuietly(folder.appendingPathComponent(Self.refusalFile))
            return outcome
        case .failure(let error):
            recordRefusal(error, in: folder)
            throw error
        }
    }

    private func refreshLocked(
        _ plan: RefreshPlan, force: Bool, acceptDrop: Bool, folder: URL
    ) throws(RefreshError) -> RefreshOutcome {
        let id = plan.datasetID
        let previous = try? load(id)
        // Keep whatever `current` names, even if unreadable: only a successful refresh replaces it.
        let currentName = CacheFiles.readSymlink(folder.appendingPathComponent(Self.currentLink))
        // The generation before `current` is kept while a reader may still be opening it: once
        // `current` has been confirmed for ``previousGenerationGrace``, it goes now, before the
        // new copy is written, so a refresh never holds three copies of a big feed on disk.
        let settled = previous.map {
            clock.now().timeIntervalSince($0.metadata.checkedAt) >= Self.previousGenerationGrace
        }
        removeLeftovers(in: folder, keeping: currentName, keepingPrevious: settled != true)
        if !force, let previous {
            let confirmed = previous.metadata.checkedAt
            if !plan.rule.isStale(confirmedAt: confirmed, now: clock.now()) {
                return .skippedFresh(ageDays: plan.rule.ageInDays(from: confirmed, to: clock.now()))
            }
        }
        let existing = CacheFiles.list(folder).compactMap(Self.generationNumber)
        let name = Self.generationName((existing.max() ?? 0) + 1)
        let generation = folder.appendingPathComponent(name, isDirectory: true)
        do {
            try CacheFiles.makeNewDirectory(generation)
        } catch {
            throw .storage(datasetID: id, path: error.path, reason: error.reason)
        }
        do {
            return try refreshInto(
                generation, named: name, plan, previous: previous, currentName: currentName, force: force,
                acceptDrop: acceptDrop, folder: folder)
        } catch {
            CacheFiles.removeQuietly(generation)
            throw error
        }
    }

    private func refreshInto(
        _ generation: URL, named name: String, _ plan: RefreshPlan, previous: CachedEntry?,
        currentName: String?, force: Bool, acceptDrop: Bool, folder: URL
    ) throws(RefreshError) -> RefreshOutcome {
        let id = plan.datasetID
        var fetched = try fetchPages(plan, previous: previous, force: force, into: generation)
        let now = clock.now()
        // Hashing the pages not hashed yet and syncing their files run beside the validator.
        let sealing = PageSealing(
            bodies: fetched.bodies, known: fetched.knownDigests,
            files: fetched.pages.map { generation.appendingPathComponent($0.file, isDirectory: false) })
        defer { sealing.finishQuietly() }

        if !force, let previous, previous.metadata.pages.count == fetched.pages.count,
            fetched.allNotModified || previous.metadata.checksum == sealing.checksum
        {
            sealing.finishQuietly()
            CacheFiles.removeQuietly(generation)
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

        let pageFiles = Set(fetched.pages.map(\.file))
        let output = ArtefactFolder(
            datasetID: id, digest: { sealing.checksum }, directory: generation, reserved: pageFiles)
        let validated: ValidatedFeed
        do {
            validated = try plan.validate(fetched.bodies, output)
        } catch let error as RefreshError {
            throw error
        } catch {
            throw .invalid(datasetID: id, reason: String(describing: error))
        }
        guard validated.recordCount > 0 else { throw .noRecords(datasetID: id) }
        for name in validated.artefacts.keys where !Self.isCacheFileName(name) || pageFiles.contains(name) {
            throw .badArtefactName(datasetID: id, name: name)
        }
        // A file the validator names must be one it wrote through the folder.
        for name in validated.files
        where !Self.isCacheFileName(name) || pageFiles.contains(name) || validated.artefacts[name] != nil
            || !output.holdsFile(name)
        {
            throw .badArtefactName(datasetID: id, name: name)
        }
        if !acceptDrop, let before = previous?.metadata.rankableCount, let after = validated.rankableCount,
            Self.fellTooFar(from: before, to: after, maxPercent: plan.maxDropPercent)
        {
            throw .tooLargeDrop(datasetID: id, previous: before, new: after, maxPercent: plan.maxDropPercent)
        }
        do {
            try sealing.waitUntilSynced()
        } catch {
            throw .storage(datasetID: id, path: error.path, reason: error.reason)
        }
        for (index, digest) in sealing.pageDigests.enumerated() where fetched.pages.indices.contains(index) {
            fetched.pages[index].sha256 = digest
        }
        let checksum = sealing.checksum
        var bytes: Int64 = 0
        for page in fetched.pages {
            let (sum, overflow) = bytes.addingReportingOverflow(page.bytes)
            bytes = overflow ? .max : sum
        }
        var metadata = CacheMetadata(
            formatVersion: CacheMetadata.currentFormatVersion, datasetID: id, pages: fetched.pages,
            fetchedAt: now, checkedAt: now, recordCount: validated.recordCount,
            bytes: bytes, checksum: checksum,
            artefacts: Set(validated.artefacts.keys).union(validated.files).sorted(), fromMirror: plan.mirror != nil)
        metadata.rankableCount = validated.rankableCount
        metadata.decodeWarnings = validated.warnings.isEmpty ? nil : validated.warnings
        try finishGeneration(
            metadata, artefacts: validated.artefacts, generation: generation, name: name, folder: folder,
            keeping: currentName)
        return .updated(records: metadata.recordCount, bytes: metadata.bytes, pages: metadata.pages.count)
    }

    /// True when `after` is more than `maxPercent` % below `before` (integer arithmetic, exact).
    static func fellTooFar(from before: Int, to after: Int, maxPercent: Int) -> Bool {
        guard before > 0, after < before else { return false }
        let fell = before - after
        let (scaledFell, overflow1) = fell.multipliedReportingOverflow(by: 100)
        let (allowed, overflow2) = before.multipliedReportingOverflow(by: max(0, min(100, maxPercent)))
        if overflow1 || overflow2 {
            return Double(fell) / Double(before) * 100 > Double(maxPercent)
        }
        return scaledFell > allowed
    }

    /// Writes the artefacts and `meta.json` into the new generation, switches `current` to it,
    /// and removes generations older than the one it replaced.
    ///
    /// The generation `current` named until now is kept until the next switch, so a reader that
    /// resolved it just before the switch can still open its files.
    private func finishGeneration(
        _ metadata: CacheMetadata, artefacts: [String: Data], generation: URL, name: String, folder: URL,
        keeping previousName: String?
    ) throws(RefreshError) {
        let id = metadata.datasetID
        do {
            for (artefact, data) in artefacts.sorted(by: { $0.key < $1.key }) {
                try CacheFiles.writeNewFile(data, to: generation.appendingPathComponent(artefact))
            }
            try CacheFiles.writeNewFile(
                try encode(metadata, id: id), to: generation.appendingPathComponent(Self.metaFile))
            try CacheFiles.syncDirectory(generation)
            try CacheFiles.pointSymlink(folder.appendingPathComponent(Self.currentLink), to: name)
        } catch {
            throw .storage(datasetID: id, path: error.path, reason: error.reason)
        }
        // The switch is made; syncing the folder and removing old generations are tidying.
        try? CacheFiles.syncDirectory(folder)
        for other in CacheFiles.list(folder)
        where Self.isGenerationName(other) && other != name && other != previousName {
            CacheFiles.removeQuietly(folder.appendingPathComponent(other))
        }
    }

    /// Replaces `meta.json` inside an existing generation by write-then-rename.
    private func replaceMetadata(_ metadata: CacheMetadata, in generation: URL, id: String)
        throws(RefreshError)
    {
        let target = generation.appendingPathComponent(Self.metaFile)
        let temporary = generation.appendingPathComponent(CacheFiles.temporaryName(for: Self.metaFile))
        do {
            try CacheFiles.writeNewFile(try encode(metadata, id: id), to: temporary)
            try CacheFiles.rename(temporary, over: target)
            try CacheFiles.syncDirectory(generation)
        } catch {
            CacheFiles.removeQuietly(temporary)
            throw .storage(datasetID: id, path: target.path, reason: error.reason)
        }
    }

    func encode(_ metadata: CacheMetadata, id: String) throws(StorageFailure) -> Data {
        do {
            return try Self.encoder.encode(metadata)
        } catch {
            throw StorageFailure(path: Self.metaFile, reason: "metadata does not encode: \(error)")
        }
    }

    /// Removes what an interrupted refresh left: temp files, and generations other than `current`
    /// and, when `keepingPrevious`, the one before it (which a reader may still be opening).
    private func removeLeftovers(in folder: URL, keeping current: String?, keepingPrevious: Bool) {
        let currentNumber = current.flatMap(Self.generationNumber)
        let numbers = CacheFiles.list(folder).compactMap(Self.generationNumber)
        let before =
            keepingPrevious ? currentNumber.flatMap { now in numbers.filter { $0 < now }.max() } : nil
        for name in CacheFiles.list(folder) {
            let number = Self.generationNumber(name)
            let stray =
                (number != nil && name != current && number != before) || name.hasSuffix(".tmp")
            if stray { CacheFiles.removeQuietly(folder.appendingPathComponent(name)) }
        }
        if let current, CacheFiles.kind(folder.appendingPathComponent(current)) == S_IFDIR {
            let generation = folder.appendingPathComponent(current)
            for name in CacheFiles.list(generation) where name.hasSuffix(".tmp") {
                CacheFiles.removeQuietly(generation.appendingPathComponent(name))
            }
        }
    }
}
