import NearbyBasics

/// The one entry point for files that may be compressed or archived: given a path (a GPX, TCX or
/// FIT file, a `.gz` of one, a zip export, a zip of zips), it yields every activity file inside as
/// an ``ActivitySource``, or one sentence per member it cannot read, and never stops at a bad
/// member.
///
/// Kinds are decided by magic bytes (``ContentKind``), not by names. gzip files are inflated
/// through zlib (every member, CRC and length checked); zips are read from their central
/// directory by ``ZipDirectory`` (stored and deflate members; Zip64, encryption and multi-disk
/// refused with a sentence); nested zips are followed to ``ContainerLimits/depth``. Nothing is
/// ever written to disk: member names only ever become display paths (`export.zip!activities/1.gpx`).
/// Export catalogues (Strava `activities.csv`, Garmin `summarizedActivities.json`, Runkeeper
/// `cardioActivities.csv`) give each member its name, type and start time.
public struct ContainerReader: Sendable {
    public var limits: ContainerLimits

    public init(limits: ContainerLimits = ContainerLimits()) {
        self.limits = limits
    }

    /// Reads the file at `path`, calling `visit` for each item in archive order. Only `visit`'s
    /// own error stops the walk. Control characters in `path` are escaped in display paths.
    ///
    /// The file is read once, through ``RegularFile`` (a FIFO, a device or a directory is refused
    /// before a byte is read), into one buffer of at most ``ContainerLimits/totalBytes``; members
    /// stored uncompressed are slices of it. It is never memory-mapped: another program truncating
    /// a mapped file would kill the process with SIGBUS.
    public func read<E: Error>(path: String, _ visit: (ContainerItem) throws(E) -> Void) throws(E) {
        let shown = DisplayName.escape(path)
        let bytes: [UInt8]
        do {
            let file = try RegularFile(path: path)
            bytes = try file.readAll(limit: limits.totalBytes)
        } catch {
            if case .tooLarge = error {
                try visit(.failed(.archiveTooLarge(path: shown, limit: limits.totalBytes)))
            } else {
                try visit(.failed(.unreadable(path: shown, reason: TrackReader.reason(error))))
            }
            return
        }
        var walk = ContainerWalk(limits: limits)
        try walk.handle(SourceBytes(bytes), at: Location(displayPath: shown, name: path), visit)
    }

    /// Reads `bytes` as if they were a file called `name` (the fuzz entry point: bytes in, items out).
    public func read<E: Error>(bytes: [UInt8], name: String, _ visit: (ContainerItem) throws(E) -> Void) throws(E) {
        var walk = ContainerWalk(limits: limits)
        try walk.handle(SourceBytes(bytes), at: Location(displayPath: DisplayName.escape(name), name: name), visit)
    }

    /// Every item of the file at `path`. Holds every source's bytes at once; prefer ``read(path:_:)``
    /// for large archives.
    public func items(path: String) -> [ContainerItem] {
        var items: [ContainerItem] = []
        read(path: path) { items.append($0) }
        return items
    }

    /// Every item of `bytes` read as a file called `name`.
    public func items(bytes: [UInt8], name: String) -> [ContainerItem] {
        var items: [ContainerItem] = []
        read(bytes: bytes, name: name) { items.append($0) }
        return items
    }
}

/// Where an item is: its display path and its own name (a member name, or the path at the top).
struct Location {
    var displayPath: String
    /// The unescaped member name (or the top-level path), for catalogue look-ups and extensions.
    var name: String
    var depth = 0
    var insideGzip = false
    var metadata: ActivityMetadata?
    var catalogue: ExportCatalogue?

    /// The last component of ``name``, escaped for display.
    var fileName: String {
        DisplayName.escape(String(name.split(separator: "/").last ?? Substring(name)))
    }

    /// Whether the name says "track file" (`.fit`, `.gpx`, `.tcx`, optionally `.gz`).
    var looksLikeActivity: Bool {
        var lower = name.lowercased()
        if lower.hasSuffix(".gz") { lower.removeLast(3) }
        return [".fit", ".gpx", ".tcx"].contains { lower.hasSuffix($0) }
    }
}
