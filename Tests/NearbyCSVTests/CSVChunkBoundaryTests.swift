import Testing

@testable import NearbyCSV

/// A stream cut anywhere reads what the whole buffer reads, and keeps no more than one row,
/// bounded.
@Suite struct CSVChunkBoundaryTests {
    /// A byte order mark, a quoted comma, doubled quotes, CRLF, LF and CRLF inside quotes, a
    /// blank line, a lone CR, text after a closing quote, a blank `""` line, and a last row with
    /// no line break.
    static let sample = Array(
        ("\u{FEFF}id,\"na,me\",note\r\n" + "1,\"say \"\"hi\"\"\",\"two\nlines\"\r\n" + "\r\n"
            + "2,\"a\r\nb\",x\"y\n" + "3,,\r" + "\"q\"\"\"tail,\"\"\n" + "\"\"\n" + "4,\"last\"").utf8)

    /// The sample's rows, worked out by hand.
    static let expected = StreamRead.Rows(
        rows: [
            ["id", "na,me", "note"], ["1", "say \"hi\"", "two\nlines"], ["2", "a\r\nb", "x\"y"], ["3", "", ""],
            ["q\"tail", ""], ["4", "last"],
        ],
        lines: [1, 2, 5, 7, 8, 10])

    @Test func theWholeBufferReadsTheRowsWorkedOutByHand() throws {
        #expect(try StreamRead.whole(Self.sample) == Self.expected)
        #expect(try StreamRead.rows([Self.sample]) == Self.expected)
    }

    @Test func everySplitIntoTwoOrThreePiecesReadsTheSameRows() throws {
        let bytes = Self.sample
        for first in 0...bytes.count {
            let pieces = [Array(bytes[..<first]), Array(bytes[first...])]
            #expect(try StreamRead.rows(pieces) == Self.expected, "split at \(first)")
            for second in first...bytes.count {
                let three = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                let rows = try StreamRead.rows(three)
                if rows != Self.expected { Issue.record("splits at \(first), \(second): \(rows)") }
            }
        }
    }

    @Test func oneByteChunksAndEmptyChunksReadTheSameRows() throws {
        let bytes = Self.sample
        #expect(try StreamRead.rows(bytes.map { [$0] }) == Self.expected)
        #expect(try StreamRead.rows(bytes.map { [$0] } + [[]]) == Self.expected)
        #expect(try StreamRead.rows(bytes.flatMap { [[$0], []] }) == Self.expected)
    }

    /// Two ways of finding rows agree: the in-place reader over the whole input, and the stream,
    /// which finds the end of a carried row with ``CSVRowEnd``. Random inputs over the bytes that
    /// mean something (and the byte order mark's), cut at random points, rows and errors compared.
    @Test func randomInputsCutAnywhereReadAsTheWholeInputReads() {
        let alphabet: [UInt8] = [0x61, 0x2C, 0x22, 0x22, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let bytes = (0..<next(24)).map { _ in alphabet[next(alphabet.count)] }
            var cuts = (0..<next(4)).map { _ in next(bytes.count + 1) }.sorted()
            cuts = [0] + cuts + [bytes.count]
            let pieces = zip(cuts, cuts.dropFirst()).map { Array(bytes[$0..<$1]) }
            let whole = Result { () throws(CSVParseError) in try StreamRead.whole(bytes) }
            let streamed = Result { () throws(CSVParseError) in try StreamRead.rows(pieces) }
            if whole != streamed { Issue.record("\(bytes) cut at \(cuts): \(whole) and \(streamed)") }
        }
    }

    @Test func aCRLFSplitBetweenChunksIsOneLineBreak() throws {
        let rows = try StreamRead.rows(["a\r", "\n1\r", "\n\r", "\n2"])
        #expect(rows == StreamRead.Rows(rows: [["a"], ["1"], ["2"]], lines: [1, 2, 4]))
    }

    @Test func errorsAreTheSameWhereverTheInputIsCut() throws {
        let cases: [(String, CSVParseError)] = [
            ("a,b\n1,\"open\n\"\"x", CSVParseError(reason: .unterminatedQuote, line: 2)),
            ("a\n" + String(repeating: "x", count: 40) + "\nb", CSVParseError(reason: .rowTooLong(limit: 32), line: 2)),
            ("a\n1,2,3,4,5\n", CSVParseError(reason: .tooManyFields(limit: 4), line: 2)),
        ]
        for (text, error) in cases {
            let bytes = Array(text.utf8)
            for split in 0...bytes.count {
                #expect(throws: error, "\(text) split at \(split)") {
                    try StreamRead.rows(
                        [Array(bytes[..<split]), Array(bytes[split...])], maximumRowBytes: 32, maximumFields: 4)
                }
            }
        }
    }

    /// A hostile catalogue: 64 MiB with no line break, fed in 64 KiB chunks, unquoted and
    /// inside a quote that never closes. The row passes 1 MiB in the 17th chunk (17 × 64 KiB =
    /// 1,088 KiB); until then the stream holds only the row, and never more room than the bound
    /// and a line break.
    @Test func aSixtyFourMebibyteRowIsRefusedHoldingAtMostTheBound() throws {
        let bound = 1 << 20
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        for opening in [[UInt8](), [UInt8(ascii: "\"")]] {
            var stream = CSVStreamReader(maximumRowBytes: bound)
            var row = CSVRow()
            var refusedAt: Int?
            var largest = 0
            for index in 0..<1024 {
                let piece = index == 0 ? opening + chunk.dropFirst(opening.count) : chunk
                do throws(CSVParseError) {
                    try piece.withUnsafeBufferPointer { buffer throws(CSVParseError) in
                        try stream.feed(buffer, isFinal: index == 1023)
                        while try stream.next(into: &row) { Issue.record("a row of a line never ended") }
                    }
                } catch {
                    #expect(error == CSVParseError(reason: .rowTooLong(limit: bound), line: 1))
                    refusedAt = index
                    break
                }
                largest = max(largest, stream.carried.capacity)
                #expect(stream.carried.count == (index + 1) * (64 << 10))
            }
            #expect(refusedAt == 16, "opening \(opening)")
            #expect(largest <= bound + 2)
        }
    }

    @Test func theWholeBufferReaderHasNoBoundAndCopiesNothing() throws {
        let long = Array(("a,b\n" + String(repeating: "y", count: 3 << 20) + ",\"q\"\n").utf8)
        try long.withUnsafeBufferPointer { buffer throws in
            var reader = CSVRowReader(buffer)
            var row = CSVRow()
            #expect(try reader.next(into: &row, columns: nil))
            #expect(try reader.next(into: &row, columns: nil))
            let fields = row.fields
            #expect(fields.count == 2 && fields.bytes(0).count == 3 << 20)
            // Both fields are runs of the page (the quoted one without its quotes).
            #expect(fields.isInPage(0) && fields.pageRange(0) == 4..<(4 + (3 << 20)))
            #expect(fields.isInPage(1) && fields.pageRange(1) == (6 + (3 << 20))..<(7 + (3 << 20)))
            #expect(fields.bytes(0).baseAddress == buffer.baseAddress.map { $0 + 4 })
        }
        #expect(throws: CSVParseError(reason: .rowTooLong(limit: 1 << 20), line: 2)) {
            try StreamRead.rows([long])
        }
    }
}
