import Foundation

/// Turns a fetched feed into the place archive queries map: the pages decoded (a feed that does
/// not decode, has no records or no coordinate in range is refused) and the archive written into
/// the cache entry's folder. The refresh plan calls it on every new copy; the library calls it to
/// rebuild a damaged archive from the cached pages.
enum FeedArchiver {
    /// The file name of the place archive inside a cache entry.
    static let fileName = "places.nbyplace"

    /// Decodes the pages (so a body that does not decode, has no records or has no coordinate in
    /// range is refused) and writes the place archive that queries will map into `folder`,
    /// section by section: records stream from the pages into the archive's sections (no tree,
    /// no list of places) and the sections into the file (no archive in memory).
    static func build(_ pages: PageBodies, manifest: DatasetManifest, into folder: ArtefactFolder) throws
        -> ValidatedFeed
    {
        if manifest.source.format == .osm { return try OSMRefresh.validate(manifest, into: folder) }
        var decoder = FeedStreamDecoder(manifest: manifest, sink: PlaceArchiveBuilder())
        // One page mapped at a time: each is unmapped once the decoder is done with it.
        for index in pages.indices { try decoder.add(page: pages[index]) }
        let summary = try decoder.finish()
        let tag = PlaceArchive.sourceTag(checksum: folder.checksum, manifest: manifest)
        var builder = decoder.sink
        decoder = FeedStreamDecoder(manifest: manifest, sink: PlaceArchiveBuilder())
        try folder.write(fileName) { descriptor in
            var output = ArchiveFileOutput(descriptor: descriptor)
            try builder.finish(sourceTag: tag, into: &output)
        }
        // Only what was decided about records' contents is kept for the user; the coordinate and
        // naming counts are told by the queries themselves.
        let decided = summary.warnings.filter { $0.contains(PlaceBuilder.nulWording) }
        return ValidatedFeed(
            recordCount: summary.placeCount, files: [fileName], rankableCount: summary.locatedCount,
            warnings: decided)
    }
}
