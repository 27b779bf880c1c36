/// The track formats an activity source can hold; GPX and TCX go to `TrackReader`, FIT to the
/// FIT decoder.
public enum ActivityFormat: String, Sendable, Hashable {
    /// GPX or TCX (XML); `TrackReader` tells which from the root element.
    case xml
    /// FIT (binary).
    case fit
}

/// One activity file found in what the user named: the file itself, a gzip's content, or a zip
/// member (at any nesting depth), with the export catalogue's facts about it when there are any.
public struct ActivitySource: Sendable {
    /// Where it came from, for messages and as the source name: `run.gpx`,
    /// `12866632127.fit.gz`, `export.zip!activities/123.fit.gz`, `garmin.zip!DI_CONNECT/…/Part1.zip!a.fit`.
    /// Control characters in member names are escaped.
    public var displayPath: String
    /// The file name within its container (`123.fit.gz`), escaped like ``displayPath``.
    public var fileName: String
    /// The decompressed bytes.
    public var bytes: SourceBytes
    /// The format found by magic bytes.
    public var format: ActivityFormat
    /// Name, type and start time from the export's catalogue, when it lists this file.
    public var metadata: ActivityMetadata?
    /// The export catalogue of the archive, for a match by start time once the track is decoded
    /// (Garmin's catalogue does not name files; see ``ExportCatalogue/metadata(near:tolerance:)``).
    public var catalogue: ExportCatalogue?
}

/// Why a file in an archive was passed over without an error: it is not an activity.
public enum IgnoredReason: String, Sendable, Hashable {
    /// A folder entry.
    case directory
    /// Not a track, archive or gzip (CSV, JSON, PDF, images…), or a gzip of such.
    case notActivity
    /// The export catalogue itself.
    case catalogue
}

/// One result of reading a file or archive: an activity source, a skipped member with its
/// sentence, or a member that is not an activity.
public enum ContainerItem: Sendable {
    case source(ActivitySource)
    case failed(ContainerError)
    case ignored(path: String, reason: IgnoredReason)
    /// The archive's catalogue lists `count` activities without a file (entered by hand), which
    /// have no track to import: counted as rows, one item per archive.
    case manualActivities(path: String, count: Int)
}
