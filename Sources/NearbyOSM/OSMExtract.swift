import Foundation

/// An OpenStreetMap extract: a `.osm.pbf` file, or OSM XML (`.osm`, `.osm.gz`, `.osm.bz2`),
/// recognised by its first bytes. Each ``read(into:options:)`` is one streaming pass that hands
/// the elements a pass asks for to a handler, in file order; memory is one block (PBF) or one
/// window and one element (XML), never the file.
///
/// The first PBF pass notes what each block holds, so later passes skip the blocks they do not
/// need without inflating them (the node-location pass of a place or network build reads only
/// the node blocks whose id range holds a node it needs). Not `Sendable`: one thread reads.
public final class OSMExtract {
    /// How an extract is stored.
    public enum Format: String, Sendable, Hashable {
        case pbf, xml, xmlGzip = "xml.gz", xmlBzip2 = "xml.bz2"
    }

    /// The format, from the file's first bytes.
    public let format: Format
    /// The header, once a pass has read it.
    public private(set) var header: OSMHeader?
    /// The newest element timestamp seen by a pass that read timestamps (seconds since 1970);
    /// used as the data's age when the header gives no replication timestamp.
    public private(set) var newestTimestamp: Int64?

    private let file: ExtractFile?
    private let memory: Data?
    private var frames: [PBFFrame]?

    /// Opens the regular file at `path` (a FIFO, device or folder is refused without blocking).
    public init(path: String) throws(OSMReadError) {
        let file = try ExtractFile(path: path)
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
        defer { head.deallocate() }
        let count = min(64, file.size)
        try file.read(into: UnsafeMutableRawBufferPointer(rebasing: head[0..<count]), at: 0)
        guard let format = Self.detect(UnsafeRawBufferPointer(rebasing: head[0..<count])) else {
            throw .unknownFormat
        }
        self.format = format
        self.file = file
        self.memory = nil
    }

    /// An extract held in memory (a mapped cache file, a test's or a fuzzer's bytes).
    public init(bytes: Data) throws(OSMReadError) {
        guard let format = bytes.withUnsafeBytes({ Self.detect(UnsafeRawBufferPointer(rebasing: $0.prefix(64))) })
        else { throw .unknownFormat }
        self.format = format
        self.file = nil
        self.memory = bytes
    }

    /// The format of an extract whose first bytes are `head`, or nil.
    static func detect(_ head: UnsafeRawBufferPointer) -> Format? {
        if head.count >= 2, head[0] == 0x1F, head[1] == 0x8B { return .xmlGzip }
        if head.count >= 3, head[0] == UInt8(ascii: "B"), head[1] == UInt8(ascii: "Z"), head[2] == UInt8(ascii: "h") {
            return .xmlBzip2
        }
        // PBF: a 4-byte big-endian BlobHeader length, then field 1 (type): "OSMHeader" (or
        // "OSMData", so that a file without its header is told so by the reader).
        if head.count >= 6, head[0] == 0, head[1] == 0, head[4] == 0x0A, head[5] == 9 || head[5] == 7,
            head.count >= 6 + Int(head[5])
        {
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: head[6..<(6 + Int(head[5]))]), as: UTF8.self)
            if type == "OSMHeader" || type == "OSMData" { return .pbf }
        }
        var i = 0
        if head.count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF { i = 3 }
        while i < head.count, XMLMarkup.isSpace(head[i]) { i += 1 }
        if i < head.count, head[i] == UInt8(ascii: "<") { return .xml }
        return nil
    }

    /// One pass over the extract: `handler` receives the header, then what `options` asks for.
    /// With `timestamps`, the newest element timestamp is noted too (only when the header has no
    /// replication timestamp, which then is the data's age).
    public func read<H: OSMHandler>(
        into handler: inout H, options: OSMReadOptions, timestamps: Bool = false
    ) throws(OSMReadError) {
        switch format {
        case .pbf: try readPBF(into: &handler, options: options, timestamps: timestamps)
        case .xml, .xmlGzip, .xmlBzip2: try readXML(into: &handler, options: options)
        }
    }

    private func readPBF<H: OSMHandler>(
        into handler: inout H, options: OSMReadOptions, timestamps: Bool
    ) throws(OSMReadError) {
        let known = frames
        if let file {
            var reader = PBFReader(source: FileFrames(file))
            defer { reader.release() }
            let result = try reader.read(
                options: options, handler: &handler, known: known, readsTimestamps: timestamps)
            note(result.header, frames: result.frames, known: known)
        } else if let memory {
            let result = try OSMReadError.typed {
                try memory.withUnsafeBytes { raw in
                    var reader = PBFReader(source: MemoryFrames(memory: raw))
                    defer { reader.release() }
                    return try reader.read(
                        options: options, handler: &handler, known: known, readsTimestamps: timestamps)
                }
            }
            note(result.header, frames: result.frames, known: known)
        }
    }

    private func note(_ header: OSMHeader, frames found: [PBFFrame], known: [PBFFrame]?) {
        self.header = header
        if known == nil {
            frames = found
            let newest = found.compactMap(\.summary.newestTimestamp).max()
            if let newest { newestTimestamp = max(newestTimestamp ?? .min, newest) }
        }
    }

    private func readXML<H: OSMHandler>(into handler: inout H, options: OSMReadOptions) throws(OSMReadError) {
        let compression: XMLChunks.Compression =
            switch format {
            case .xmlGzip: .gzip
            case .xmlBzip2: .bzip2
            default: .none
            }
        if let file {
            // Each pass reads from the start: a fresh descriptor position.
            let reopened = try ExtractFile(path: file.path)
            try readXML(XMLChunks(file: reopened, compression: compression), &handler, options)
        } else if let memory {
            try OSMReadError.typed {
                try memory.withUnsafeBytes { raw in
                    try readXML(XMLChunks(memory: raw, compression: compression), &handler, options)
                }
            }
        }
    }

    private func readXML<H: OSMHandler>(_ chunks: XMLChunks, _ handler: inout H, _ options: OSMReadOptions)
        throws(OSMReadError)
    {
        var reader = OSMXMLReader(chunks: chunks)
        defer { reader.release() }
        header = try reader.read(options: options, handler: &handler)
        if let newest = reader.element.newestTimestamp { newestTimestamp = max(newestTimestamp ?? .min, newest) }
    }
}
