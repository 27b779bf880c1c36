import Foundation
import NearbyFeeds
import NearbyGeo

/// The feeds side of one command: the catalog, the cache and the fetcher, built from the context.
struct PlacesSession {
    let context: CommandContext
    let library: PlaceLibrary

    /// `only`: the datasets the command will use (nil: all, as `datasets` and `refresh` need).
    init(_ context: CommandContext, only: Set<String>? = nil) throws(CLIError) {
        self.context = context
        let named = (context.arguments.values["datasets"] ?? []).map(context.environment.absolutePath)
        let directories = context.paths.datasetDirectories.map { path in
            // Folders the user named must exist; default locations may not.
            DatasetCatalog.Directory(
                URL(fileURLWithPath: path),
                isRequired: named.contains(path))
        }
        let catalog: DatasetCatalog
        do {
            catalog = try DatasetCatalog.load(from: directories, only: only)
        } catch {
            throw .failure(error.description)
        }
        // Manifests come from other people: a bad one is named, and the others still work.
        for refusal in catalog.refused { context.warn(refusal.description) }
        let cache = DatasetCache(
            directory: URL(fileURLWithPath: context.paths.cacheDirectory),
            clock: context.environment.clock,
            fetcher: CurlFetcher(version: NearbyCLI.version, projectURL: "https://github.com/nearby-tw/nearby"))
        var planner = RefreshPlanner()
        if context.environment.stderrIsTerminal {
            let err = context.output.err
            planner.progress = { id, page, received, expected in
                let total = expected > 0 ? " of \(expected / 1024) KiB" : ""
                err("\r\u{1B}[2K\(id): page \(page + 1), \(received / 1024) KiB\(total)")
            }
        }
        let mirror: FeedMirror? = context.paths.mirror.map { path in
            path.contains("://") ? .baseURL(path) : .folder(URL(fileURLWithPath: path))
        }
        library = PlaceLibrary(
            catalog: catalog, cache: cache, mirror: mirror, offline: context.arguments.has("offline"),
            planner: planner)
    }

    /// Opens a dataset for a query, printing its warnings; exit code 3 when it has no data.
    /// `verifyAll` checks the whole archive now (commands that read much of it anyway).
    func open(_ id: String, verifyAll: Bool = false) throws(CLIError) -> OpenedDataset {
        do {
            let manifest = try library.manifest(id)
            let opened = try library.open(manifest, verifyAll: verifyAll)
            if context.environment.stderrIsTerminal { context.output.err("\r\u{1B}[2K") }
            for warning in opened.warnings { context.warn(warning) }
            return opened
        } catch {
            if context.environment.stderrIsTerminal { context.output.err("\r\u{1B}[2K") }
            switch error {
            case .unknownDataset: throw .usage(error.description)
            case .noData: throw .noData(error.description)
            default: throw .failure(error.description)
            }
        }
    }
}

extension PlacesSession {
    /// Runs `body` on a dataset; if its archive turns out damaged while being read, rebuilds it
    /// from the cached feed (with a warning) and runs `body` once more.
    func withRepair<T>(
        _ dataset: OpenedDataset, _ body: (OpenedDataset) throws(PlaceArchiveError) -> T
    ) throws(CLIError) -> T {
        do {
            return try body(dataset)
        } catch {
            let repaired: OpenedDataset
            do { repaired = try library.rebuild(dataset, because: error) } catch { throw .failure(error.description) }
            for warning in repaired.warnings { context.warn(warning) }
            do { return try body(repaired) } catch {
                throw .failure(
                    "\(dataset.manifest.id): \(error.description); run 'nearby refresh --force \(dataset.manifest.id)'")
            }
        }
    }
}
