import NearbySystem
import Testing

@testable import NearbyRuns

/// What the catalogue keeps of rows NearbyCSV's stream reads (issue 24): its policies (kept
/// columns, cell, column and line caps, the budget) on inputs worked out by hand, and the rules it
/// now shares with the feeds.
@Suite struct CatalogueCSVTests {
    /// A lone CR ends a line, as in the feeds (before issue 24 the catalogue kept it in the cell).
    @Test func aLoneCREndsALineWhereverItFalls() throws {
        let bytes = Array("A,B\r1,2\r3,\"x\ry\"".utf8)
        for split in 0...bytes.count {
            let (header, rows) = try ContainerExportTests.csv(
                [Array(bytes[..<split]), Array(bytes[split...])], keep: [0, 1])
            #expect(header == ["A", "B"], "split \(split)")
            #expect(rows == [["1", "2"], ["3", "x\ry"]], "split \(split)")
        }
    }

    /// Header names are trimmed of white space, U+00A0 included, as the feeds trim theirs.
    @Test func headerNamesAreTrimmedAsTheFeedsTrimThem() throws {
        let (header, _) = try ContainerExportTests.csv([Array("\u{00A0}Filename\t, Activity ID \n".utf8)], keep: [])
        #expect(header == ["Filename", "Activity ID"])
        #expect(header.column("Filename") == 0)
    }

    /// Only kept cells cost: 3 bytes retained for `abc`, the unkept `wxyz` none; one row yielded.
    @Test func onlyKeptCellsAreRetainedAndCutAtTheCap() throws {
        var budget = InputBudget(.exportCatalogue)
        var reader = CatalogueCSV(budget: budget)
        var rows: [[String?]] = []
        let text = Array(("K,U\nabc,wxyz\n" + String(repeating: "k", count: 5000) + ",u\n").utf8)
        let fed = text.withUnsafeBytes { raw in
            Result { () throws(CatalogueCSV.Failure) in
                try reader.feed(raw, onHeader: { _ = $0.keep([0]) }, onRow: { rows.append($0) })
            }
        }
        try fed.get()
        try reader.finish(onHeader: { _ = $0.keep([0]) }, onRow: { rows.append($0) })
        budget = reader.spent
        #expect(rows == [["abc"], [String(repeating: "k", count: 4096)]])
        #expect(budget.bytesRetained == 3 + 4096)
        #expect(budget.itemsOut == 2)
        #expect(budget.bytesIn == text.count)
    }

    @Test func aLineOfMoreThan4096CellsIsRefused() throws {
        let wide = String(repeating: ",", count: 4095)
        #expect(try ContainerExportTests.csv([Array("A\n\(wide)\n".utf8)], keep: [0]).rows.count == 1)
        #expect(throws: CatalogueCSV.Failure.tooManyColumns) {
            try ContainerExportTests.csv([Array("A\n\(wide),\n".utf8)], keep: [0])
        }
        #expect(CatalogueCSV.Failure.tooManyColumns.reason == "a line has more than 4096 cells")
    }

    /// A line of 1 MiB is read (its kept cell cut), one byte more is refused, fed in 64 KiB pieces.
    @Test func aLineLongerThanOneMebibyteIsRefused() throws {
        for (length, refused) in [(1 << 20, false), ((1 << 20) + 1, true)] {
            let bytes = Array("A\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: length) + [0x0A]
            let pieces = stride(from: 0, to: bytes.count, by: 64 << 10).map {
                Array(bytes[$0..<min($0 + (64 << 10), bytes.count)])
            }
            if refused {
                #expect(throws: CatalogueCSV.Failure.lineTooLong) { try ContainerExportTests.csv(pieces, keep: [0]) }
            } else {
                let rows = try ContainerExportTests.csv(pieces, keep: [0]).rows
                #expect(rows.map { $0.first??.utf8.count } == [4096])
            }
        }
        #expect(CatalogueCSV.Failure.lineTooLong.reason == "a line is longer than 1 MiB")
    }
}
