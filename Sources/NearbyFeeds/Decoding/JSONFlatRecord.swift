#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON record whose members are all scalars, seen in place: each member is a byte range of
/// the page (its key, its value) plus what the value is, so reading a field builds no tree and,
/// unless the value must be unescaped or normalised, no `String`.
///
/// ``JSONByteReader/scanFlatRecord(into:)`` fills one from the page; it is valid only while
/// that page is (during the walker's callback).
struct JSONFlatRecord {
    /// What a member's value is.
    enum Kind: UInt8 {
        case string, escapedString, number, bool, null
    }

    /// One member: the key's bytes (between the quotes, never escaped), the value's bytes
    /// (a string's between its quotes), and a number's value.
    struct Member {
        var keyStart: Int
        var keyEnd: Int
        var valueStart: Int
        var valueEnd: Int
        var kind: Kind
        var number: Double
    }

    /// The page the ranges point into.
    let page: UnsafeBufferPointer<UInt8>
    /// The members in source order (a reused buffer of the walker).
    let members: UnsafeBufferPointer<Member>

    /// The first member whose key is `key` (lookups take the first, as ``JSONObject`` does).
    func member(_ key: String) -> Member? {
        var key = key
        return key.withUTF8 { wanted -> Member? in
            for member in members where member.keyEnd - member.keyStart == wanted.count {
                if wanted.isEmpty { return member }
                guard let base = page.baseAddress, let other = wanted.baseAddress else { continue }
                if ShortBytes.equal(base + member.keyStart, other, count: wanted.count) { return member }
            }
            return nil
        }
    }

    /// The member a one-segment path names; nil for any other path (a scalar has no members).
    func member(at path: FieldPath) -> Member? {
        guard path.segments.count == 1 else { return nil }
        return member(path.segments[0])
    }

    /// True when `path` names a member (even a null or empty one); the empty path names the
    /// record itself.
    func has(_ path: FieldPath) -> Bool {
        path.segments.isEmpty || member(at: path) != nil
    }

    /// The member's key bytes.
    func key(_ member: Member) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: page[member.keyStart..<member.keyEnd])
    }

    /// The member's value bytes as they are in the page (a string's without its quotes).
    func raw(_ member: Member) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: page[member.valueStart..<member.valueEnd])
    }

    /// The value as ``JSONValue/scalarText`` would give it, unnormalised: nil for null.
    /// `inPlace` is true when those are exactly the value's bytes in the page.
    func scalarText(_ member: Member) -> (text: String?, inPlace: Bool) {
        switch member.kind {
        case .null:
            return (nil, false)
        case .string, .bool:
            return (nil, true)
        case .number:
            if Self.printsAsWritten(raw(member)) { return (nil, true) }
            return (JSONValue.format(member.number), false)
        case .escapedString:
            var reader = JSONByteReader(page)
            reader.position = member.valueStart - 1
            // The walker checked this string already: it cannot fail now.
            return ((try? reader.parseString()) ?? "", false)
        }
    }

    /// The value as `.json` of the tree gives it: ``JSONValue/scalarText``, normalised.
    func normalizedText(_ member: Member) -> String? {
        let (text, inPlace) = scalarText(member)
        return (inPlace ? String(decoding: raw(member), as: UTF8.self) : text)?.normalizedFeedValue()
    }

    /// True when a number's JSON text is what ``JSONValue/format(_:)`` prints for it: a plain
    /// integer of at most 15 digits, without a leading zero or a negative zero.
    static func printsAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let first = digits.first, digits.count <= 15 else { return false }
        if first == UInt8(ascii: "0") { return digits.count == 1 && bytes.count == 1 }
        return digits.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }
}

extension JSONByteReader {
    /// Scans the object at `position` as a flat record into ``flatMembers``; true when every member
    /// is a scalar and no key is escaped (then `position` is past the object). False, with
    /// `position` and `depth` back where they were, when the record needs a tree. Errors are
    /// those of ``parseValue()`` on the same bytes, at the same places.
    mutating func scanFlatRecord() throws(JSONParseError) -> Bool {
        let members: RecordScratch<JSONFlatRecord.Member>
        if let existing = flatMembers {
            members = existing
            members.removeAll()
        } else {
            members = RecordScratch()
            flatMembers = members
        }
        let start = position
        let startDepth = depth
        try enter()
        position += 1
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return true
        }
        while true {
            skipWhiteSpace()
            guard position < bytes.count else { throw error(.unexpectedEnd) }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw unexpected(expected: "a member name in double quotes")
            }
            let keyStart = position + 1
            guard try !scanString() else { break }
            let keyEnd = position - 1
            skipWhiteSpace()
            guard position < bytes.count else { throw error(.unexpectedEnd) }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw unexpected(expected: "':' after a member name")
            }
            position += 1
            skipWhiteSpace()
            guard position < bytes.count else { throw error(.unexpectedEnd) }
            let valueStart = position
            var member = JSONFlatRecord.Member(
                keyStart: keyStart, keyEnd: keyEnd, valueStart: valueStart, valueEnd: valueStart,
                kind: .null, number: 0)
            switch bytes[position] {
            case UInt8(ascii: "\""):
                member.valueStart += 1
                member.kind = try scanString() ? .escapedString : .string
                member.valueEnd = position - 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                member.number = try parseNumber()
                member.kind = .number
                member.valueEnd = position
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                member.kind = .bool
                member.valueEnd = position
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                member.kind = .bool
                member.valueEnd = position
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                member.valueEnd = position
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                position = start
                depth = startDepth
                return false
            default:
                throw unexpected(expected: "a value")
            }
            members.append(member)
            if try finishItem(closer: UInt8(ascii: "}"), expected: "',' or '}' after an object member") {
                depth -= 1
                return true
            }
        }
        // An escaped key: the tree spells it out.
        position = start
        depth = startDepth
        return false
    }
}
