/// A plain-text table aligned by terminal columns (CJK-aware), with a header row.
import NearbyOutput
struct Table: Sendable {
    var headers: [String]
    var rows: [[String]] = []
    /// Columns aligned to the right (numbers).
    var rightAligned: Set<Int> = []
    /// The widest a cell may be before it is cut with "…".
    var maxCellWidth = 48

    init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as lines of text, each ending in a newline. Cells are escaped first
    /// (``ControlText``: a line break or control character in a cell shows as `\n`, `\e`, …),
    /// so widths are those of the text the terminal shows.
    func render(style: Style) -> String {
        let cells = rows.map { $0.map { TextWidth.truncate(ControlText.escaped($0), to: maxCellWidth) } }
        let headers = headers.map { ControlText.escaped($0) }
        var widths = headers.map(TextWidth.columns)
        for row in cells {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], TextWidth.columns(cell))
            }
        }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for column in 0..<widths.count {
                let cell = column < row.count ? row[column] : ""
                let isLast = column == widths.count - 1
                parts.append(
                    isLast && !rightAligned.contains(column)
                        ? cell : TextWidth.pad(cell, to: widths[column], right: rightAligned.contains(column)))
            }
            return parts.joined(separator: "  ")
        }
        var output = style.bold(line(headers)) + "\n"
        for row in cells { output += line(row) + "\n" }
        return output
    }
}
