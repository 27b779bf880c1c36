/// An RFC 4180 CSV table read from bytes: quoted cells may hold commas, doubled quotes and raw
/// newlines (Strava's descriptions do); LF and CRLF line ends; a UTF-8 BOM is skipped. Invalid
/// UTF-8 is repaired with U+FFFD. Columns are looked up by name, duplicates by position.
struct CSVTable: Sendable {
    /// The header cells, in order (duplicates kept).
    var header: [String]
    /// The data rows (blank lines skipped).
    var rows: [[String]]

    /// Most cells per row: beyond this a line is not a plausible catalogue.
    static let maximumColumns = 4096

    enum ParseError: Error { case tooManyColumns, unterminatedQuote, empty }

    init(_ bytes: UnsafeRawBufferPointer) throws(ParseError) {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var records: [[String]] = []
        var row: [String] = []
        var cell: [UInt8] = []
        var inQuotes = false
        var cellWasQuoted = false
        func finishCell() throws(ParseError) {
            guard row.count < Self.maximumColumns else { throw .tooManyColumns }
            row.append(String(decoding: cell, as: UTF8.self))
            cell.removeAll(keepingCapacity: true)
            cellWasQuoted = false
        }
        func finishRow() throws(ParseError) {
            try finishCell()
            if !(row.count == 1 && row[0].isEmpty) { records.append(row) }
            row.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == 0x22 {
                    if index < bytes.count, bytes[index] == 0x22 {
                        cell.append(0x22)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    cell.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22 where cell.isEmpty && !cellWasQuoted:
                inQuotes = true
                cellWasQuoted = true
            case 0x2C: try finishCell()
            case 0x0A: try finishRow()
            case 0x0D where index < bytes.count && bytes[index] == 0x0A: continue
            default: cell.append(byte)
            }
        }
        if inQuotes { throw .unterminatedQuote }
        if !cell.isEmpty || !row.isEmpty { try finishRow() }
        guard let first = records.first else { throw .empty }
        header = first
        rows = Array(records.dropFirst())
    }

    /// The index of the `occurrence`-th (0-based) column named `name` (exact, after trimming).
    func column(_ name: String, occurrence: Int = 0) -> Int? {
        var seen = 0
        for (index, cell) in header.enumerated() where cell.trimmingSpaces == name {
            if seen == occurrence { return index }
            seen += 1
        }
        return nil
    }

    /// The index of the first column whose name starts with `prefix` (`Distance (` → `Distance (km)`).
    func column(prefix: String) -> Int? {
        header.firstIndex { $0.trimmingSpaces.hasPrefix(prefix) }
    }
}

extension [String] {
    /// The cell at `index`, or nil when the column is absent, the row is short or the cell blank.
    func cell(_ index: Int?) -> String? {
        guard let index, index < count else { return nil }
        let text = self[index].trimmingSpaces
        return text.isEmpty ? nil : text
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
