import NearbyCSV

/// A CSV header as the place builder uses it for every row of its page: each role's columns,
/// and where the header's names lie among the draft's `.names` bytes. A class of constants, so
/// the builder's many reads of it per row cost one reference each, not a copy of its arrays.
final class CSVLayout: Sendable {
    let columns: CSVColumns
    let fields: CSVFieldColumns
    /// By column: true when its name must be written into each place (a NUL in it becomes
    /// U+FFFD there, and is counted, as for any text), false when it is lent from the names.
    let namePut: [Bool]
    /// Where ``CSVColumns/nameBytes`` start among the builder's ``PlaceBuilder/names``.
    let nameOffset: Int

    init(_ columns: CSVColumns, manifest: DatasetManifest, nameOffset: Int) {
        self.columns = columns
        fields = CSVFieldColumns(manifest.fields, columns: columns)
        namePut = columns.names.map { $0.utf8.contains(0) }
        self.nameOffset = nameOffset
    }
}

/// CSV rows read in place: the same texts, warnings and archive as reading each field as a
/// `String` (``FeedRecord/text(at:)``, ``FeedRecord/flattenedFields()``), without a look-up by
/// name or a `String` for a field that is well-formed UTF-8 needing no normalising.
///
/// The archive's bytes depend on which of a place's texts are the same text of the draft
/// (``ArchiveSections`` stores those once without a look-up). Reading each field as a `String`
/// wrote every text into the buffer apart (only a missing name is the id itself), so here each
/// role's text is still its own copy in the buffer (a few bytes, no `String`), and a raw field
/// is lent from the page: no two texts of a row are the same text unless they were before.
extension PlaceBuilder {
    /// Reads the rows that follow with `columns` as their header. The names stay lent to the
    /// drafts until the next header (the stream decoder drains its sink at the end of a page).
    mutating func useCSVHeader(_ columns: CSVColumns) {
        csvLayout = CSVLayout(columns, manifest: manifest, nameOffset: attributeNames.count)
        names = attributeNames + columns.nameBytes
    }

    /// The normalised text of `role`'s column (or its first fallback that has one), or nil.
    mutating func csvText(_ row: CSVFields, role: Int, _ layout: CSVLayout) -> PlaceDraft.Text? {
        for choice in 0..<layout.fields.choiceCount(role) {
            let column = layout.fields.column(role: role, choice: choice)
            guard column >= 0, column < row.count else { continue }
            if let found = columnText(row, column, field: .role(role), layout, lend: false) { return found }
        }
        return nil
    }

    /// Which field a text is, for the warning about a NUL: a role's path as the manifest
    /// names it, or a column's name.
    enum CSVFieldName {
        case role(Int)
        case column(Int)
    }

    /// Field `column` as normalised text, if it is well-formed UTF-8 that needs no normalising:
    /// lent from the page when `lend` allows and it lies there, else copied into the buffer
    /// without a `String`; otherwise as ``CSVFields/text(_:)`` gives it, written into the
    /// buffer. Nil when empty or blank.
    private mutating func columnText(
        _ row: CSVFields, _ column: Int, field: CSVFieldName, _ layout: CSVLayout, lend: Bool
    ) -> PlaceDraft.Text? {
        let slice = row.bytes(column)
        if slice.isEmpty { return nil }
        if Self.isLendable(slice) {
            if lend, row.isInPage(column) {
                let range = row.pageRange(column)
                return PlaceDraft.Text(offset: range.lowerBound, count: range.count, source: .page)
            }
            let start = buffer.count
            buffer.append(contentsOf: slice)
            return PlaceDraft.Text(offset: start, count: slice.count, source: .buffer)
        }
        guard let text = row.text(column) else { return nil }
        let name: String
        switch field {
        case .role(let role): name = path(role)?.text ?? ""
        case .column(let column): name = layout.columns.name(column)
        }
        return put(text, field: name)
    }

    /// True when `bytes` are what `String(decoding:as:)` reads and need no normalising
    /// (``Swift/String/isAlreadyNormal(_:)``, ``UTF8Check``): at once for printable ASCII with
    /// no space at either end and no `?`, the usual field.
    @inline(__always)
    static func isLendable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first &- 0x21 < 0x5E, last &- 0x21 < 0x5E {
            var plain = true
            for byte in bytes where byte &- 0x20 >= 0x5F || byte == UInt8(ascii: "?") {
                plain = false
                break
            }
            if plain { return true }
        }
        return String.isAlreadyNormal(bytes) && UTF8Check.isValid(bytes)
    }

    /// Every field of the row that has a value, in column order, named by the header (or
    /// `column N` past it).
    mutating func csvRawFields(_ row: CSVFields, _ layout: CSVLayout) {
        let header = layout.columns.names.count
        for entry in 0..<row.filledCount {
            let column = row.filled[entry]
            let lent = column < header && !layout.namePut[column]
            if !lent {
                // The name is written before the value, as for any field; only when there is one.
                guard row.text(column) != nil else { continue }
                let name = put(layout.columns.name(column))
                guard let value = columnText(row, column, field: .column(column), layout, lend: true) else { continue }
                fields.append(PlaceDraft.Field(name: name, value: value))
                continue
            }
            guard let value = columnText(row, column, field: .column(column), layout, lend: true) else { continue }
            let range = layout.columns.nameRanges[column]
            let name = PlaceDraft.Text(
                offset: layout.nameOffset + range.lowerBound, count: range.count, source: .names)
            fields.append(PlaceDraft.Field(name: name, value: value))
        }
    }

    /// The first of `role`'s columns that has a value, read as decimal degrees; nil when none
    /// has one.
    func csvDegrees(_ row: CSVFields, role: Int, _ layout: CSVLayout) -> DecimalDegrees.Reading? {
        for choice in 0..<layout.fields.choiceCount(role) {
            let column = layout.fields.column(role: role, choice: choice)
            guard column >= 0, column < row.count, !row.isEmpty(column) else { continue }
            let slice = row.bytes(column)
            if Self.isLendable(slice) { return DecimalDegrees.read(normalBytes: slice) }
            if let text = row.text(column) { return DecimalDegrees.read(text) }
        }
        return nil
    }
}
