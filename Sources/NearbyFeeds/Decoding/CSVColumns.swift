import NearbyCSV

/// A CSV header shared by the rows of one file (a class of constants: each record refers to it).
final class CSVColumns: Sendable {
    /// The trimmed header names.
    let names: [String]
    /// Column index by name (the first column wins when names repeat).
    let index: [String: Int]
    /// The names' UTF-8, back to back, so a row's field names need no `String`.
    let nameBytes: [UInt8]
    /// Each name's range in ``nameBytes``.
    let nameRanges: [Range<Int>]

    init(_ names: [String]) {
        self.names = names
        var index: [String: Int] = [:]
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for (position, name) in names.enumerated() {
            if index[name] == nil { index[name] = position }
            let start = bytes.count
            bytes.append(contentsOf: name.utf8)
            ranges.append(start..<bytes.count)
        }
        self.index = index
        nameBytes = bytes
        nameRanges = ranges
    }

    /// The header name of column `position`, or `column N` past the header.
    func name(_ position: Int) -> String {
        position < names.count ? names[position] : "column \(position + 1)"
    }
}

/// The manifest's field paths resolved once against a CSV header: for each role (the order of
/// ``FlatFieldKeys/Role``), the column of each of its choices, so a row's field is found by
/// position, with no look-up by name and no `String` per row.
struct CSVFieldColumns: Sendable {
    /// Each choice's column, or -1 when the header has no column of that name.
    private let choices: [Int]
    /// Each role's choices as a range of ``choices`` (empty when the manifest has no such field).
    private let roles: [Range<Int>]

    init(_ fields: DatasetManifest.FieldMapping, columns: CSVColumns) {
        let paths: [FieldPath?] =
            [fields.id, fields.name, fields.latitude, fields.longitude, fields.address, fields.category]
            + fields.attributes.map { $0.field }
        var choices: [Int] = []
        var roles: [Range<Int>] = []
        for path in paths {
            let first = choices.count
            for choice in path?.choices ?? [] {
                choices.append(columns.index[choice.text] ?? -1)
            }
            roles.append(first..<choices.count)
        }
        self.choices = choices
        self.roles = roles
    }

    /// The number of choices of `role`.
    func choiceCount(_ role: Int) -> Int { roles[role].count }

    /// The column of choice `choice` of `role`, or -1 when the header lacks it.
    func column(role: Int, choice: Int) -> Int { choices[roles[role].lowerBound + choice] }
}

extension CSVFields {
    /// Field `index` normalised (see ``Swift/String/normalizedFeedValue()``), or nil when it is
    /// empty or blank.
    func text(_ index: Int) -> String? {
        let slice = bytes(index)
        if slice.isEmpty { return nil }
        let text = String(decoding: slice, as: UTF8.self)
        return String.isAlreadyNormal(slice) ? text : text.normalizedFeedValue()
    }
}
