import Foundation
import NearbySystem
/// What the commands ask of the feeds: a dataset's places, fetched when missing or stale, read from
/// the cache when offline, and never parsed again once its archive is built.
///
/// Rules, in order: a missing dataset is fetched (offline: ``PlaceLibraryError/noData(_:_:)``); a
/// stale one is refreshed, and if that fails the stale copy is used with a warning; a fresh one is
/// used as it is. An archive that is damaged, or was built from other bytes or another manifest,
/// is rebuilt from the cached feed and the rebuild is reported as a warning.
public struct PlaceLibrary: Sendable {
    public var catalog: DatasetCatalog
    public var cache: DatasetCache
    public var mirror: FeedMirror?
    /// Never fetch.
    public var offline: Bool
    public var planner: RefreshPlanner
    /// Where ``query(_:in:)``, ``place(id:in:from:)`` and ``placeDatasets(_:verifyAll:)``
    /// answer from: the cache, or places published to PostGIS with the same answers.
    public let source: PlaceSource

    public init(
        catalog: DatasetCatalog, cache: DatasetCache, mirror: FeedMirror? = nil, offline: Bool = false,
        planner: RefreshPlanner = RefreshPlanner(), source: PlaceSource = .cache
    ) {
        self.source = source
        self.catalog = catalog
        self.cache = cache
        self.mirror = mirror
        self.offline = offline
        self.planner = planner
    }

    /// The manifest with this id, or ``PlaceLibraryError/unknownDataset(_:_:)``.
    public func manifest(_ id: String) throws(PlaceLibraryError) -> DatasetManifest {
        guard let manifest = catalog.manifest(id: id) else {
            throw .unknownDataset(id, catalog.knownIDs)
        }
        return manifest
    }

    /// The cache status of a dataset under its refresh rule.
    public func status(of manifest: DatasetManifest) throws(PlaceLibraryError) -> CacheStatus {
        let plan = try planner.plan(for: manifest, mirror: mirror)
        return cache.status(of: manifest.id, rule: plan.rule)
    }

    /// Fetches a dataset (a conditional GET when a copy exists) unless it is fresh and `force` is off.
    /// `acceptDrop` takes a new copy even when its rankable places fell past the drop limit.
    public func refresh(
        _ manifest: DatasetManifest, force: Bool, acceptDrop: Bool = false
    ) throws(PlaceLibraryError) -> RefreshOutcome {
        let plan = try planner.plan(for: manifest, mirror: mirror)
        do {
            return try cache.refresh(plan, force: force, acceptDrop: acceptDrop)
        } catch {
            throw .refreshFailed(manifest.id, error)
        }
    }

    /// What the last refresh of `manifest`'s dataset decided about its records (a NUL replaced…),
    /// one sentence each; empty when nothing, or when there is no copy.
    public func decodeWarnings(_ manifest: DatasetManifest) -> [String] {
        (try? cache.load(manifest.id))?.metadata.decodeWarnings ?? []
    }

    /// Checks the cached copy's place archive and rebuilds it when it is missing, damaged or from
    /// another version (so the next query does not pay for that); returns why it was rebuilt, or
    /// nil when it was sound. `nearby refresh` calls this after every refresh, also when the feed
    /// itself was fresh. With `verifyAll` every block's checksum is checked now; without, the
    /// header and layout only (for an archive this process has just written from memory: its
    /// blocks are still checked as queries read them).
    public func ensureArchive(_ manifest: DatasetManifest, verifyAll: Bool = true) throws(PlaceLibraryError)
        -> String?
    {
        let entry: CachedEntry
        do {
            entry = try cache.load(manifest.id)
        } catch {
            throw .noData(manifest.id, error.description)
        }
        return try openArchive(entry, manifest: manifest, verifyAll: verifyAll).1
    }

    /// The dataset's places, refreshing first when missing or stale (unless offline).
    ///
    /// The archive's blocks are checked as queries read them; with `verifyAll` every block is
    /// checked now, so damage anywhere is found (and repaired) before the caller reads anything.
    /// A query that meets damage later can call ``rebuild(_:because:)`` and try again (``query(_:in:)``
    /// and ``place(id:in:from:)`` do).
    public func open(_ manifest: DatasetManifest, verifyAll: Bool = false) throws(PlaceLibraryError) -> OpenedDataset {
        var warnings: [PlaceLibraryWarning] = []
        let status = try self.status(of: manifest)
        switch status {
        case .missing, .unreadable:
            guard !offline else { throw .notCached(manifest.id) }
            do {
                _ = try refresh(manifest, force: false)
            } catch {
                if case .refreshFailed(_, let cause) = error { throw .fetchFailed(manifest.id, cause) }
                throw .noData(manifest.id, error.reason)
            }
        case .stale(let age, _):
            if offline {
                warnings.append(.stale(datasetID: manifest.id, ageDays: age))
            } else {
                do {
                    _ = try refresh(manifest, force: false)
                } catch {
                    warnings.append(.usingStale(datasetID: manifest.id, ageDays: age, because: error))
                }
            }
        case .fresh:
            break
        }
        // A refresh elsewhere may switch generations while this reads one; a failure then is
        // retried from a fresh read of `current` (the generation before is kept until the next
        // switch, so this is rare), and only a failure on an unchanged generation is reported.
        var attempt = 0
        while true {
            attempt += 1
            let entry: CachedEntry
            do {
                entry = try cache.load(manifest.id)
            } catch {
                throw .noData(manifest.id, error.description)
            }
            do {
                let (archive, rebuilt) = try openArchive(entry, manifest: manifest, verifyAll: verifyAll)
                if let rebuilt { warnings.append(.rebuilt(datasetID: manifest.id, reason: rebuilt)) }
                return OpenedDataset(manifest: manifest, archive: archive, entry: entry, warnings: warnings)
            } catch {
                let now = try? cache.load(manifest.id)
                guard attempt < 5, let now, now.directory != entry.directory else { throw error }
            }
        }
    }

    /// Why the dataset's last refresh failed, if the last one did.
    /// What the cached copy of an OpenStreetMap dataset records about its extract (its own
    /// time, what could not be placed exactly); nil for other datasets or no cached copy.
    public func extractInfo(of manifest: DatasetManifest) -> OSMExtractInfo? {
        guard manifest.source.format == .osm, let entry = try? cache.load(manifest.id),
            let url = entry.artefactURL(OSMExtractInfo.fileName),
            let data = try? RegularFile(path: url.path, followSymlinks: false).readData(limit: 1 << 20)
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(OSMExtractInfo.self, from: data)
    }

    public func lastRefusal(of manifest: DatasetManifest) -> RefreshRefusal? {
        cache.lastRefusal(of: manifest.id)
    }

    /// Rebuilds a dataset's archive from its cached pages after a query found it damaged.
    public func rebuild(_ opened: OpenedDataset, because error: PlaceArchiveError) throws(PlaceLibraryError)
        -> OpenedDataset
    {
        let archive = try rebuildArchive(opened.entry, manifest: opened.manifest)
        return OpenedDataset(
            manifest: opened.manifest, archive: archive, entry: opened.entry,
            warnings: [.rebuilt(datasetID: opened.manifest.id, reason: error.description)])
    }

    private func openArchive(
        _ entry: CachedEntry, manifest: DatasetManifest, verifyAll: Bool
    ) throws(PlaceLibraryError) -> (PlaceArchive, String?) {
        let path = entry.directory.appendingPathComponent(FeedArchiver.fileName).path
        let tag = PlaceArchive.sourceTag(checksum: entry.metadata.checksum, manifest: manifest)
        let reason: String
        do {
            let archive = try PlaceArchive(path: path, datasetID: manifest.id, expectedTag: tag)
            if verifyAll { try archive.verifyAll() }
            return (archive, nil)
        } catch {
            reason = error.description
        }
        return (try rebuildArchive(entry, manifest: manifest), reason)
    }

    private func rebuildArchive(_ entry: CachedEntry, manifest: DatasetManifest) throws(PlaceLibraryError)
        -> PlaceArchive
    {
        let path = entry.directory.appendingPathComponent(FeedArchiver.fileName).path
        let tag = PlaceArchive.sourceTag(checksum: entry.metadata.checksum, manifest: manifest)
        do {
            // The pages are checked against their recorded checksums first: a rebuild never
            // builds from damaged bodies.
            let pages = try entry.verifiedPages()
            // The archive is written through the cache's own write, as a refresh writes it: under
            // the dataset's lock, a new file under an unpredictable name, created exclusively and
            // never through a link, then renamed into place; a mapped archive is never rewritten
            // under a reader.
            do {
                _ = try cache.rewriteArtefacts(of: entry) { folder in
                    try FeedArchiver.build(PageBodies(pages), manifest: manifest, into: folder)
                }
            } catch let error as RefreshError {
                switch error {
                case .storage(_, let failedPath, let reason):
                    throw PlaceLibraryError.noData(manifest.id, "cannot write \(failedPath) (\(reason))")
                case .lockTimeout, .linkedFolder:
                    throw PlaceLibraryError.noData(manifest.id, RefreshError.clause(error.description))
                default:
                    throw PlaceLibraryError.noData(manifest.id, "the archive could not be built")
                }
            }
            let archive = try PlaceArchive(path: path, datasetID: manifest.id, expectedTag: tag)
            try archive.verifyAll()
            return archive
        } catch let error as PlaceLibraryError {
            throw error
        } catch let error as CacheError {
            throw .noData(manifest.id, "the cached copy cannot be used (\(RefreshError.clause(error.description)))")
        } catch {
            throw .noData(manifest.id, "the cached copy cannot be read (\(error))")
        }
    }
}
