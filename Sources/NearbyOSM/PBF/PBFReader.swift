/// Reads an OSM PBF file frame by frame: a 4-byte big-endian length, a `BlobHeader`, then the
/// `Blob` it announces. The first frame must be the `OSMHeader`; every later `OSMData` blob is a
/// `PrimitiveBlock`. Frames of other types are skipped, as the format asks.
///
/// The first pass notes what each block holds (``BlockSummary``) so a later pass that wants
/// only some kinds skips the other blocks without inflating them.
struct PBFReader<Source: FrameSource> {
    /// The largest `BlobHeader` the format allows.
    static var maxHeaderSize: Int { 64 << 10 }
    /// The largest `Blob` the format allows.
    static var maxBlobSize: Int { 32 << 20 }

    var source: Source
    private var inflater = BlobInflater()
    private var decoder = PrimitiveBlockDecoder()

    init(source: Source) {
        self.source = source
    }

    /// Releases the buffers.
    mutating func release() { inflater.release() }

    /// The header and every data frame, read in one pass that hands `handler` what `options`
    /// asks for. With `frames` from an earlier pass, blocks that matter to neither are skipped.
    mutating func read<H: OSMHandler>(
        options: OSMReadOptions, handler: inout H, known frames: [PBFFrame]?, readsTimestamps: Bool
    ) throws(OSMReadError) -> (header: OSMHeader, frames: [PBFFrame]) {
        decoder.readsTimestamps = readsTimestamps
        var offset = 0
        var header: OSMHeader?
        var found: [PBFFrame] = []
        if let frames {
            // Only the header is read again; data frames come from the index.
            let first = try nextFrame(at: &offset)
            guard first.type == "OSMHeader" else { throw .malformed("the file does not start with an OSMHeader") }
            let decoded = try HeaderBlockDecoder.decode(try inflater.block(first.blob))
            try handler.header(decoded)
            for frame in frames where frame.summary.matters(to: options, nodeRange: handler.wantsNodes) {
                let blob = try source.bytes(at: frame.blobOffset, count: frame.blobSize)
                _ = try decoder.decode(try inflater.block(blob), options: options, handler: &handler)
            }
            return (decoded, frames)
        }
        while offset < source.size {
            let frame = try nextFrame(at: &offset)
            if header == nil {
                guard frame.type == "OSMHeader" else {
                    throw .malformed(
                        "the file does not start with an OSMHeader (its first frame is \(frame.type.debugDescription))")
                }
                let decoded = try HeaderBlockDecoder.decode(try inflater.block(frame.blob))
                header = decoded
                try handler.header(decoded)
                continue
            }
            guard frame.type == "OSMData" else { continue }
            let summary = try decoder.decode(try inflater.block(frame.blob), options: options, handler: &handler)
            found.append(PBFFrame(blobOffset: frame.blobOffset, blobSize: frame.blob.count, summary: summary))
        }
        guard let header else { throw .malformed("the file holds no OSMHeader") }
        return (header, found)
    }

    /// The frame at `offset` (advanced past it): its type and blob bytes.
    private mutating func nextFrame(at offset: inout Int) throws(OSMReadError)
        -> (type: String, blob: UnsafeRawBufferPointer, blobOffset: Int)
    {
        let lengthBytes = try source.bytes(at: offset, count: 4)
        let length = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        guard length <= Self.maxHeaderSize else {
            throw .tooLarge(what: "a blob header", size: length, limit: Self.maxHeaderSize)
        }
        offset += 4
        let headerBytes = try source.bytes(at: offset, count: length)
        offset += length
        var reader = ProtoReader(headerBytes)
        var type: String?
        var dataSize: Int64?
        while let key = try reader.nextKey() {
            switch key.field {
            case 1:
                try ProtoReader.require(key, 2, "a blob header's type")
                type = reader.string(try reader.lengthDelimited())
            case 3: dataSize = try reader.int64()
            default: try reader.skip(key.wireType)
            }
        }
        guard let type else { throw .malformed("a blob header has no type") }
        guard let dataSize else { throw .malformed("a blob header has no data size") }
        guard (0...Int64(Self.maxBlobSize)).contains(dataSize) else {
            throw .tooLarge(what: "a blob", size: Int(clamping: dataSize), limit: Self.maxBlobSize)
        }
        let size = Int(dataSize)
        guard size <= source.size - offset else { throw .malformed("the file ends inside a blob") }
        let blobOffset = offset
        let blob = try source.bytes(at: offset, count: size)
        offset += size
        return (type, blob, blobOffset)
    }
}

/// One data frame of a PBF file: where its blob is, and what the first pass found in it.
struct PBFFrame: Sendable, Hashable {
    var blobOffset: Int
    var blobSize: Int
    var summary: BlockSummary
}
