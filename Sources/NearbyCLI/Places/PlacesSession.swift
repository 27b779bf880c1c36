import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyPostgres

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
        for refusal in catalog.refused { context.warn(PlaceLibraryWording.refusal(refusal)) }
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
            planner: planner, source: try Self.placeSource(context))
    }

    /// `--places-db`, else `NEARBY_PLACES_DB`: the PostGIS database place queries read from, else
    /// the local cache. Only a postgresql:// URL is accepted; a value is never taken for a file.
    static func placeSource(_ context: CommandContext) throws(CLIError) -> PlaceSource {
        let given = context.arguments.value("places-db") ?? context.environment.variables["NEARBY_PLACES_DB"]
        guard let text = given, !text.isEmpty else { return .cache }
        do {
            return .postgis(PostgisPlaceSource(url: try PostgresURL(text)))
        } catch {
            throw .usage("--places-db: \(error.description)")
        }
    }

    /// Makes one library call, then words what it returned for the user: each warning on stderr
    /// (a dataset left out ends with `leftOut`), an error as one sentence with its exit code.
    /// `warnings` filters what is said (a merged listing does not count unranked places).
    func ask<T>(
        leftOut: String = "answering from the other datasets",
        warnings wanted: (PlaceLibraryWarning) -> Bool = { _ in true },
        _ call: (PlaceLibrary) throws(PlaceLibraryError) -> PlaceResult<T>
    ) throws(CLIError) -> PlaceResult<T> {
        let result: PlaceResult<T>
        do {
            result = try call(library)
        } catch {
            clearProgress()
            var wording = PlaceLibraryWording.error(error)
            if error.isNoData {
                let ids: [String]
                if case .noneHaveData(let errors) = error {
                    ids = errors.compactMap(\.datasetID)
                } else {
                    ids = error.datasetID.map { [$0] } ?? []
                }
                wording.message = PlaceLibraryWording.sentenceBody(wording.message) + ids.map(alternatives).joined()
            }
            throw wording
        }
        clearProgress()
        for warning in result.warnings where wanted(warning) {
            var text = PlaceLibraryWording.warning(warning, leftOut: leftOut)
            if case .leftOut(let error) = warning, let id = error.datasetID, error.isNoData {
                let others = alternatives(id)
                if !others.isEmpty {
                    text =
                        PlaceLibraryWording.sentenceBody(PlaceLibraryWording.message(error)) + others + "; \(leftOut)"
                }
            }
            context.warn(text)
        }
        return result
    }

    /// Which datasets of the same family as `id` have a cached copy (parks-2016 for parks), worded
    /// for a sentence about `id` having no data.
    func alternatives(_ id: String) -> String {
        let cache = library.cache
        return PlaceLibraryWording.alternatives(to: id, among: library.catalog.knownIDs) { other in
            (try? cache.load(other)) != nil
        }
    }

    /// Clears a refresh's progress line on a terminal.
    func clearProgress() {
        if context.environment.stderrIsTerminal { context.output.err("\r\u{1B}[2K") }
    }
}
