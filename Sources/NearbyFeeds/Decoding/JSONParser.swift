import Foundation

/// A fast, tolerant JSON parser working on raw bytes.
///
/// It strips a UTF-8 byte order mark, decodes every string escape (including surrogate pairs),
/// keeps object members in source order, and reports errors with line and column. Tolerances,
/// because open-data feeds are not always strict: raw control characters inside strings are
/// kept, a trailing comma before `]` or `}` is accepted, invalid UTF-8 and unpaired surrogate
/// escapes become U+FFFD.
struct JSONParser: Sendable {
    /// Deepest nesting accepted before the parser refuses the input.
    static let maximumDepth = 512

    /// Parses `data` as one JSON value.
    static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw) }
        }
        return try result.get()
    }

    /// Parses `bytes` as one JSON value.
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw) }
        }
        return try result.get()
    }

    /// Parses the bytes in `buffer` as one JSON value.
    static func parse(_ buffer: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var bytes = buffer.assumingMemoryBound(to: UInt8.self)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(
                start: bytes.baseAddress.map { $0 + 3 }, count: bytes.count - 3)
        }
        var reader = JSONByteReader(bytes)
        return try reader.parseDocument()
    }
}

/// The cursor that does the work of ``JSONParser``.
struct JSONByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    var scratch: [UInt8] = []
    /// Reusable per-depth buffers, so each array or object is allocated once at its final size.
    var elementStacks: [[JSONValue]] = []
    var memberStacks: [[JSONMember]] = []
    /// For ``JSONRecordWalker``: build each record, or only check it.
    var buildsRecords = true
    /// For ``JSONRecordWalker``: hand flat records on in place (``JSONFlatRecord``).
    var flatRecords = false
    /// For ``JSONRecordWalker``: the members of the current flat record (reused).
    /// Made on the first flat record (a reader that never walks records allocates nothing).
    var flatMembers: RecordScratch<JSONFlatRecord.Member>?
    /// For ``JSONRecordWalker``: gives the input's pages back as records are passed.
    var readBehind: ReadBehind?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhiteSpace()
        guard position < bytes.count else { throw error(.empty) }
        let value = try parseValue()
        skipWhiteSpace()
        guard position == bytes.count else { throw error(.trailingContent) }
        return value
    }

    @inline(__always)
    mutating func skipWhiteSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw unexpected(expected: "a value")
        }
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for offset in 0..<count {
            guard position < bytes.count else { throw error(.unexpectedEnd) }
            guard bytes[position] == start[offset] else { throw unexpected(expected: "\(word)") }
            position += 1
        }
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw error(.tooDeep(JSONParser.maximumDepth)) }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        position += 1
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array([])
        }
        let level = depth - 1
        while elementStacks.count <= level { elementStacks.append([]) }
        elementStacks[level].removeAll(keepingCapacity: true)
        while true {
            skipWhiteSpace()
            let element = try parseValue()
            elementStacks[level].append(element)
            if try finishItem(closer: UInt8(ascii: "]"), expected: "',' or ']' after an array element") { break }
        }
        depth -= 1
        return .array(Self.exactCopy(elementStacks[level]))
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        position += 1
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject())
        }
        let level = depth - 1
        while memberStacks.count <= level { memberStacks.append([]) }
        memberStacks[level].removeAll(keepingCapacity: true)
        while true {
            let key = try memberName()
            let value = try parseValue()
            memberStacks[level].append(JSONMember(key: key, value: value))
            if try finishItem(closer: UInt8(ascii: "}"), expected: "',' or '}' after an object member") { break }
        }
        depth -= 1
        return .object(JSONObject(Self.exactCopy(memberStacks[level])))
    }

    /// After an array element or object member: consumes the ',' that continues the container
    /// (a trailing comma before `closer` is tolerated) or `closer` itself; true when it closed.
    @inline(__always)
    mutating func finishItem(closer: UInt8, expected: String) throws(JSONParseError) -> Bool {
        skipWhiteSpace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        let byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: ",") {
            skipWhiteSpace()
            if position < bytes.count, bytes[position] == closer {
                position += 1
                return true
            }
            return false
        }
        if byte == closer { return true }
        position -= 1
        throw unexpected(expected: expected)
    }

    /// A fresh array holding `source`'s elements with no spare capacity.
    static func exactCopy<Element>(_ source: [Element]) -> [Element] {
        [Element](unsafeUninitializedCapacity: source.count) { buffer, count in
            source.withUnsafeBufferPointer { from in
                guard let target = buffer.baseAddress, let origin = from.baseAddress else { return }
                target.initialize(from: origin, count: from.count)
            }
            count = source.count
        }
    }

    // MARK: errors

    func error(_ reason: JSONParseError.Reason, at offset: Int? = nil) -> JSONParseError {
        let stop = min(offset ?? position, bytes.count)
        var line = 1
        var column = 1
        for index in 0..<stop {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(reason: reason, line: line, column: column, offset: stop)
    }

    func unexpected(expected: String) -> JSONParseError {
        guard position < bytes.count else { return error(.unexpectedEnd) }
        let byte = bytes[position]
        let found: String
        if byte >= 0x21, byte < 0x7F {
            found = "'\(Character(Unicode.Scalar(byte)))'"
        } else {
            found = "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
        return error(.unexpectedCharacter(found, expected: expected))
    }
}
