import Foundation
import NearbySystem
import NearbyOSM

/// The refresh of a dataset whose source is an OpenStreetMap extract: the extract is the one
/// page (fetched from its URL, or copied from the user's file, into the new generation, so the
/// last good copy and offline use work as for any feed); validating it builds the place archive,
/// `extract.json` and the areas' outlines.
enum OSMRefresh {
    /// The page's file extension in the cache (the reader goes by content, not by name).
    static let fileExtension = "osm"
    /// An extract may be large: 16 GiB and four hours by default (a manifest's `source.limits`
    /// may set others).
    static let budget = RefreshBudget(maxBytes: 16 << 30, maxSeconds: 4 * 3600)

    /// The request for the extract (page 0 only).
    static func request(_ manifest: DatasetManifest, connectTimeout: Double, maxBytes: Int64) -> FetchRequest? {
        guard let url = manifest.source.urls.first else { return nil }
        var request: FetchRequest
        if let path = manifest.localExtractPath {
            request = FetchRequest(url: URL(fileURLWithPath: path).absoluteString)
            // A local extract is the one file a manifest may name (see validateOSMSource).
            request.allowsFile = true
        } else {
            request = FetchRequest(url: url)
            request.headers = manifest.source.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        }
        request.connectTimeout = connectTimeout
        request.totalTimeout = budget.maxSeconds
        request.maxBodyBytes = maxBytes
        return request
    }

    /// Reads the fetched extract, writes the archive and outlines, returns `extract.json`.
    static func validate(_ manifest: DatasetManifest, into folder: ArtefactFolder) throws -> ValidatedFeed {
        guard let options = manifest.source.osm else {
            throw RefreshError.invalid(datasetID: manifest.id, reason: "the manifest selects no features")
        }
        let selector = try OSMSelector(parsing: options.select)
        let file = folder.pageFile(0, fileExtension: fileExtension)
        let extract = try OSMExtract(path: file.path)
        var builder = PlaceArchiveBuilder()
        let report = try OSMPlaceBuilder(datasetID: manifest.id, selector: selector, language: options.language)
            .build(extract, into: &builder)
        let tag = PlaceArchive.sourceTag(checksum: folder.checksum, manifest: manifest)
        try folder.write(FeedArchiver.fileName) { descriptor in
            var output = ArchiveFileOutput(descriptor: descriptor)
            try builder.finish(sourceTag: tag, into: &output)
        }
        try folder.write(OSMOutlineFile.fileName) { descriptor in
            var output = ArchiveFileOutput(descriptor: descriptor)
            try OSMOutlineFile.write(report.outlines, into: &output)
        }
        let info = OSMExtractInfo(
            source: manifest.source.urls.first ?? "", format: extract.format, selection: selector, report: report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return ValidatedFeed(
            recordCount: report.placeCount, artefacts: [OSMExtractInfo.fileName: try encoder.encode(info)],
            files: [FeedArchiver.fileName, OSMOutlineFile.fileName],
            rankableCount: report.placeCount - report.unplaced)
    }
}
