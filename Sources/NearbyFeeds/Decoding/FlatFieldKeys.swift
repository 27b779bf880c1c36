#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The manifest's field paths compiled once for flat records (``JSONFlatRecord``): each role's
/// choices as the UTF-8 of their one key, back to back in one buffer, so finding a field
/// copies no `FieldPath` and makes no `String`.
///
/// A choice of several segments (or none) names no member of a flat record: a member is a
/// scalar, which has no members, and the record itself is an object, which has no text.
struct FlatFieldKeys {
    /// The roles, in this order: id, name, latitude, longitude, address, category, then the
    /// attributes in manifest order.
    enum Role {
        static let id = 0
        static let name = 1
        static let latitude = 2
        static let longitude = 3
        static let address = 4
        static let category = 5
        static let firstAttribute = 6
    }

    private var bytes: [UInt8] = []
    /// Each choice's key as a range of ``bytes``; nil for a choice that names no member.
    private var choices: [Range<Int>?] = []
    /// Each role's choices as a range of ``choices`` (empty when the manifest has no such field).
    private var roles: [Range<Int>] = []

    init(_ fields: DatasetManifest.FieldMapping) {
        let paths: [FieldPath?] =
            [fields.id, fields.name, fields.latitude, fields.longitude, fields.address, fields.category]
            + fields.attributes.map { $0.field }
        for path in paths {
            let first = choices.count
            for choice in path?.choices ?? [] {
                guard choice.segments.count == 1 else {
                    choices.append(nil)
                    continue
                }
                let start = bytes.count
                bytes.append(contentsOf: choice.segments[0].utf8)
                choices.append(start..<bytes.count)
            }
            roles.append(first..<choices.count)
        }
    }

    /// The number of choices of `role`.
    @inline(__always)
    func choiceCount(_ role: Int) -> Int { roles[role].count }

    /// The first member of `record` named by choice `choice` of `role`, or nil. Inlined into
    /// the builder's per-field look-ups, so a call retains none of the buffers.
    @inline(__always)
    func member(_ record: JSONFlatRecord, role: Int, choice: Int) -> JSONFlatRecord.Member? {
        guard let key = choices[roles[role].lowerBound + choice] else { return nil }
        return bytes.withUnsafeBufferPointer { stored -> JSONFlatRecord.Member? in
            guard let keyBase = stored.baseAddress.map({ $0 + key.lowerBound }),
                let page = record.page.baseAddress
            else { return nil }
            for member in record.members where member.keyEnd - member.keyStart == key.count {
                if ShortBytes.equal(page + member.keyStart, keyBase, count: key.count) {
                    return member
                }
            }
            return nil
        }
    }
}
