import NearbySystem
/// An RFC 4180 CSV catalogue read a chunk at a time, keeping only the cells of the columns its
/// reader asks for: quoted cells may hold commas, doubled quotes and raw newlines (Strava's
/// descriptions do); LF and CRLF line ends; a UTF-8 BOM is skipped; invalid UTF-8 is repaired with
/// U+FFFD; blank lines are skipped.
///
/// Work is in proportion to what is kept: a cell of a column nobody asked for is stepped over
/// without a byte stored, a kept cell is cut at ``maximumCellBytes``, and every byte read, row
/// produced and byte kept is charged to the archive's ``InputBudget`` (kind
/// ``InputKind/exportCatalogue``), so 64 MiB of one-cell rows stops at the row limit instead of
/// building millions of rows.
struct CatalogueCSV {
    /// Most cells per line: beyond this a line is not a plausible catalogue.
    static let maximumColumns = 4096
    /// The longest cell kept (a name, a path); longer ones are cut.
    static let maximumCellBytes = 4096
    /// The longest header cell kept: column names are short.
    static let maximumHeaderCellBytes = 256

    enum Failure: Error, Hashable {
        case tooManyColumns, unterminatedQuote, empty
        case budget(InputBudgetExceeded)

        /// The clause completing "could not be used as an activity catalogue: …".
        var reason: String {
            switch self {
            case .tooManyColumns: return "a line has more than \(CatalogueCSV.maximumColumns) cells"
            case .unterminatedQuote: return "a quoted cell is never closed"
            case .empty: return "it has no header line"
            case .budget(let exceeded): return "it \(exceeded.clause)"
            }
        }
    }

    /// The header cells, once the first line is read (duplicates kept).
    private(set) var header: [String]?
    /// Slot of each column kept (`-1`: not kept), set from the header by ``keep(_:)``.
    private var slots: [Int] = []
    private var slotCount = 0
    private var row: [String?] = []
    private var headerCells: [String] = []
    private var cell: [UInt8] = []
    private var column = 0
    private var inQuotes = false
    private var cellWasQuoted = false
    private var pendingCR = false
    private var budget: InputBudget

    init(budget: InputBudget) {
        self.budget = budget
    }

    /// What the catalogue's budget has counted so far (to carry it on to the archive's next catalogue).
    var spent: InputBudget { budget }

    /// Keeps `columns` (indices into ``header``; nil for a column the header lacks) and returns
    /// where each is found in the rows ``feed(_:onHeader:onRow:)`` hands over (nil: never). Call
    /// once, from `onHeader`.
    mutating func keep(_ columns: [Int?]) -> [Int?] {
        slots = Array(repeating: -1, count: header?.count ?? 0)
        var found: [Int?] = []
        for column in columns {
            guard let column, column < slots.count else {
                found.append(nil)
                continue
            }
            if slots[column] < 0 {
                slots[column] = slotCount
                slotCount += 1
            }
            found.append(slots[column])
        }
        row = Array(repeating: nil, count: slotCount)
        return found
    }

    /// Reads `bytes`, the next part of the catalogue. `onHeader` is called once with the header
    /// (it calls ``keep(_:)``); `onRow` once per data row with the kept cells (nil when blank or absent).
    mutating func feed(
        _ bytes: UnsafeRawBufferPointer, onHeader: (inout CatalogueCSV) -> Void, onRow: ([String?]) -> Void
    ) throws(Failure) {
        do { try budget.read(bytes.count) } catch { throw .budget(error) }
        var index = 0
        while index < bytes.count {
            if bomSeen == 3, !pendingQuote, !pendingCR, !inQuotes, header != nil, cell.isEmpty, !cellHasBytes,
                !cellWasQuoted, bytes[index] == 0x2C
            {
                // Empty cells (4,096 to a line in a hostile catalogue) only move the column on.
                while index < bytes.count, bytes[index] == 0x2C {
                    guard column < Self.maximumColumns else { throw .tooManyColumns }
                    column += 1
                    index += 1
                }
                continue
            }
            if bomSeen == 3, !pendingQuote, !pendingCR {
                // The plain bytes of a cell up to the next byte that means something, in one step.
                let stop = Self.nextSpecial(in: bytes, from: index, quoted: inQuotes)
                if stop > index {
                    try appendRun(UnsafeRawBufferPointer(rebasing: bytes[index..<stop]))
                    index = stop
                    continue
                }
            }
            let byte = bytes[index]
            index += 1
            if bomSeen < 3 {
                // A UTF-8 byte-order mark at the very start is skipped, even split between pieces.
                if byte == Self.bom[bomSeen] {
                    bomSeen += 1
                    continue
                }
                let partial = bomSeen
                bomSeen = 3
                for earlier in Self.bom.prefix(partial) { try take(earlier, onHeader: onHeader, onRow: onRow) }
            }
            try take(byte, onHeader: onHeader, onRow: onRow)
        }
    }

    /// The first index at or after `from` holding a quote, or (outside quotes) a comma, CR or LF.
    private static func nextSpecial(in bytes: UnsafeRawBufferPointer, from: Int, quoted: Bool) -> Int {
        var index = from
        if quoted {
            while index < bytes.count, bytes[index] != 0x22 { index += 1 }
        } else {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x22 || byte == 0x2C || byte == 0x0A || byte == 0x0D { break }
                index += 1
            }
        }
        return index
    }

    /// Plain bytes of the current cell (none of them special where they stand).
    private mutating func appendRun(_ run: UnsafeRawBufferPointer) throws(Failure) {
        cellHasBytes = true
        guard keepsCell else { return }
        let cap = header == nil ? Self.maximumHeaderCellBytes : Self.maximumCellBytes
        let room = cap - cell.count
        if room > 0 { cell.append(contentsOf: run.prefix(room)) }
    }

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// How many bytes of a byte-order mark the catalogue started with (3: decided).
    private var bomSeen = 0

    /// Reads one byte of the CSV.
    private mutating func take(_ byte: UInt8, onHeader: (inout CatalogueCSV) -> Void, onRow: ([String?]) -> Void)
        throws(Failure)
    {
        if inQuotes {
            if byte == 0x22 {
                // A doubled quote is one quote: decided by the next byte.
                inQuotes = false
                pendingQuote = true
            } else {
                try append(byte)
            }
            return
        }
        if pendingQuote {
            pendingQuote = false
            if byte == 0x22 {
                try append(0x22)
                inQuotes = true
                return
            }
        }
        if pendingCR {
            pendingCR = false
            if byte != 0x0A { try append(0x0D) }
        }
        switch byte {
        case 0x22 where cell.isEmpty && !cellWasQuoted && !cellHasBytes:
            inQuotes = true
            cellWasQuoted = true
        case 0x2C: try finishCell()
        case 0x0A: try finishRow(onHeader: onHeader, onRow: onRow)
        case 0x0D: pendingCR = true
        default: try append(byte)
        }
    }

    /// Ends the catalogue: the last line without a line break, or the errors of an unclosed quote
    /// or a missing header.
    mutating func finish(onHeader: (inout CatalogueCSV) -> Void, onRow: ([String?]) -> Void) throws(Failure) {
        if bomSeen < 3 {
            let partial = bomSeen
            bomSeen = 3
            for earlier in Self.bom.prefix(partial) { try take(earlier, onHeader: onHeader, onRow: onRow) }
        }
        pendingQuote = false
        if inQuotes { throw .unterminatedQuote }
        if pendingCR {
            pendingCR = false
            try append(0x0D)
        }
        if cellHasBytes || cellWasQuoted || column > 0 { try finishRow(onHeader: onHeader, onRow: onRow) }
        guard header != nil else { throw .empty }
    }

    /// A closing quote was read; a quote right after it is a doubled quote inside the cell.
    private var pendingQuote = false
    /// Bytes of the current cell were seen (kept or not).
    private var cellHasBytes = false

    private var keepsCell: Bool {
        header == nil || (column < slots.count && slots[column] >= 0)
    }

    private mutating func append(_ byte: UInt8) throws(Failure) {
        cellHasBytes = true
        guard keepsCell else { return }
        let cap = header == nil ? Self.maximumHeaderCellBytes : Self.maximumCellBytes
        guard cell.count < cap else { return }
        cell.append(byte)
    }

    private mutating func finishCell() throws(Failure) {
        guard column < Self.maximumColumns else { throw .tooManyColumns }
        if header == nil {
            headerCells.append(String(decoding: cell, as: UTF8.self))
        } else if column < slots.count, slots[column] >= 0, !cell.isEmpty {
            do { try budget.retain(cell.count) } catch { throw .budget(error) }
            row[slots[column]] = String(decoding: cell, as: UTF8.self)
        }
        column += 1
        if !cell.isEmpty { cell.removeAll(keepingCapacity: true) }
        cellWasQuoted = false
        cellHasBytes = false
    }

    private mutating func finishRow(onHeader: (inout CatalogueCSV) -> Void, onRow: ([String?]) -> Void)
        throws(Failure)
    {
        let blank = column == 0 && !cellHasBytes
        try finishCell()
        defer {
            column = 0
            if !row.isEmpty { row = Array(repeating: nil, count: slotCount) }
        }
        if blank { return }
        if header == nil {
            header = headerCells
            headerCells = []
            onHeader(&self)
            return
        }
        do { try budget.yield() } catch { throw .budget(error) }
        onRow(row)
    }
}

extension [String?] {
    /// The kept cell in `slot`, trimmed, or nil when absent or blank.
    func cell(_ slot: Int?) -> String? {
        guard let slot, slot < count, let text = self[slot] else { return nil }
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension [String] {
    /// The index of the `occurrence`-th (0-based) column named `name` (exact, after trimming).
    func column(_ name: String, occurrence: Int = 0) -> Int? {
        var seen = 0
        for (index, cell) in enumerated() where cell.trimmingSpaces == name {
            if seen == occurrence { return index }
            seen += 1
        }
        return nil
    }

    /// The index of the first column whose name starts with `prefix` (`Distance (` → `Distance (km)`).
    func column(prefix: String) -> Int? {
        firstIndex { $0.trimmingSpaces.hasPrefix(prefix) }
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
