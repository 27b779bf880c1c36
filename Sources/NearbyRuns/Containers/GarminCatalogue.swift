import NearbySystem
/// Garmin Connect's `…summarizedActivities.json`: a JSON array of objects
/// `{"summarizedActivitiesExport": [{activityId, name, activityType, startTimeGmt, …}]}` with
/// `startTimeGmt` in milliseconds since 1970 (UTC). Files are not named by activity, so members
/// are matched by start time (``ExportCatalogue/metadata(near:tolerance:)``). Other fields' units
/// are not verified and not used.
///
/// Read a piece at a time by a streaming JSON scanner that keeps only the four fields used, for the
/// activities in a `summarizedActivitiesExport` list: work and memory follow what is kept, every
/// byte, activity and kept byte charged to the archive's ``InputBudget`` (a whole-file JSON
/// parser took 1.8 GB for 31 MiB of summaries). The JSON is checked as it goes: brackets must
/// match, keys be strings, values be separated, and nothing follow the top-level value.
struct GarminCatalogue {
    /// The deepest nesting read.
    static let maximumDepth = 512
    /// The longest string or number kept; longer ones are cut (and a number then not used).
    static let maximumTokenBytes = 4096

    private enum Role { case other, list, activity, activityType }
    private enum Expect { case value, key, colon, commaOrEnd, done }
    private struct Container {
        var isObject: Bool
        var role: Role
        var key: [UInt8] = []
        var elements = 0
    }

    private var budget: InputBudget
    private var stack: [Container] = []
    private var expect = Expect.value
    private var found = false
    private var all: [ActivityMetadata] = []
    private var current = ActivityMetadata()
    // The token being read, across pieces.
    private var inString = false
    private var escape: Int = 0
    private var unicode: UInt32 = 0
    private var highSurrogate: UInt32?
    private var token: [UInt8] = []
    private var inBare = false

    init(budget: InputBudget) { self.budget = budget }

    /// What the archive's catalogue budget has counted so far.
    var spent: InputBudget { budget }

    /// Reads the next part of the file.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(CatalogueError) {
        do { try budget.read(bytes.count) } catch { throw CatalogueError(reason: "it \(error.clause)") }
        for byte in bytes { try take(byte) }
    }

    /// The catalogue, once every part is read.
    mutating func finish() throws(CatalogueError) -> ExportCatalogue {
        if inBare { try endBare() }
        guard !inString, stack.isEmpty, expect == .done else { throw Self.invalid }
        guard found else { throw CatalogueError(reason: "it holds no summarizedActivitiesExport list") }
        return ExportCatalogue(kind: .garmin, byMember: [:], all: all, withoutFile: [])
    }

    private static let invalid = CatalogueError(reason: "it is not valid JSON")

    private mutating func take(_ byte: UInt8) throws(CatalogueError) {
        if inString { return try stringByte(byte) }
        if inBare {
            if Self.isBare(byte) { return keep(byte) }
            try endBare()
        }
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: return
        case UInt8(ascii: "{"), UInt8(ascii: "["): try open(isObject: byte == UInt8(ascii: "{"))
        case UInt8(ascii: "}"), UInt8(ascii: "]"): try close(isObject: byte == UInt8(ascii: "}"))
        case UInt8(ascii: ":"):
            guard expect == .colon else { throw Self.invalid }
            expect = .value
        case UInt8(ascii: ","):
            guard expect == .commaOrEnd, let top = stack.last else { throw Self.invalid }
            expect = top.isObject ? .key : .value
        case UInt8(ascii: "\""):
            guard expect == .value || expect == .key else { throw Self.invalid }
            inString = true
            token.removeAll(keepingCapacity: true)
        default:
            guard expect == .value, Self.isBare(byte) else { throw Self.invalid }
            inBare = true
            token.removeAll(keepingCapacity: true)
            keep(byte)
        }
    }

    /// Letters, digits, `-`, `+` and `.`: the bytes of numbers, `true`, `false` and `null`.
    private static func isBare(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x2B || byte == 0x2E
            || byte == 0x45
    }

    private mutating func keep(_ byte: UInt8) {
        if token.count < Self.maximumTokenBytes { token.append(byte) }
    }

    private mutating func open(isObject: Bool) throws(CatalogueError) {
        guard expect == .value, stack.count < Self.maximumDepth else { throw Self.invalid }
        var role = Role.other
        if let parent = stack.last {
            switch (parent.role, isObject, parent.key) {
            case (.list, true, _): role = .activity
            case (.activity, true, Array("activityType".utf8)): role = .activityType
            case (_, false, Array("summarizedActivitiesExport".utf8)) where parent.isObject:
                role = .list
                found = true
            default: break
            }
        }
        if role == .activity { current = ActivityMetadata() }
        stack.append(Container(isObject: isObject, role: role))
        expect = isObject ? .key : .value
    }

    private mutating func close(isObject: Bool) throws(CatalogueError) {
        guard let top = stack.last, top.isObject == isObject else { throw Self.invalid }
        // An empty container closes where its first key or value would start (not after a comma).
        guard expect == .commaOrEnd || (expect == (isObject ? .key : .value) && top.elements == 0) else {
            throw Self.invalid
        }
        stack.removeLast()
        if top.role == .activity {
            do {
                try budget.yield()
                try budget.retain(MemoryLayout<ActivityMetadata>.stride + (current.name?.utf8.count ?? 0))
            } catch {
                throw CatalogueError(reason: "it \(error.clause)")
            }
            all.append(current)
        }
        value()
    }

    /// A value ended: the container expects a comma or its end, or the document is done.
    private mutating func value() {
        if !stack.isEmpty { stack[stack.count - 1].elements += 1 }
        expect = stack.isEmpty ? .done : .commaOrEnd
    }

    private mutating func stringByte(_ byte: UInt8) throws(CatalogueError) {
        if escape > 0 {
            try escaped(byte)
            return
        }
        switch byte {
        case UInt8(ascii: "\\"): escape = 1
        case UInt8(ascii: "\""):
            inString = false
            try endString()
        case 0..<0x20: throw Self.invalid
        default: keep(byte)
        }
    }

    /// A byte after a backslash (escape 1), or a hex digit of `\uXXXX` (escape 2…5).
    private mutating func escaped(_ byte: UInt8) throws(CatalogueError) {
        if escape == 1 {
            let simple: [UInt8: UInt8] = [
                0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 8, 0x66: 12, 0x6E: 10, 0x72: 13, 0x74: 9,
            ]
            if let plain = simple[byte] {
                keep(plain)
                escape = 0
            } else if byte == UInt8(ascii: "u") {
                escape = 2
                unicode = 0
            } else {
                throw Self.invalid
            }
            return
        }
        guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { throw Self.invalid }
        unicode = unicode << 4 | digit
        escape += 1
        guard escape == 6 else { return }
        escape = 0
        if (0xD800...0xDBFF).contains(unicode) {
            highSurrogate = unicode
            return
        }
        var scalar = unicode
        if let high = highSurrogate, (0xDC00...0xDFFF).contains(unicode) {
            scalar = 0x10000 + ((high - 0xD800) << 10) + (unicode - 0xDC00)
        }
        highSurrogate = nil
        for unit in String(UnicodeScalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8 { keep(unit) }
    }

    private mutating func endString() throws(CatalogueError) {
        guard stack.last != nil else {
            value()
            return
        }
        if expect == .key {
            stack[stack.count - 1].key = token
            expect = .colon
            return
        }
        let text = String(decoding: token, as: UTF8.self)
        let top = stack[stack.count - 1]
        switch (top.role, top.key) {
        case (.activity, Array("name".utf8)): current.name = text
        case (.activity, Array("activityType".utf8)): current.type = text
        case (.activity, Array("activityId".utf8)): current.activityID = text
        case (.activityType, Array("typeKey".utf8)) where isTypeUnset: setType(text)
        default: break
        }
        value()
    }

    private var isTypeUnset: Bool { current.type == nil }

    private mutating func setType(_ text: String) { current.type = text }

    private mutating func endBare() throws(CatalogueError) {
        inBare = false
        let text = String(decoding: token, as: UTF8.self)
        let isNumber = text.allSatisfy { "0123456789+-.eE".contains($0) }
        let number = isNumber ? Double(text) : nil
        guard number != nil || text == "true" || text == "false" || text == "null" else { throw Self.invalid }
        if let top = stack.last, top.role == .activity {
            if top.key == Array("startTimeGmt".utf8), let millis = number, millis.isFinite {
                current.startTime = millis / 1000
            } else if top.key == Array("activityId".utf8), number != nil {
                current.activityID = text
            }
        }
        value()
    }
}
