import NearbySystem
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// A long track read by two readers at once (``SegmentSplit``) against the in-memory reader, the
/// oracle: the same document, the same error, the SHA-256 of the bytes, wherever the second
/// reader starts (every few percent of the document), through windows small enough to move and
/// retry in both readers; and in the shapes where the guess must be dropped (a `<trkpt` inside a
/// comment, a CDATA section or a value).
@Suite struct SegmentSplitTests {
    /// A point; `odd` adds what real files carry now and then (a comment, a description with
    /// CDATA, extensions at another depth).
    static func point(_ k: Int, prefix: String = "", odd: Bool = false) -> String {
        let lat = String(format: "%.7f", 25.0 + Double(k) * 1.3e-5)
        let lon = String(format: "%.7f", 121.5 + Double(k) * 0.7e-5)
        var text = "<\(prefix)trkpt lat=\"\(lat)\" lon='\(lon)'><\(prefix)ele>\(k % 97).5</\(prefix)ele>"
        text +=
            "<\(prefix)time>2024-03-01T\(String(format: "%02d:%02d:%02d", 8 + k / 3600, k / 60 % 60, k % 60))Z</\(prefix)time>"
        if odd {
            text += "<!-- <trkpt lat=\"1\" lon=\"1\"></trkpt> --><desc><![CDATA[ <trkpt lat='2' lon='2'> ]]></desc>"
        }
        text += "<extensions><x:TPX><x:hr>\(100 + k % 80)</x:hr><x:cad>\(80 + k % 9)</x:cad></x:TPX></extensions>"
        return text + "</\(prefix)trkpt>\n"
    }

    /// Two tracks of several segments (the first with its name after its segments), segment-level
    /// extensions, comments and odd points throughout, a waypoint and a root-level time after.
    static func document(points: Int, seed: UInt64, prefix: String = "", tail: String = "") -> [UInt8] {
        var random = SplitMix64(state: seed)
        var text =
            "<?xml version=\"1.0\"?>\n<\(prefix)gpx version=\"1.1\" creator=\"split\">\n<metadata><name>m</name></metadata>\n"
        var k = 0
        for track in 0..<2 {
            text += "<\(prefix)trk><\(prefix)type>running</\(prefix)type>\n"
            for _ in 0..<3 {
                text += "<\(prefix)trkseg>\n<extensions><note a=\"<trkpt lat='3' lon='3'>\"/></extensions>\n"
                for _ in 0..<(points / 6) {
                    text += point(k, prefix: prefix, odd: random.int(40) == 0)
                    k += 1
                }
                text += "</\(prefix)trkseg>\n<!-- <trkseg><trkpt lat=\"4\" lon=\"4\"/> -->\n"
            }
            text += "<\(prefix)name>Track \(track)</\(prefix)name></\(prefix)trk>\n"
        }
        text += "<wpt lat=\"25.2\" lon=\"121.6\"><name>W</name></wpt><time>2024-03-02T00:00:00Z</time>\n"
        return Array((text + tail + "</\(prefix)gpx>\n").utf8)
    }

    /// Streams `bytes` with a split wherever the second reader starts and compares with the
    /// in-memory reader; returns the points taken from second readers in all.
    static func compare(
        _ bytes: [UInt8], chunks: [Int] = [97, 4096], percents: [Int] = Array(stride(from: 1, to: 100, by: 6))
    )
        throws -> Int
    {
        let expected = Result { () throws(TrackReadError) in try TrackReader().read(bytes, fileName: "s.gpx") }
        var taken = 0
        for chunk in chunks {
            for percent in percents {
                var reader = TrackReader()
                reader.splitThreshold = 0
                reader.splitPercent = percent
                let stream = InMemoryTrackStream(bytes, pieceLimit: chunk / 2 + 1)
                let read = Result { () throws(TrackReadError) in
                    try reader.read(stream: stream, fileName: "s.gpx", chunkSize: chunk)
                }
                switch (expected, read) {
                case (.success(let document), .success(let streamed)):
                    #expect(streamed.document == document, "chunk \(chunk), \(percent) %")
                    #expect(streamed.contentHash == SHA256.hexDigest(of: bytes))
                    taken += streamed.pointsFromSplit
                case (.failure(let error), .failure(let streamedError)):
                    #expect(streamedError == error, "chunk \(chunk), \(percent) %")
                default:
                    Issue.record("chunk \(chunk), \(percent) %: \(expected) but \(read)")
                }
            }
        }
        return taken
    }

    @Test func theSecondReaderIsTakenAndChangesNothing() throws {
        let taken = try Self.compare(Self.document(points: 600, seed: 1))
        #expect(taken > 1_000, "the second reader's points were taken \(taken) times in all")
    }

    /// One track of one segment, the second reader started at the middle: it reads about half.
    @Test func theSecondReaderReadsItsShare() throws {
        let text = "<gpx>\n<trk><trkseg>\n" + (0..<2_000).map { Self.point($0) }.joined() + "</trkseg></trk></gpx>\n"
        var reader = TrackReader()
        reader.splitThreshold = 0
        reader.splitPercent = 50
        let read = try reader.read(stream: InMemoryTrackStream(Array(text.utf8)), fileName: "one.gpx", chunkSize: 8_192)
        #expect(read.document == (try TrackReader().read(Array(text.utf8), fileName: "one.gpx")))
        #expect((900...1_100).contains(read.pointsFromSplit), "\(read.pointsFromSplit) of 2,000")
    }

    @Test func prefixedElements() throws {
        let taken = try Self.compare(Self.document(points: 300, seed: 2, prefix: "g:"), chunks: [4096])
        #expect(taken > 0)
    }

    /// Errors after the split point (where the second reader fails) and before it: always the
    /// in-memory reader's error, line included.
    @Test func errorsAreTheFirstReadersErrors() throws {
        let good = String(decoding: Self.document(points: 300, seed: 3), as: UTF8.self)
        let late = good.replacingOccurrences(of: "<ele>90.5</ele>", with: "<ele>9x</ele>")
        let unclosed = good.replacingOccurrences(of: "</trkseg>\n<!--", with: "</trksegment>\n<!--")
        let early = good.replacingOccurrences(of: "<ele>3.5</ele>", with: "<ele>3.5</el>")
        for text in [late, unclosed, early] {
            #expect(text != good)
            _ = try Self.compare(Array(text.utf8), chunks: [4096], percents: [10, 40, 60, 90])
        }
    }

    /// A split point that is not a child of a segment (inside a comment, CDATA or a value) is
    /// dropped: a document whose middle is one long comment full of `<trkpt`.
    @Test func aGuessInsideACommentIsDropped() throws {
        var text = String(decoding: Self.document(points: 60, seed: 4), as: UTF8.self)
        let comment = "<!--" + String(repeating: "<trkpt lat=\"5\" lon=\"5\"></trkpt>\n", count: 400) + "-->"
        // Right after the first point: 20-40 % of the way through what is left lies inside it.
        if let first = text.range(of: "</trkpt>\n") {
            text.replaceSubrange(first, with: "</trkpt>\n" + comment)
        }
        let taken = try Self.compare(Array(text.utf8), chunks: [4096], percents: [20, 30, 40])
        #expect(taken == 0)
    }

    /// A file that grows after it was opened, or ends early: the streamed read is the whole read.
    @Test func latin1AndAFileEndingEarly() throws {
        var latin1 = Self.document(points: 120, seed: 5)
        latin1.replaceSubrange(0..<21, with: Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>".utf8))
        if let at = latin1.lastIndex(of: UInt8(ascii: "W")) { latin1[at] = 0xE9 }  // é in Latin-1
        _ = try Self.compare(latin1, chunks: [4096], percents: [30, 70])
        let cut = Array(Self.document(points: 120, seed: 6).prefix(9_000))
        _ = try Self.compare(cut, chunks: [4096], percents: [30, 70])
    }

    /// A stream whose reads reaching `failFrom` throw, as a file truncated under the import does.
    struct FailingStream: ConcurrentTrackByteStream {
        let bytes: [UInt8]
        let failFrom: Int
        var expectedSize: Int { bytes.count }

        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, fileName: String)
            throws(TrackReadError) -> Int
        {
            if offset + buffer.count > failFrom { throw .unreadable(file: fileName, reason: "it was truncated") }
            return try InMemoryTrackStream(bytes).read(into: buffer, at: offset, fileName: fileName)
        }
    }

    /// The hashing thread's own reads (of what a second reader parsed): the digest of the bytes
    /// in order with the chunks handed over, and none at all when such a read fails or comes short.
    @Test func theHasherReadsSkippedBytesItselfAndReportsAFailure() throws {
        let bytes = Array((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
        let hasher = ChunkHasher()
        bytes.withUnsafeBytes { raw in
            hasher.submit(UnsafeRawBufferPointer(rebasing: raw[0..<1_000]))
            hasher.submit(stream: InMemoryTrackStream(bytes), from: 1_000, to: 250_000, fileName: "h.gpx")
            hasher.submit(UnsafeRawBufferPointer(rebasing: raw[250_000...]))
            hasher.drain()
        }
        #expect(hasher.hexDigest() == SHA256.hexDigest(of: bytes))

        let failing = ChunkHasher()
        failing.submit(stream: FailingStream(bytes: bytes, failFrom: 100_000), from: 0, to: 250_000, fileName: "h.gpx")
        #expect(failing.hexDigest() == nil)
        let short = ChunkHasher()
        short.submit(stream: InMemoryTrackStream(Array(bytes[..<50_000])), from: 0, to: 250_000, fileName: "h.gpx")
        #expect(short.hexDigest() == nil)
    }
}
