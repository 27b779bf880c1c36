import NearbySystem
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
    /// The file is opened through ``RegularFile`` (a FIFO, a device or a directory is refused
    /// before a byte is read) and never memory-mapped: another program truncating a mapped file
    /// would kill the process with SIGBUS. A zip is read with `pread` (``ZipFile``): its directory
    /// through a small cache, each member into a buffer of its own, so memory holds one member at
    /// a time. A GPX or TCX file is left open to be streamed (``SourceBytes/stream``); anything
    /// else (a FIT file, a gzip) is read once into one buffer of at most ``ContainerLimits/memberBytes``.
    public func read<E: Error>(path: String, _ visit: (ContainerItem) throws(E) -> Void) throws(E) {
        let shown = DisplayName.escape(path)
        let location = MemberPath(displayPath: shown, name: path)
        func failed(_ error: FileReadError) throws(E) {
            if case .tooLarge(_, let limit) = error {
                try visit(
                    .failed(
                        .unreadable(
                            path: shown, reason: "it is larger than the limit of \(ByteCountText.describe(limit))")))
            } else {
                try visit(.failed(.unreadable(path: shown, reason: TrackReader.reason(error))))
            }
        }
        var walk = ContainerWalk(limits: limits)
        let opened: Opened
        do throws(FileReadError) {
            opened = try open(path)
        } catch {
            return try failed(error)
        }
        switch opened {
        case .zip(let zip): try walk.zipArchive(zip, at: location, visit)
        case .bytes(let bytes): try walk.handle(SourceBytes(bytes), at: location, visit)
        case .stream(let file):
            let source = ActivitySource(
                displayPath: location.displayPath, fileName: location.fileName, bytes: SourceBytes(streaming: file),
                format: .xml, metadata: nil, catalogue: nil)
            try visit(.source(source))
        }
    }

    /// A file opened for the walk: a zip to read with `pread`, a GPX/TCX file to stream, or
    /// anything else read whole.
    private enum Opened {
        case zip(ZipFile)
        case bytes([UInt8])
        case stream(StreamedFile)
    }

    /// Opens `path`, sniffs its first bytes and either keeps it open as a zip or reads it whole.
    private func open(_ path: String) throws(FileReadError) -> Opened {
        let file = try RegularFile(path: path)
        var head = [UInt8](repeating: 0, count: 4100)
        let read = head.withUnsafeMutableBytes { raw in
            Result { () throws(FileReadError) -> Int in try file.read(into: raw, at: 0) }
        }
        let got = try read.get()
        let kind = head.withUnsafeBytes { ContentKind.detect(UnsafeRawBufferPointer(rebasing: $0.prefix(got))) }
        if kind == .zip { return .zip(ZipFile(file)) }
        if kind == .xml {
            guard file.size <= limits.memberBytes else { throw .tooLarge(path: path, limit: limits.memberBytes) }
            return .stream(StreamedFile(file))
        }
        // A FIT file is read whole, so its own limit applies; a gzip is inflated as a stream.
        let limit = kind == .fit ? ContainerWalk(limits: limits).fitBytes : limits.memberBytes
        return .bytes(try file.readAll(limit: limit))
    }

    /// Reads `bytes` as if they were a file called `name` (the fuzz entry point: bytes in, items out).
    public func read<E: Error>(bytes: [UInt8], name: String, _ visit: (ContainerItem) throws(E) -> Void) throws(E) {
        var walk = ContainerWalk(limits: limits)
        try walk.handle(SourceBytes(bytes), at: MemberPath(displayPath: DisplayName.escape(name), name: name), visit)
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

/// Where an item lies in what the user named: its display path (`export.zip!activities/1.fit.gz`),
/// its own name (a member name, or the path at the top), how deep in nested archives, and what an
/// export catalogue says of it.
struct MemberPath {
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
