import NearbySystem
/// One walk through a file and everything nested in it, keeping the running total of inflated
/// bytes that ``ContainerLimits/totalBytes`` bounds.
///
/// Compressed data is never inflated whole to find out what it is: an ``InflateStream`` gives its
/// first 64 KiB (``sniffBytes``) to ``ContentKind``, and then
/// - a GPX or TCX document is handed on as that stream, read through the track reader's window;
/// - a FIT file, a zip or a gzip (what needs all its bytes at once) is first inflated without
///   being kept, to count it (refused past its limit at the cost of one piece), then once more
///   into a buffer of exactly its size;
/// - anything else is reported from those first bytes.
/// So a refused decompression bomb costs a few pieces of memory, whatever it claims to hold.
struct ContainerWalk {
    let limits: ContainerLimits
    var inflated = 0
    /// Set when the total is exceeded: the rest of the walk yields nothing more.
    private(set) var exhausted = false
    /// What the archive's catalogues have cost so far (one budget per top-level file).
    var catalogueBudget: InputBudget

    /// The bytes read from compressed data to decide what it is.
    static let sniffBytes = 64 << 10

    init(limits: ContainerLimits) {
        self.limits = limits
        let defaults = InputKind.exportCatalogue.limits
        catalogueBudget = InputBudget(
            .exportCatalogue,
            limits: .init(
                bytesIn: limits.catalogueBytes, itemsOut: defaults.itemsOut, bytesRetained: defaults.bytesRetained))
    }

    /// The largest FIT file read: a FIT file needs all its bytes at once.
    var fitBytes: Int { min(limits.memberBytes, InputKind.fitRecords.limits.bytesIn) }

    /// Sniffs `bytes` (in memory) and yields what they hold.
    mutating func handle<E: Error>(
        _ bytes: SourceBytes, at location: MemberPath, _ visit: (ContainerItem) throws(E) -> Void
    )
        throws(E)
    {
        let kind = bytes.withUnsafeBytes { ContentKind.detect(UnsafeRawBufferPointer(rebasing: $0.prefix(4100))) }
        switch kind {
        case .xml where location.depth > 0 && !location.looksLikeActivity && !bytes.mentionsTrackRoot:
            // An archive's other XML (an HTML page, a KML, a settings file) is not a failed track.
            try visit(.ignored(path: location.displayPath, reason: .notActivity))
        case .fit where bytes.count > fitBytes:
            try visit(.failed(.inflatesTooLarge(path: location.displayPath, limit: fitBytes)))
        case .fit, .xml:
            let source = ActivitySource(
                displayPath: location.displayPath, fileName: location.fileName, bytes: bytes,
                format: kind == .fit ? .fit : .xml, metadata: location.metadata, catalogue: location.catalogue)
            try visit(.source(source))
        case .gzip where location.insideGzip:
            try visit(.failed(.gzipInsideGzip(path: location.displayPath)))
        case .gzip:
            var next = location
            next.insideGzip = true
            let stream = InflateStream(bytes, format: .gzip, limit: memberLimit, path: location.displayPath)
            try handle(stream, at: next, visit)
        case .zip:
            guard location.depth < limits.depth else {
                try visit(.failed(.nestedTooDeep(path: location.displayPath, limit: limits.depth)))
                return
            }
            try zipArchive(bytes, at: location, visit)
        case .unknown:
            try unknown(at: location, visit)
        }
    }

    /// Sniffs an inflating `stream` and yields what it holds, inflating only what that needs.
    mutating func handle<E: Error>(
        _ stream: InflateStream, at location: MemberPath, _ visit: (ContainerItem) throws(E) -> Void
    ) throws(E) {
        defer { account(stream) }
        let head: [UInt8]
        do throws(ContainerError) {
            head = try Self.first(Self.sniffBytes, of: stream)
        } catch {
            return try visit(.failed(overall(error, stream)))
        }
        if stream.isFinished {
            // Small enough to have been inflated whole already: read from memory.
            return try handle(SourceBytes(head), at: location, visit)
        }
        let whole = SourceBytes(head)
        switch head.withUnsafeBytes({ ContentKind.detect(UnsafeRawBufferPointer(rebasing: $0.prefix(4100))) }) {
        case .xml where location.depth > 0 && !location.looksLikeActivity && !whole.mentionsTrackRoot:
            try visit(.ignored(path: location.displayPath, reason: .notActivity))
        case .xml:
            let source = ActivitySource(
                displayPath: location.displayPath, fileName: location.fileName, bytes: SourceBytes(streaming: stream),
                format: .xml, metadata: location.metadata, catalogue: location.catalogue)
            try visit(.source(source))
        case .gzip where location.insideGzip:
            try visit(.failed(.gzipInsideGzip(path: location.displayPath)))
        case .fit, .zip, .gzip:
            switch Self.materialise(stream, limit: min(stream.limit, fitBytesIfFIT(head))) {
            case .success(let bytes): try handle(SourceBytes(bytes), at: location, visit)
            case .failure(let error): try visit(.failed(overall(error, stream)))
            }
        case .unknown:
            try unknown(at: location, visit)
        }
    }

    /// The limit for `head`'s whole content: a FIT file's own, else the member's.
    private func fitBytesIfFIT(_ head: [UInt8]) -> Int {
        head.withUnsafeBytes { ContentKind.detect($0) } == .fit ? fitBytes : .max
    }

    /// What neither track, gzip nor zip is: a failure at the top, ignored inside an archive
    /// unless its name says "track".
    private func unknown<E: Error>(at location: MemberPath, _ visit: (ContainerItem) throws(E) -> Void) throws(E) {
        if location.depth == 0 {
            try visit(
                .failed(
                    location.insideGzip
                        ? .gzipUnknownContent(path: location.displayPath) : .unknownContent(path: location.displayPath))
            )
        } else if location.looksLikeActivity {
            try visit(.failed(.notActivity(path: location.displayPath)))
        } else {
            try visit(.ignored(path: location.displayPath, reason: .notActivity))
        }
    }

    /// The limit of the next inflated member: its own, or what is left of the archive's total.
    var memberLimit: Int { min(limits.memberBytes, max(0, limits.totalBytes - inflated)) }

    /// A stream's bomb refusal in terms of the archive when it was the total that ran out.
    private mutating func overall(_ error: ContainerError, _ stream: InflateStream) -> ContainerError {
        guard case .inflatesTooLarge = error, stream.limit < limits.memberBytes, stream.limit == memberLimit else {
            return error
        }
        exhausted = true
        return .archiveTooLarge(path: stream.path, limit: limits.totalBytes)
    }

    /// Counts what a gzip stream produced towards the archive's total (a zip member's declared
    /// size, which bounds its stream, was counted when it was extracted).
    private mutating func account(_ stream: InflateStream) {
        guard stream.format == .gzip else { return }
        inflated += stream.produced
        if inflated >= limits.totalBytes { exhausted = true }
    }

    /// Up to `count` first bytes of `stream`.
    static func first(_ count: Int, of stream: InflateStream) throws(ContainerError) -> [UInt8] {
        // One byte more than asked tells whether the stream ended exactly there (and runs its checks).
        var head = [UInt8](repeating: 0, count: count + 1)
        let got = head.withUnsafeMutableBytes { raw in
            Result { () throws(ContainerError) -> Int in
                var filled = 0
                while filled < raw.count {
                    let n = try stream.next(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                    if n == 0 { break }
                    filled += n
                }
                return filled
            }
        }
        head.removeSubrange(try got.get()...)
        return head
    }

    /// The whole content of `stream`: counted first without keeping it (refused past `limit`),
    /// then inflated again into a buffer of exactly that size.
    static func materialise(_ stream: InflateStream, limit: Int) -> Result<[UInt8], ContainerError> {
        Result { () throws(ContainerError) -> [UInt8] in
            let size = try stream.countRest(upTo: limit)
            guard size <= limit else { throw .inflatesTooLarge(path: stream.path, limit: limit) }
            return try stream.whole(size: size)
        }
    }

    /// The bytes of one zip member: a slice (in memory) or one read (from a file) when stored, an
    /// inflating stream when deflated. Nothing larger than ``ContainerLimits/memberBytes`` is read.
    mutating func extract(_ entry: ZipEntry, from archive: some ZipArchive, path: String) -> Result<
        Member, ContainerError
    > {
        let truncated = ContainerError.memberCorrupt(path: path, reason: "the archive ends inside its data")
        switch entry.method {
        case 0:
            guard entry.data.count <= limits.memberBytes else {
                return .failure(.inflatesTooLarge(path: path, limit: limits.memberBytes))
            }
            guard let stored = archive.data(entry.data) else { return .failure(truncated) }
            guard Inflate.crc32Matches(stored, entry.crc) else {
                return .failure(.memberCorrupt(path: path, reason: "its CRC-32 does not match"))
            }
            return .success(.bytes(stored))
        case 8:
            // The declared size is the archive's word: it bounds the stream, but nothing is
            // allocated from it.
            guard entry.uncompressedSize <= limits.memberBytes, entry.data.count <= limits.memberBytes else {
                return .failure(.inflatesTooLarge(path: path, limit: limits.memberBytes))
            }
            guard entry.uncompressedSize <= limits.totalBytes - inflated else {
                exhausted = true
                return .failure(.archiveTooLarge(path: path, limit: limits.totalBytes))
            }
            guard let compressed = archive.data(entry.data) else { return .failure(truncated) }
            // The stream never gives more than the declared size, so that is what it counts.
            inflated += entry.uncompressedSize
            return .success(
                .stream(
                    InflateStream(
                        compressed, format: .raw(size: entry.uncompressedSize, crc: entry.crc),
                        limit: entry.uncompressedSize, path: path)))
        default:
            return .failure(.memberMethod(path: path, method: entry.method))
        }
    }

    /// A zip member's content: bytes at hand, or a stream that inflates them.
    enum Member {
        case bytes(SourceBytes)
        case stream(InflateStream)
    }

    /// Yields what a member holds.
    mutating func handle<E: Error>(
        _ member: Member, at location: MemberPath, _ visit: (ContainerItem) throws(E) -> Void
    )
        throws(E)
    {
        switch member {
        case .bytes(let bytes): try handle(bytes, at: location, visit)
        case .stream(let stream): try handle(stream, at: location, visit)
        }
    }
}

extension SourceBytes {
    /// Whether the first 64 KiB name a `gpx` or `TrainingCenterDatabase` element (any prefix).
    var mentionsTrackRoot: Bool {
        withUnsafeBytes { raw in
            let head = UnsafeRawBufferPointer(rebasing: raw.prefix(64 << 10))
            return head.contains(ascii: "gpx") || head.contains(ascii: "TrainingCenterDatabase")
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether `text` (ASCII) occurs in the bytes, after a `<` or a `:` (an element name, maybe prefixed).
    fileprivate func contains(ascii text: StaticString) -> Bool {
        let needle = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard needle.count > 0, count > needle.count else { return false }
        for start in 1...(count - needle.count) where self[start - 1] == 0x3C || self[start - 1] == 0x3A {
            if UnsafeRawBufferPointer(rebasing: self[start..<(start + needle.count)]).elementsEqual(needle) {
                return true
            }
        }
        return false
    }
}
