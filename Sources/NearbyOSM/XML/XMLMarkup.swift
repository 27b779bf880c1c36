/// One piece of markup of an OSM XML file, parsed in place: a start tag with its attributes (an
/// empty-element tag is a start tag that is also ``isEmpty``), or an end tag. Values that hold
/// entity or character references are decoded into a scratch buffer; the rest point into the
/// reader's window. Everything is valid until the reader moves on.
struct XMLMarkup {
    enum Kind { case start, end, other }

    /// An attribute: its name and its (decoded) value.
    struct Attribute {
        var name: UnsafeRawBufferPointer
        var value: UnsafeRawBufferPointer
    }

    var kind: Kind = .other
    var name = UnsafeRawBufferPointer(start: nil, count: 0)
    var isEmpty = false
    var attributes: [Attribute] = []
    /// Decoded values (entities replaced); reserved large enough never to move while in use.
    private var decoded: UnsafeMutableRawBufferPointer
    private var decodedCount = 0

    init(maxMarkup: Int) {
        decoded = .allocate(byteCount: maxMarkup + 8, alignment: 8)
    }

    mutating func release() {
        decoded.deallocate()
        decoded = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    /// The value of the attribute named `name`, or nil.
    func value(_ name: StaticString) -> UnsafeRawBufferPointer? {
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for attribute in attributes where OSMText(attribute.name).equals(wanted) { return attribute.value }
        return nil
    }

    /// Parses the markup `bytes` (from `<` through `>`).
    mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(OSMReadError) {
        attributes.removeAll(keepingCapacity: true)
        decodedCount = 0
        isEmpty = false
        let count = bytes.count
        guard count >= 2 else { throw .malformed("an XML tag is cut short") }
        var i = 1
        if bytes[1] == UInt8(ascii: "?") || bytes[1] == UInt8(ascii: "!") {
            kind = .other
            return
        }
        kind = .start
        if bytes[1] == UInt8(ascii: "/") {
            kind = .end
            i = 2
        }
        let nameStart = i
        while i < count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") {
            i += 1
        }
        name = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<i])
        guard !name.isEmpty else { throw .malformed("an XML tag has no name") }
        while true {
            while i < count, Self.isSpace(bytes[i]) { i += 1 }
            guard i < count else { throw .malformed("an XML tag is not closed") }
            let byte = bytes[i]
            if byte == UInt8(ascii: ">") { return }
            if byte == UInt8(ascii: "/") {
                guard i + 1 < count, bytes[i + 1] == UInt8(ascii: ">"), kind == .start else {
                    throw .malformed("an XML tag has a stray '/'")
                }
                isEmpty = true
                return
            }
            guard kind == .start else { throw .malformed("an XML end tag has attributes") }
            let attributeStart = i
            while i < count, bytes[i] != UInt8(ascii: "="), !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") {
                i += 1
            }
            let attributeName = UnsafeRawBufferPointer(rebasing: bytes[attributeStart..<i])
            while i < count, Self.isSpace(bytes[i]) { i += 1 }
            guard i < count, bytes[i] == UInt8(ascii: "="), !attributeName.isEmpty else {
                throw .malformed("an XML attribute has no value")
            }
            i += 1
            while i < count, Self.isSpace(bytes[i]) { i += 1 }
            guard i < count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw .malformed("an XML attribute value is not quoted")
            }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            var hasReference = false
            while i < count, bytes[i] != quote {
                if bytes[i] == UInt8(ascii: "&") { hasReference = true }
                if bytes[i] == UInt8(ascii: "<") { throw .malformed("an XML attribute value holds '<'") }
                i += 1
            }
            guard i < count else { throw .malformed("an XML attribute value is not closed") }
            let raw = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<i])
            i += 1
            let value = hasReference ? try decode(raw) : raw
            attributes.append(Attribute(name: attributeName, value: value))
        }
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// `raw` with its entity and character references replaced, in the scratch buffer.
    private mutating func decode(_ raw: UnsafeRawBufferPointer) throws(OSMReadError) -> UnsafeRawBufferPointer {
        let start = decodedCount
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "&") else {
                put(byte)
                i += 1
                continue
            }
            var end = i + 1
            while end < raw.count, raw[end] != UInt8(ascii: ";"), end - i < 12 { end += 1 }
            guard end < raw.count, raw[end] == UInt8(ascii: ";") else {
                throw .malformed("an XML attribute holds a '&' that starts no reference")
            }
            let entity = UnsafeRawBufferPointer(rebasing: raw[(i + 1)..<end])
            try putReference(entity)
            i = end + 1
        }
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(decoded)[start..<decodedCount])
    }

    /// Decoding only shrinks text, so the scratch buffer (as large as the largest markup) holds it.
    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        decoded[decodedCount] = byte
        decodedCount += 1
    }

    private mutating func putReference(_ entity: UnsafeRawBufferPointer) throws(OSMReadError) {
        let text = String(decoding: entity, as: UTF8.self)
        switch text {
        case "amp": put(UInt8(ascii: "&"))
        case "lt": put(UInt8(ascii: "<"))
        case "gt": put(UInt8(ascii: ">"))
        case "quot": put(UInt8(ascii: "\""))
        case "apos": put(UInt8(ascii: "'"))
        default:
            var digits = Substring(text)
            guard digits.first == "#" else {
                throw .malformed("an XML attribute holds the unknown entity &\(text.prefix(12));")
            }
            digits = digits.dropFirst()
            let radix = digits.first == "x" || digits.first == "X" ? 16 : 10
            if radix == 16 { digits = digits.dropFirst() }
            guard !digits.isEmpty, let code = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(code),
                code == 0x9 || code == 0xA || code == 0xD || code >= 0x20
            else {
                throw .malformed(
                    "an XML attribute holds the character reference &\(text.prefix(12)); of no allowed character")
            }
            for byte in String(Character(scalar)).utf8 { put(byte) }
        }
    }
}
