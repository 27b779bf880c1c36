/// One walk through a file and everything nested in it, keeping the running total of inflated
/// bytes that ``ContainerLimits/totalBytes`` bounds.
struct ContainerWalk {
    let limits: ContainerLimits
    private(set) var inflated = 0
    /// Set when the total is exceeded: the rest of the walk yields nothing more.
    private(set) var exhausted = false

    init(limits: ContainerLimits) { self.limits = limits }

    /// Sniffs `bytes` and yields what they hold.
    mutating func handle<E: Error>(
        _ bytes: SourceBytes, at location: Location, _ visit: (ContainerItem) throws(E) -> Void
    )
        throws(E)
    {
        let kind = bytes.withUnsafeBytes { ContentKind.detect(UnsafeRawBufferPointer(rebasing: $0.prefix(4100))) }
        switch kind {
        case .xml where location.depth > 0 && !location.looksLikeActivity && !bytes.mentionsTrackRoot:
            // An archive's other XML (an HTML page, a KML, a settings file) is not a failed track.
            try visit(.ignored(path: location.displayPath, reason: .notActivity))
        case .fit, .xml:
            let source = ActivitySource(
                displayPath: location.displayPath, fileName: location.fileName, bytes: bytes,
                format: kind == .fit ? .fit : .xml, metadata: location.metadata, catalogue: location.catalogue)
            try visit(.source(source))
        case .gzip where !location.insideGzip:
            let result = gunzip(bytes, path: location.displayPath)
            switch result {
            case .success(let inner):
                var next = location
                next.insideGzip = true
                try handle(SourceBytes(inner), at: next, visit)
            case .failure(let error):
                try visit(.failed(error))
            }
        case .zip:
            guard location.depth < limits.depth else {
                try visit(.failed(.nestedTooDeep(path: location.displayPath, limit: limits.depth)))
                return
            }
            try zipArchive(bytes, at: location, visit)
        case .gzip, .unknown:
            if location.depth == 0 {
                try visit(.failed(.unknownContent(path: location.displayPath)))
            } else if location.looksLikeActivity {
                try visit(.failed(.notActivity(path: location.displayPath)))
            } else {
                try visit(.ignored(path: location.displayPath, reason: .notActivity))
            }
        }
    }

    /// Inflates a gzip file within the member limit and what is left of the total.
    private mutating func gunzip(_ bytes: SourceBytes, path: String) -> Result<[UInt8], ContainerError> {
        let remaining = limits.totalBytes - inflated
        let limit = min(limits.memberBytes, remaining)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ContainerError) -> [UInt8] in try Inflate.gzip(raw, limit: limit, path: path) }
        }
        switch result {
        case .success(let inner):
            inflated += inner.count
            return .success(inner)
        case .failure(.inflatesTooLarge) where limit < limits.memberBytes:
            exhausted = true
            return .failure(.archiveTooLarge(path: path, limit: limits.totalBytes))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// The bytes of one zip member: a slice (in memory) or one read (from a file) when stored,
    /// inflated when deflated. Nothing larger than ``ContainerLimits/memberBytes`` is read.
    mutating func extract(_ entry: ZipEntry, from archive: some ZipArchive, path: String) -> Result<
        SourceBytes, ContainerError
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
            return .success(stored)
        case 8:
            // Deflate never makes data much larger, so compressed data beyond the member limit
            // could only inflate past it too.
            guard entry.uncompressedSize <= limits.memberBytes, entry.data.count <= limits.memberBytes else {
                return .failure(.inflatesTooLarge(path: path, limit: limits.memberBytes))
            }
            guard entry.uncompressedSize <= limits.totalBytes - inflated else {
                exhausted = true
                return .failure(.archiveTooLarge(path: path, limit: limits.totalBytes))
            }
            guard let compressed = archive.data(entry.data) else { return .failure(truncated) }
            let result = compressed.withUnsafeBytes { raw in
                Result { () throws(ContainerError) -> [UInt8] in
                    try Inflate.raw(raw, size: entry.uncompressedSize, crc: entry.crc, path: path)
                }
            }
            return result.map { inner in
                inflated += inner.count
                return SourceBytes(inner)
            }
        default:
            return .failure(.memberMethod(path: path, method: entry.method))
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
