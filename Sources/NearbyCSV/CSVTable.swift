/// A CSV input read whole as a header and rows of text, by the rules of ``CSVRowReader``: header
/// names trimmed of white space, fields as they are, rows shorter than the header simply lacking
/// the last fields, extra fields of a longer row named `column N` (1-based).
///
/// An input cut short is refused: a quoted field that never closes, or a last row that has fewer
/// fields than the header and no line break after it (see ``CSVParseError/Reason/truncatedLastRow``).
/// Each field becomes a `String`: for tests and small files; the feeds read rows in place.
public struct CSVTable: Sendable, Hashable {
    /// One data row and the line it starts on.
    public struct Row: Sendable, Hashable {
        /// The fields, raw (not trimmed).
        public var fields: [String]
        /// 1-based line where the row starts.
        public var line: Int
    }

    /// The trimmed header names.
    public var header: [String]
    /// The data rows in file order.
    public var rows: [Row]

    /// The column name for field `index` of a row (the header name or `column N`).
    public func columnName(_ index: Int) -> String {
        index < header.count ? header[index] : "column \(index + 1)"
    }

    /// Reads `bytes` (an array, `Data`, …) as CSV.
    public init(_ bytes: some Collection<UInt8>) throws(CSVParseError) {
        let table: Result<CSVTable, CSVParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(CSVParseError) -> CSVTable in try CSVTable(bytes: buffer) }
        }
        if let table {
            self = try table.get()
        } else {
            self = try Array(bytes).withUnsafeBufferPointer { buffer throws(CSVParseError) in
                try CSVTable(bytes: buffer)
            }
        }
    }

    /// Reads the bytes as CSV.
    public init(bytes: UnsafeBufferPointer<UInt8>) throws(CSVParseError) {
        var reader = CSVRowReader(bytes)
        header = try reader.readHeader()
        var rows: [Row] = []
        var row = CSVRow()
        while try reader.next(into: &row, columns: header.count) {
            let fields = row.fields
            rows.append(Row(fields: (0..<fields.count).map { fields.string($0) }, line: fields.line))
        }
        self.rows = rows
    }
}
