/// A CSV header as the place builder uses it for every row of its page: each role's columns,
/// which columns some role maps (their texts are read once per row), and where the header's
/// names lie among the draft's `.names` bytes. A class of constants, so the builder's many
/// reads of it per row cost one reference each, not a copy of its arrays.
final class CSVLayout: Sendable {
    let columns: CSVColumns
    let fields: CSVFieldColumns
    /// By column: true when some role maps it.
    let mapped: [Bool]
    /// By column: true when its name must be written into each place (a NUL in it becomes
    /// U+FFFD there, and is counted, as for any text), false when it is lent from the names.
    let namePut: [Bool]
    /// Where ``CSVColumns/nameBytes`` start among the builder's ``PlaceBuilder/names``.
    let nameOffset: Int

    init(_ columns: CSVColumns, manifest: DatasetManifest, nameOffset: Int) {
        self.columns = columns
        fields = CSVFieldColumns(manifest.fields, columns: columns)
        var mapped = [Bool](repeating: false, count: columns.names.count)
        for role in 0..<(FlatFieldKeys.Role.firstAttribute + manifest.fields.attributes.count) {
            for choice in 0..<fields.choiceCount(role) {
                let column = fields.column(role: role, choice: choice)
                if column >= 0 { mapped[column] = true }
            }
        }
        self.mapped = mapped
        namePut = columns.names.map { $0.utf8.contains(0) }
        self.nameOffset = nameOffset
    }
}

/// CSV rows read in place: the same texts, warnings and archive as reading each field as a
/// `String` (``FeedRecord/text(at:)``, ``FeedRecord/flattenedFields()``), without a look-up by
/// name, a `String` or a copy for a field that is well-formed UTF-8 needing no normalising.
extension PlaceBuilder {
    /// Reads the rows that follow with `columns` as their header. The names stay lent to the
    /// drafts until the next header (the stream decoder drains its sink at the end of a page).
    mutating func useCSVHeader(_ columns: CSVColumns) {
        csvLayout = CSVLayout(columns, manifest: manifest, nameOffset: attributeNames.count)
        names = attributeNames + columns.nameBytes
    }

    /// The normalised text of `role`'s column (or its first fallback that has one), or nil.
    mutating func csvText(_ row: CSVRow, role: Int, _ layout: CSVLayout) -> PlaceDraft.Text? {
        for choice in 0..<layout.fields.choiceCount(role) {
            let column = layout.fields.column(role: role, choice: choice)
            guard column >= 0, column < row.count else { continue }
            if let found = mappedText(row, column, field: .role(role), layout) { return found }
        }
        return nil
    }

    /// Which field a text is, for the warning about a NUL: a role's path as the manifest
    /// names it, or a column's name.
    enum CSVFieldName {
        case role(Int)
        case column(Int)
    }

    /// A mapped column's text, read once per row.
    private mutating func mappedText(_ row: CSVRow, _ column: Int, field: CSVFieldName, _ layout: CSVLayout)
        -> PlaceDraft.Text?
    {
        for known in memberTexts where known.valueStart == column { return known.text }
        let text = columnText(row, column, field: field, layout)
        memberTexts.append((column, text))
        return text
    }

    /// Field `column` as normalised text: lent from the page, or copied without a `String`
    /// when unquoting changed it, if it is well-formed UTF-8 that needs no normalising; else
    /// as ``CSVRow/text(_:)`` gives it, written into the buffer. Nil when empty or blank.
    private mutating func columnText(_ row: CSVRow, _ column: Int, field: CSVFieldName, _ layout: CSVLayout)
        -> PlaceDraft.Text?
    {
        if row.isEmpty(column) { return nil }
        if row.isInPage(column) {
            let range = row.pageRange(column)
            let slice = UnsafeBufferPointer(rebasing: row.page[range])
            if Self.isLendable(slice) {
                return PlaceDraft.Text(offset: range.lowerBound, count: range.count, source: .page)
            }
        } else {
            let start = buffer.count
            let clean = row.withBytes(column) { slice -> Bool in
                guard Self.isLendable(slice) else { return false }
                buffer.append(contentsOf: slice)
                return true
            }
            if clean { return PlaceDraft.Text(offset: start, count: buffer.count - start, source: .buffer) }
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
    mutating func csvRawFields(_ row: CSVRow, _ layout: CSVLayout) {
        let header = layout.columns.names.count
        // An empty field is an empty run of the page (``CSVRow/isEmptyInPage(_:)``).
        let words = row.spanWords
        for column in 0..<row.count where words[2 &* column] != words[2 &* column &+ 1] {
            let lent = column < header && !layout.namePut[column]
            if !lent {
                // The name is written before the value, as for any field; only when there is one.
                guard row.text(column) != nil else { continue }
                let name = put(layout.columns.name(column))
                guard let value = fieldText(row, column, layout) else { continue }
                fields.append(PlaceDraft.Field(name: name, value: value))
                continue
            }
            guard let value = fieldText(row, column, layout) else { continue }
            let range = layout.columns.nameRanges[column]
            let name = PlaceDraft.Text(
                offset: layout.nameOffset + range.lowerBound, count: range.count, source: .names)
            fields.append(PlaceDraft.Field(name: name, value: value))
        }
    }

    private mutating func fieldText(_ row: CSVRow, _ column: Int, _ layout: CSVLayout) -> PlaceDraft.Text? {
        if column < layout.mapped.count, layout.mapped[column] {
            return mappedText(row, column, field: .column(column), layout)
        }
        return columnText(row, column, field: .column(column), layout)
    }

    /// The first of `role`'s columns that has a value, read as decimal degrees; nil when none
    /// has one.
    func csvDegrees(_ row: CSVRow, role: Int, _ layout: CSVLayout) -> DecimalDegrees.Reading? {
        for choice in 0..<layout.fields.choiceCount(role) {
            let column = layout.fields.column(role: role, choice: choice)
            guard column >= 0, column < row.count, !row.isEmpty(column) else { continue }
            let clean = row.withBytes(column) { slice -> DecimalDegrees.Reading? in
                guard Self.isLendable(slice) else { return nil }
                return DecimalDegrees.read(normalBytes: slice)
            }
            if let clean { return clean }
            if let text = row.text(column) { return DecimalDegrees.read(text) }
        }
        return nil
    }
}
