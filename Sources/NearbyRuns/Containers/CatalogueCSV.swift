import NearbyCSV
import NearbySystem

/// An export's CSV catalogue read a chunk at a time, keeping only the cells of the columns its
/// reader asks for. The CSV itself is NearbyCSV's (``CSVStreamReader``, its rules written once in
/// ``CSVRowReader``): quoted cells may hold commas, doubled quotes and raw newlines (Strava's
/// descriptions do), rows end at LF, CRLF or a lone CR, a UTF-8 BOM and blank lines are skipped,
/// header names are trimmed, invalid UTF-8 is repaired with U+FFFD.
///
/// What is kept is this reader's: a cell of a column nobody asked for is never made a `String`,
/// a kept cell is cut at ``maximumCellBytes``, a line has at most ``maximumColumns`` cells and
/// ``maximumLineBytes`` bytes (the one row the stream carries between chunks), and every byte
/// read, row produced and byte kept is charged to the archive's ``InputBudget`` (kind
/// ``InputKind/exportCatalogue``), so 64 MiB of one-cell rows stops at the row limit instead of
/// building millions of rows.
struct CatalogueCSV {
    /// Most cells per line: beyond this a line is not a plausible catalogue.
    static let maximumColumns = 4096
    /// The longest cell kept (a name, a path); longer ones are cut.
    static let maximumCellBytes = 4096
    /// The longest header cell kept: column names are short.
    static let maximumHeaderCellBytes = 256
    /// The longest line (a Strava description is a few KiB at most); the stream keeps one line
    /// cut between chunks, so this bounds its memory.
    static let maximumLineBytes = 1 << 20

    enum Failure: Error, Hashable {
        case tooManyColumns, unterminatedQuote, empty, lineTooLong
        case budget(InputBudgetExceeded)

        /// The clause completing "could not be used as an activity catalogue: …".
        var reason: String {
            switch self {
            case .tooManyColumns: return "a line has more than \(CatalogueCSV.maximumColumns) cells"
            case .unterminatedQuote: return "a quoted cell is never closed"
            case .empty: return "it has no header line"
            case .lineTooLong: return "a line is longer than \(CatalogueCSV.maximumLineBytes >> 20) MiB"
            case .budget(let exceeded): return "it \(exceeded.clause)"
            }
        }

        /// The failure of a CSV error (the catalogue sets no header width, so no cut last row).
        init(_ error: CSVParseError) {
            switch error.reason {
            case .tooManyFields: self = .tooManyColumns
            case .rowTooLong: self = .lineTooLong
            case .noHeader: self = .empty
            case .unterminatedQuote: self = .unterminatedQuote
            // Not raised here: no header width is given, and each chunk is read before the next.
            case .truncatedLastRow, .chunkNotRead: self = .unterminatedQuote
            }
        }
    }

    /// The header cells, once the first line is read (duplicates kept).
    private(set) var header: [String]?
    /// Slot of each column kept (`-1`: not kept), set from the header by ``keep(_:)``.
    private var slots: [Int] = []
    private var slotCount = 0
    private var stream = CSVStreamReader(maximumRowBytes: maximumLineBytes, maximumFields: maximumColumns)
    private var row = CSVRow()
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
        return found
    }

    /// Reads `bytes`, the next part of the catalogue. `onHeader` is called once with the header
    /// (it calls ``keep(_:)``); `onRow` once per data row with the kept cells (nil when blank or absent).
    mutating func feed(
        _ bytes: UnsafeRawBufferPointer, onHeader: (inout CatalogueCSV) -> Void, onRow: ([String?]) -> Void
    ) throws(Failure) {
        do { try budget.read(bytes.count) } catch { throw .budget(error) }
        try read(bytes.assumingMemoryBound(to: UInt8.self), isFinal: false, onHeader: onHeader, onRow: onRow)
    }

    /// Ends the catalogue: the last line without a line break, or the errors of an unclosed quote
    /// or a missing header.
    mutating func finish(onHeader: (inout CatalogueCSV) -> Void, onRow: ([String?]) -> Void) throws(Failure) {
        try read(UnsafeBufferPointer(start: nil, count: 0), isFinal: true, onHeader: onHeader, onRow: onRow)
        guard header != nil else { throw .empty }
    }

    /// Hands over the rows that `chunk` completes.
    private mutating func read(
        _ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, onHeader: (inout CatalogueCSV) -> Void,
        onRow: ([String?]) -> Void
    ) throws(Failure) {
        do { try stream.feed(chunk, isFinal: isFinal) } catch { throw Failure(error) }
        while true {
            do {
                guard try stream.next(into: &row) else { return }
            } catch {
                throw Failure(error)
            }
            let fields = row.fields
            guard header != nil else {
                header = (0..<fields.count).map { fields.headerName($0, maximumBytes: Self.maximumHeaderCellBytes) }
                onHeader(&self)
                continue
            }
            var cells = [String?](repeating: nil, count: slotCount)
            for column in 0..<min(fields.count, slots.count) where slots[column] >= 0 {
                let cell = UnsafeBufferPointer(rebasing: fields.bytes(column).prefix(Self.maximumCellBytes))
                guard !cell.isEmpty else { continue }
                do { try budget.retain(cell.count) } catch { throw .budget(error) }
                cells[slots[column]] = String(decoding: cell, as: UTF8.self)
            }
            do { try budget.yield() } catch { throw .budget(error) }
            onRow(cells)
        }
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
