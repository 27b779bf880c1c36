import NearbySystem
/// A fast streaming reader for GPX 1.0, GPX 1.1 and TCX files.
///
/// The format is detected from the root element (`gpx` with `version` 1.0 or 1.1, 1.1 when
/// absent; `TrainingCenterDatabase`). The reader tolerates what real exports contain: a UTF-8 BOM,
/// white space before the XML declaration, single quotes, undeclared prefixes, a root without
/// namespace, ISO-8859-1 (converted to UTF-8), CDATA, comments, stray text. It never loads a DTD
/// or expands a custom entity: `<!DOCTYPE …>` is skipped and any entity reference other than the
/// five predefined ones and character references is an ``TrackReadError/entityRefused(file:line:entity:)``
/// error when it appears in a value the reader uses (it is ignored in skipped content).
public struct TrackReader: Sendable {
    /// The largest track file read by default: 1 GiB (a 1 GiB GPX holds about 10 million points).
    public static let defaultSizeLimit = 1 << 30

    /// The largest file ``read(contentsOf:)`` and ``load(_:)`` accept, in bytes.
    public var sizeLimit: Int

    /// Streaming from a file, a GPX track segment with at least this many bytes to go is parsed
    /// by two readers at once (``SegmentSplit``): 8 MiB, about 40,000 points.
    var splitThreshold = 8 << 20
    /// Where in what is left of the document the second reader starts, in percent (see
    /// ``GPXParser/beginSplit(parent:at:)``).
    var splitPercent = 50

    /// A reader refusing files larger than `sizeLimit` bytes (default ``defaultSizeLimit``).
    public init(sizeLimit: Int = TrackReader.defaultSizeLimit) {
        self.sizeLimit = Swift.max(0, sizeLimit)
    }

    /// Reads a document from bytes in memory; `fileName` is only used in error messages.
    ///
    /// Values outside ``PhysicalLimits`` are dropped per field and counted in
    /// ``TrackDocument/outOfRange``; they never reject the file.
    public func read(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(TrackReadError) -> TrackDocument {
        var document = try parse(bytes, fileName: fileName)
        PhysicalLimits.check(&document)
        return document
    }

    /// The document as the format's parser gives it, before ``PhysicalLimits``.
    func parse(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(TrackReadError) -> TrackDocument {
        guard let raw = bytes.baseAddress, !bytes.isEmpty else {
            throw .notXML(file: fileName, line: 1, found: "an empty file")
        }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        var scanner = XMLScanner(base: base, count: bytes.count, fileName: fileName)
        return try parse(&scanner)
    }

    /// The document under `scanner` (in memory or streaming), by its root element.
    func parse(_ scanner: inout XMLScanner) throws(TrackReadError) -> TrackDocument {
        let root = try scanner.readRoot()
        if scanner.isLocal(root, "gpx") {
            let format = try GPXParser.format(of: root, in: &scanner)
            var parser = GPXParser(scanner: scanner, format: format)
            return try parser.parse(root: root)
        }
        if scanner.isLocal(root, "TrainingCenterDatabase") {
            var parser = TCXParser(scanner: scanner)
            return try parser.parse(root: root)
        }
        throw .unknownRoot(file: scanner.fileName, line: scanner.line(at: root.offset), element: scanner.name(of: root))
    }

    /// Reads a document from bytes in memory; `fileName` is only used in error messages.
    public func read(_ bytes: [UInt8], fileName: String) throws(TrackReadError) -> TrackDocument {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TrackReadError) -> TrackDocument in try read(raw, fileName: fileName) }
        }
        return try result.get()
    }

    /// Reads the file at `path` (see ``load(_:)``); errors name the path.
    public func read(contentsOf path: String) throws(TrackReadError) -> TrackDocument {
        let bytes = try load(path)
        return try read(bytes, fileName: path)
    }

    /// The whole file at `path`, read once into one buffer through ``RegularFile``: a FIFO, a
    /// device such as `/dev/zero`, a socket or a directory is refused before a byte is read (and
    /// opening never blocks), and a file larger than ``sizeLimit`` is refused before it is read or
    /// as soon as it grows past the limit. The file is never mapped: another program truncating a
    /// mapped file would kill the process with SIGBUS.
    public func load(_ path: String) throws(TrackReadError) -> [UInt8] {
        do {
            let file = try RegularFile(path: path)
            return try file.readAll(limit: sizeLimit)
        } catch {
            throw .unreadable(file: path, reason: Self.reason(error))
        }
    }

    /// Why a file was refused, as the tail of ``TrackReadError/unreadable(file:reason:)``.
    static func reason(_ error: FileReadError) -> String {
        switch error {
        case .missing: "it does not exist"
        case .notRegular(_, let kind): "it is \(kind), not a regular file"
        case .symbolicLink: "it is a symbolic link"
        case .tooLarge(_, let limit): "it is larger than the limit of \(ByteCountText.describe(limit)) for track files"
        case .unreadable(_, let reason): reason
        }
    }
}
