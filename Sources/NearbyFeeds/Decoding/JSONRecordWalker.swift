/// Streaming access to the records of a JSON page: no tree of the whole document is built.
///
/// The walker follows the records path and the total path through the document, skips (while
/// fully checking) everything else, and hands each record of the records array to its caller
/// as a small tree of its own, which the caller drops before the next one. The whole input is
/// still checked to the last byte, with the same errors, lines and columns as ``JSONParser``.
struct JSONRecordWalker {
    /// What the walk found.
    struct Outcome {
        /// True when the records path names an array.
        var foundRecords = false
        /// Records seen in that array.
        var records = 0
        /// The value at the total path, if any.
        var total: JSONValue?
        /// True when the records path reaches through an array by a member name
        /// (`"items.list"` on an array of items): only the whole tree can answer that.
        var needsTree = false
    }

    let records: [String]
    let total: [String]?

    /// One record as the walker hands it on: a flat object seen in place, or a tree.
    enum Record {
        case flat(JSONFlatRecord)
        case tree(JSONValue)
    }

    /// Walks `bytes` (a BOM is skipped); with `build`, `record` is called with each record in
    /// order, else the records are only checked and counted. With `releasingBehind`, the pages
    /// of a mapped input are handed back to the system as records are passed (``ReadBehind``).
    func walk(
        _ buffer: UnsafeRawBufferPointer, build: Bool = true, releasingBehind: Bool = false,
        record: (JSONValue) -> Void = { _ in }
    ) throws(JSONParseError) -> Outcome {
        try walk(buffer, build: build, flat: false, releasingBehind: releasingBehind) { found in
            if case .tree(let value) = found { record(value) }
        }
    }

    /// As ``walk(_:build:releasingBehind:record:)``; with `flat`, each record that is an object
    /// of scalars (the common case) is handed on in place (``JSONFlatRecord``), with no tree.
    func walk(
        _ buffer: UnsafeRawBufferPointer, build: Bool = true, flat: Bool,
        releasingBehind: Bool = false, record: (JSONRecordWalker.Record) -> Void
    ) throws(JSONParseError) -> Outcome {
        var bytes = buffer.assumingMemoryBound(to: UInt8.self)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(
                start: bytes.baseAddress.map { $0 + 3 }, count: bytes.count - 3)
        }
        var reader = JSONByteReader(bytes)
        var outcome = Outcome()
        reader.skipWhiteSpace()
        guard reader.position < bytes.count else { throw reader.error(.empty) }
        reader.buildsRecords = build
        reader.flatRecords = flat
        if releasingBehind { reader.readBehind = ReadBehind(bytes.baseAddress.map { UnsafeRawPointer($0) }) }
        try reader.walkValue(
            records: records[...], total: total?[...], outcome: &outcome, record: record)
        reader.skipWhiteSpace()
        guard reader.position == bytes.count else { throw reader.error(.trailingContent) }
        return outcome
    }
}

extension JSONByteReader {
    /// Walks one value; `records` and `total` are what is left of each path below this value
    /// (nil when this value is not on that path).
    mutating func walkValue(
        records: ArraySlice<String>?, total: ArraySlice<String>?,
        outcome: inout JSONRecordWalker.Outcome, record: (JSONRecordWalker.Record) -> Void
    ) throws(JSONParseError) {
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        let opener = bytes[position]
        if let records, records.isEmpty {
            if opener == UInt8(ascii: "[") {
                outcome.foundRecords = true
                try walkRecords(outcome: &outcome, record: record)
            } else {
                try skipValue()
            }
            return
        }
        if let total, total.isEmpty {
            outcome.total = try parseValue()
            return
        }
        guard records != nil || total != nil else { return try skipValue() }
        switch opener {
        case UInt8(ascii: "{"):
            try walkObject(records: records, total: total, outcome: &outcome, record: record)
        case UInt8(ascii: "["):
            try walkArray(records: records, total: total, outcome: &outcome, record: record)
        default:
            try skipValue()
        }
    }

    private mutating func walkRecords(
        outcome: inout JSONRecordWalker.Outcome, record: (JSONRecordWalker.Record) -> Void
    ) throws(JSONParseError) {
        try enter()
        position += 1
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhiteSpace()
            if flatRecords, position < bytes.count, bytes[position] == UInt8(ascii: "{"),
                try scanFlatRecord()
            {
                let members = flatMembers?.elements ?? UnsafeBufferPointer(start: nil, count: 0)
                record(.flat(JSONFlatRecord(page: bytes, members: members)))
            } else if buildsRecords {
                record(.tree(try parseValue()))
            } else {
                try skipValue()
            }
            outcome.records += 1
            readBehind?.passed(position)
            if try finishItem(closer: UInt8(ascii: "]"), expected: "',' or ']' after an array element") {
                break
            }
        }
        depth -= 1
    }

    private mutating func walkObject(
        records: ArraySlice<String>?, total: ArraySlice<String>?,
        outcome: inout JSONRecordWalker.Outcome, record: (JSONRecordWalker.Record) -> Void
    ) throws(JSONParseError) {
        try enter()
        position += 1
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        // Lookups take the first member of a name, as ``JSONObject`` does.
        var recordsTaken = false
        var totalTaken = false
        while true {
            let key = try memberName()
            var nextRecords: ArraySlice<String>?
            if !recordsTaken, let records, records.first == key {
                recordsTaken = true
                nextRecords = records.dropFirst()
            }
            var nextTotal: ArraySlice<String>?
            if !totalTaken, let total, total.first == key {
                totalTaken = true
                nextTotal = total.dropFirst()
            }
            try walkValue(records: nextRecords, total: nextTotal, outcome: &outcome, record: record)
            if try finishItem(closer: UInt8(ascii: "}"), expected: "',' or '}' after an object member") {
                break
            }
        }
        depth -= 1
    }

    private mutating func walkArray(
        records: ArraySlice<String>?, total: ArraySlice<String>?,
        outcome: inout JSONRecordWalker.Outcome, record: (JSONRecordWalker.Record) -> Void
    ) throws(JSONParseError) {
        let recordsIndex = records.flatMap { $0.first.flatMap { Int($0) } }
        if records != nil, recordsIndex == nil { outcome.needsTree = true }
        let totalIndex = total.flatMap { $0.first.flatMap { Int($0) } }
        try enter()
        position += 1
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            skipWhiteSpace()
            try walkValue(
                records: index == recordsIndex ? records?.dropFirst() : nil,
                total: index == totalIndex ? total?.dropFirst() : nil, outcome: &outcome,
                record: record)
            index += 1
            if try finishItem(closer: UInt8(ascii: "]"), expected: "',' or ']' after an array element") {
                break
            }
        }
        depth -= 1
    }

    /// Checks one value and moves past it without building it.
    mutating func skipValue() throws(JSONParseError) {
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[position] {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: throw unexpected(expected: "a value")
        }
    }

    private mutating func skipContainer() throws(JSONParseError) {
        let isObject = bytes[position] == UInt8(ascii: "{")
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        try enter()
        position += 1
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == closer {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhiteSpace()
            if isObject {
                guard position < bytes.count else { throw error(.unexpectedEnd) }
                guard bytes[position] == UInt8(ascii: "\"") else {
                    throw unexpected(expected: "a member name in double quotes")
                }
                try skipString()
                skipWhiteSpace()
                guard position < bytes.count else { throw error(.unexpectedEnd) }
                guard bytes[position] == UInt8(ascii: ":") else {
                    throw unexpected(expected: "':' after a member name")
                }
                position += 1
                skipWhiteSpace()
            }
            try skipValue()
            let done =
                isObject
                ? try finishItem(closer: closer, expected: "',' or '}' after an object member")
                : try finishItem(closer: closer, expected: "',' or ']' after an array element")
            if done { break }
        }
        depth -= 1
    }

    /// Moves past a string, checking its escapes; `position` is at the opening quote.
    private mutating func skipString() throws(JSONParseError) {
        _ = try scanString()
    }
}
