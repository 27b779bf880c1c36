#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    public init() {}

    /// Reads a document from bytes in memory; `fileName` is only used in error messages.
    public func read(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(TrackReadError) -> TrackDocument {
        guard let raw = bytes.baseAddress, !bytes.isEmpty else {
            throw .notXML(file: fileName, line: 1, found: "an empty file")
        }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        var scanner = XMLScanner(base: base, count: bytes.count, fileName: fileName)
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
        throw .unknownRoot(file: fileName, line: scanner.line(at: root.offset), element: scanner.name(of: root))
    }

    /// Reads a document from bytes in memory; `fileName` is only used in error messages.
    public func read(_ bytes: [UInt8], fileName: String) throws(TrackReadError) -> TrackDocument {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TrackReadError) -> TrackDocument in try read(raw, fileName: fileName) }
        }
        return try result.get()
    }

    /// Reads the file at `path`; errors name the path.
    public func read(contentsOf path: String) throws(TrackReadError) -> TrackDocument {
        if let document = try readMapped(path) { return document }
        let bytes = try Self.load(path)
        return try read(bytes, fileName: path)
    }

    /// Parses a regular, non-empty file through a read-only private mapping (no copy of the
    /// bytes, and pages of the page cache are shared), or returns nil to fall back to `read(2)`.
    func readMapped(_ path: String) throws(TrackReadError) -> TrackDocument? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(file: path, reason: "it is a directory") }
        let size = Int(info.st_size)
        guard (info.st_mode & S_IFMT) == S_IFREG, size > 0 else { return nil }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), mapped != MAP_FAILED
        else { return nil }
        defer { munmap(mapped, size) }
        madvise(mapped, size, MADV_SEQUENTIAL)
        return try read(UnsafeRawBufferPointer(start: mapped, count: size), fileName: path)
    }

    /// The whole file, read with POSIX calls into one buffer.
    static func load(_ path: String) throws(TrackReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(file: path, reason: "it is a directory") }
        var bytes: [UInt8] = []
        var chunkSize = max(Int(info.st_size) + 1, 4096)
        while true {
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
                count = 0
                guard let start = buffer.baseAddress else { return }
                while count < chunkSize {
                    let n = Glibc.read(fd, start + count, chunkSize - count)
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { failure = errno }
                    if n <= 0 { break }
                    count += n
                }
            }
            if failure != 0 { throw .unreadable(file: path, reason: String(cString: strerror(failure))) }
            if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
            if chunk.count < chunkSize { break }
            chunkSize = max(chunkSize, 1 << 20)
        }
        return bytes
    }
}
