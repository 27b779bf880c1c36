/// Reads OSM XML (`<osm>` with `<bounds>`, `<node>`, `<way>`, `<relation>` and their `<tag>`,
/// `<nd>` and `<member>` children) as a stream, handing each element over when its end tag is
/// read. Memory is one window of the file plus one element; every bound is checked.
///
/// Deleted elements of editor files (`action="delete"`, `visible="false"`) are skipped. Unknown
/// elements (`<changeset>`, `<note>`, `<meta>`…) are ignored, as are comments, processing
/// instructions and a DOCTYPE (whose entities are not expanded).
struct OSMXMLReader {
    /// The longest piece of markup read (a tag with its attributes).
    static let maxMarkup = 1 << 20
    /// The most tags, way nodes and relation members one element may have.
    static let maxTags = 5_000
    static let maxWayNodes = 100_000
    static let maxMembers = 100_000

    private let chunks: XMLChunks
    private var window: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var markup = XMLMarkup(maxMarkup: OSMXMLReader.maxMarkup)
    var element = XMLElementBuilder()

    init(chunks: XMLChunks) {
        self.chunks = chunks
        window = .allocate(byteCount: Self.maxMarkup + XMLChunks.chunkSize, alignment: 16)
    }

    mutating func release() {
        window.deallocate()
        markup.release()
    }

    /// Reads the whole stream into `handler`; returns the header.
    mutating func read<H: OSMHandler>(options: OSMReadOptions, handler: inout H) throws(OSMReadError) -> OSMHeader {
        var header = OSMHeader()
        var sawRoot = false
        var headerSent = false
        while let range = try nextMarkup() {
            if range.isEmpty { continue }
            try markup.parse(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(window)[range]))
            switch markup.kind {
            case .other: continue
            case .start:
                let name = OSMText(markup.name)
                if !sawRoot {
                    guard name.equals(Self.osm) else { throw .unknownFormat }
                    sawRoot = true
                    header.generator = markup.value("generator").map { OSMText($0).string }
                    header.replicationTimestamp = markup.value("timestamp").flatMap(XMLValues.timestamp)
                    continue
                }
                if name.equals(Self.bounds) {
                    header.bounds = XMLValues.bounds(markup)
                    continue
                }
                if element.isOpen || element.begins(markup) {
                    if !headerSent {
                        headerSent = true
                        try handler.header(header)
                    }
                    try element.take(markup, options: options, handler: &handler)
                }
            case .end:
                if element.isOpen { try element.end(markup, options: options, handler: &handler) }
            }
        }
        guard sawRoot else { throw .unknownFormat }
        guard !element.isOpen else { throw .malformed("the file ends inside an element") }
        if !headerSent { try handler.header(header) }
        return header
    }

    private static let osm: [UInt8] = Array("osm".utf8)
    private static let bounds: [UInt8] = Array("bounds".utf8)

    /// The window range of the next markup (`<` through `>`), or nil at the end of the stream.
    private mutating func nextMarkup() throws(OSMReadError) -> Range<Int>? {
        // Text between markup is skipped.
        while true {
            if let open = find(UInt8(ascii: "<"), from: start) {
                start = open
                break
            }
            start = end
            guard try refill() else { return nil }
        }
        var cursor = 1
        var quote: UInt8 = 0
        var special: UInt8 = 0  // '!' comment/doctype/CDATA, '?' processing instruction
        while true {
            while start + cursor >= end {
                guard try refill() else { throw .malformed("the file ends inside a tag") }
            }
            if cursor > Self.maxMarkup {
                throw .overLimit("a piece of XML markup is longer than \(Self.maxMarkup) bytes")
            }
            let byte = window[start + cursor]
            if cursor == 1, byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") { special = byte }
            if special == UInt8(ascii: "!"), cursor == 3, window[start + 2] == UInt8(ascii: "-"),
                byte == UInt8(ascii: "-")
            {
                return try skipUntil("-->")
            }
            if special == UInt8(ascii: "!"), cursor == 2, byte == UInt8(ascii: "[") {
                return try skipUntil("]]>")
            }
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                let range = start..<(start + cursor + 1)
                start += cursor + 1
                return range
            }
            cursor += 1
        }
    }

    /// Skips from the current `<` past `terminator`; returns an empty range (nothing to parse).
    private mutating func skipUntil(_ terminator: StaticString) throws(OSMReadError) -> Range<Int> {
        let last = terminator.utf8Start[terminator.utf8CodeUnitCount - 1]
        let length = terminator.utf8CodeUnitCount
        var cursor = 4
        while true {
            while start + cursor >= end {
                // Comments may be long; drop what has been passed (keeping the terminator's tail).
                if cursor > 64 {
                    start += cursor - 3
                    cursor = 3
                }
                guard try refill() else { throw .malformed("the file ends inside a comment or CDATA") }
            }
            if window[start + cursor] == last, cursor >= length - 1 {
                var matches = true
                for k in 0..<length where window[start + cursor - (length - 1) + k] != terminator.utf8Start[k] {
                    matches = false
                }
                if matches {
                    start += cursor + 1
                    return start..<start
                }
            }
            cursor += 1
        }
    }

    private func find(_ byte: UInt8, from offset: Int) -> Int? {
        guard offset < end, let base = window.baseAddress else { return nil }
        guard let found = memchr(base + offset, Int32(byte), end - offset) else { return nil }
        return base.distance(to: found)
    }

    /// Moves the unread bytes to the front and reads more; false at the end of the stream.
    private mutating func refill() throws(OSMReadError) -> Bool {
        guard !atEnd, let base = window.baseAddress else { return false }
        if start > 0 {
            let count = end - start
            if count > 0 { memmove(base, base + start, count) }
            end = count
            start = 0
        }
        guard end < window.count else { return false }
        let count = try chunks.read(into: UnsafeMutableRawBufferPointer(rebasing: window[end...]))
        if count == 0 {
            atEnd = true
            return false
        }
        end += count
        return true
    }
}

#if canImport(Glibc)
    import Glibc
#endif
