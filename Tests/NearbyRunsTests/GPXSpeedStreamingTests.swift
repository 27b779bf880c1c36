import NearbySystem
import Testing

@testable import NearbyRuns

/// The streaming reader (`TrackReader.read(stream:)`) against the in-memory reader: a document
/// split at every byte offset, through windows of a few bytes, gives the same points, the same
/// errors (with their lines) and the SHA-256 of its bytes.
@Suite struct GPXSpeedStreamingTests {
    /// Hands out at most `piece` bytes per read and never reads across `split`.
    struct SplitStream: TrackByteStream {
        let bytes: [UInt8]
        let split: Int
        var piece = Int.max
        /// What the stream claims its size is (a file can grow after it was opened).
        var claimedSize: Int?

        var expectedSize: Int { claimedSize ?? bytes.count }

        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, fileName: String)
            throws(TrackReadError) -> Int
        {
            guard offset < bytes.count, let target = buffer.baseAddress else { return 0 }
            var n = min(buffer.count, bytes.count - offset, piece)
            if offset < split { n = min(n, split - offset) }
            bytes.withUnsafeBytes { raw in
                if let source = raw.baseAddress { target.copyMemory(from: source + offset, byteCount: n) }
            }
            return n
        }
    }

    static func points(_ count: Int, from start: Int) -> String {
        (0..<count).map { i in
            let k = start + i
            return """
                <trkpt lat="25.0\(String(format: "%03d", k))1" lon='121.5\(String(format: "%03d", k))7'>\
                <ele>1\(k).5</ele><time>2024-03-01T08:\(String(format: "%02d", k % 60)):0\(k % 10)Z</time>\
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>1\(k % 90)</gpxtpx:hr>\
                <gpxtpx:cad>8\(k % 10)</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>

                """
        }.joined()
    }

    /// Two tracks, three segments, metadata, a waypoint, a route, comments, CDATA, entities.
    static let gpx: String = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!-- exported -->
        <gpx version="1.1" creator="Test &amp; Co" xmlns="http://www.topografix.com/GPX/1/1">
          <metadata><name>Morning <![CDATA[run & ride]]></name><time>2024-03-01T08:00:00Z</time></metadata>
          <wpt lat="25.1" lon="121.6"><name>Start</name></wpt>
          <trk><name>Lap &#x41;</name><type>running</type>
            <trkseg>
        \(points(4, from: 0))    </trkseg>
            <!-- a pause -->
            <trkseg>
        \(points(3, from: 20))    </trkseg>
          </trk>
          <rte><name>r</name><rtept lat="25.2" lon="121.7"/><rtept lat="25.3" lon="121.8"/></rte>
          <trk><trkseg>
        \(points(2, from: 40))  </trkseg></trk>
        </gpx>
        <!-- trailing -->

        """

    static let tcx: String = {
        func trackpoints(_ count: Int, from start: Int) -> String {
            (0..<count).map { i in
                let k = start + i
                let position =
                    k % 7 == 3
                    ? ""
                    : "<Position><LatitudeDegrees>25.0\(k)2</LatitudeDegrees><LongitudeDegrees>121.5\(k)</LongitudeDegrees></Position>"
                return """
                    <Trackpoint><Time>2024-03-01T09:00:\(String(format: "%02d", k % 60))Z</Time>\(position)\
                    <AltitudeMeters>\(k).25</AltitudeMeters><DistanceMeters>\(k * 3)</DistanceMeters>\
                    <HeartRateBpm><Value>1\(k % 80)</Value></HeartRateBpm>\
                    <Extensions><ns3:TPX><ns3:RunCadence>8\(k % 9)</ns3:RunCadence></ns3:TPX></Extensions></Trackpoint>

                    """
            }.joined()
        }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Running"><Id>2024-03-01T09:00:00Z</Id>
            <Lap StartTime="2024-03-01T09:00:00Z"><TotalTimeSeconds>60</TotalTimeSeconds><Track>
            \(trackpoints(5, from: 0))</Track></Lap>
            <Lap StartTime="2024-03-01T09:01:00Z"><Track>
            \(trackpoints(4, from: 5))</Track><Track>
            \(trackpoints(3, from: 9))</Track></Lap>
            </Activity></Activities></TrainingCenterDatabase>

            """
    }()

    static func inMemory(_ bytes: [UInt8]) -> Result<TrackDocument, TrackReadError> {
        Result { () throws(TrackReadError) -> TrackDocument in try TrackReader().read(bytes, fileName: "t.gpx") }
    }

    static func streamed(_ stream: some TrackByteStream, chunk: Int, limit: Int = TrackReader.defaultSizeLimit)
        -> Result<StreamedTrack, TrackReadError>
    {
        Result { () throws(TrackReadError) -> StreamedTrack in
            try TrackReader(sizeLimit: limit).read(stream: stream, fileName: "t.gpx", chunkSize: chunk)
        }
    }

    /// The split offsets that are distinct cases, for a document read through a window of `chunk`
    /// bytes: every offset up to the end of the second track point (the prologue, the root and
    /// the first elements whole); the start and the end of every tag and entity; every offset
    /// inside the first occurrence of each distinct tag
    /// (by its name, start or end tag, comment, CDATA, declaration) and of each entity, and the
    /// offsets just before and after it; the offsets beside each multiple of the window; the last
    /// 32; and every `stride`-th offset between. What is left out repeats a case kept: the same
    /// tag or entity cut at the same place, later in the document.
    static func splitOffsets(_ bytes: [UInt8], chunk: Int, stride: Int = 11) -> [Int] {
        var offsets = Set(Swift.stride(from: 0, through: bytes.count, by: stride))
        offsets.formUnion(max(0, bytes.count - 32)...bytes.count)
        for multiple in Swift.stride(from: chunk, through: bytes.count, by: chunk) {
            offsets.formUnion(max(0, multiple - 1)...min(bytes.count, multiple + 1))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var head = bytes.count
        for closing in ["</trkpt>", "</Trackpoint>"] {
            let ends = text.utf8.indices.lazy.filter { text.utf8[$0...].starts(with: closing.utf8) }
            if let second = ends.dropFirst().first {
                head = min(head, text.utf8.distance(from: text.utf8.startIndex, to: second) + closing.utf8.count)
            }
        }
        // The reader's window ends where a read stops: at the split, then a whole chunk further
        // each time, so the splits in the first chunk already give the window every phase
        // against the document; all of them are kept.
        offsets.formUnion(0...min(bytes.count, max(head, chunk)))
        var seen: Set<[UInt8]> = []
        var index = 0
        while index < bytes.count {
            let opener = bytes[index]
            guard opener == UInt8(ascii: "<") || opener == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            let closer = opener == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: ";")
            var last = index + 1
            while last < bytes.count, bytes[last] != closer { last += 1 }
            // Every tag and entity starts and ends at a split somewhere.
            offsets.formUnion([index, min(bytes.count, last + 1)])
            // The kind: an entity whole, a tag by its name (up to a space, `>` or `/` after the first byte).
            var nameEnd = index + 2
            while nameEnd < last, opener == UInt8(ascii: "&") || ![32, 9, 10, 13, 47].contains(bytes[nameEnd]) {
                nameEnd += 1
            }
            if seen.insert(Array(bytes[index..<min(nameEnd, bytes.count)])).inserted {
                offsets.formUnion(max(0, index - 1)...min(bytes.count, last + 2))
            }
            index += 1
        }
        return offsets.sorted()
    }

    /// The distinct split offsets (``splitOffsets(_:chunk:stride:)``), through a window of `chunk`
    /// bytes: the same document and hash as in memory, read through the window (no second
    /// reading) when `mustStream`.
    static func checkEverySplit(_ text: String, chunk: Int, mustStream: Bool) throws {
        let bytes = Array(text.utf8)
        let expected = try inMemory(bytes).get()
        let hash = SHA256.hexDigest(of: bytes)
        var fellBack = 0
        for split in splitOffsets(bytes, chunk: chunk) {
            let read = try streamed(SplitStream(bytes: bytes, split: split, piece: 4096), chunk: chunk).get()
            #expect(read.document == expected, "split at \(split)")
            #expect(read.contentHash == hash, "split at \(split)")
            if !read.streamed { fellBack += 1 }
        }
        if mustStream { #expect(fellBack == 0) }
    }

    @Test func gpxSplitAtEveryOffsetThroughSmallWindows() throws {
        let document = try Self.inMemory(Array(Self.gpx.utf8)).get()
        // The oracle itself, by hand: 2 tracks (and a route), 4 + 3 + 2 points.
        #expect(document.tracks.map { $0.segments.map(\.points.count) } == [[4, 3], [2]])
        #expect(document.waypoints.count == 1 && document.creator == "Test & Co")
        for chunk in [48, 512] {
            try Self.checkEverySplit(Self.gpx, chunk: chunk, mustStream: true)
        }
    }

    @Test func tcxSplitAtEveryOffset() throws {
        let document = try Self.inMemory(Array(Self.tcx.utf8)).get()
        #expect(document.tracks.count == 1)
        #expect(document.tracks[0].segments.map(\.points.count) == [4, 4, 2])  // k = 3 and 10 have no position
        // Trackpoints outside the pinned containers' lookahead read again whole; all agree.
        try Self.checkEverySplit(Self.tcx, chunk: 64, mustStream: false)
        try Self.checkEverySplit(Self.tcx, chunk: 768, mustStream: true)
    }

    @Test func longDocumentStreamsThroughManyWindowMoves() throws {
        let text = "<gpx><trk><trkseg>\n" + Self.points(2000, from: 0) + "</trkseg></trk></gpx>\n"
        let bytes = Array(text.utf8)
        let expected = try Self.inMemory(bytes).get()
        #expect(expected.tracks[0].segments[0].points.count == 2000)
        for piece in [1, 13, 4096] {
            let read = try Self.streamed(InMemoryTrackStream(bytes, pieceLimit: piece), chunk: 512).get()
            #expect(read.streamed)
            #expect(read.document == expected)
            #expect(read.contentHash == SHA256.hexDigest(of: bytes))
        }
    }

    /// A part larger than the window (a long comment, a huge extension) is read with more bytes.
    @Test func partLargerThanTheWindow() throws {
        let comment = "<!--" + String(repeating: "x", count: 5000) + "-->"
        let text =
            "<gpx><trk><trkseg>" + Self.points(3, from: 0) + comment
            + "<trkpt lat=\"1\" lon=\"2\"><extensions><x>" + String(repeating: "y", count: 3000)
            + "</x><hr>99</hr></extensions></trkpt>" + Self.points(3, from: 5) + "</trkseg></trk></gpx>"
        let bytes = Array(text.utf8)
        let read = try Self.streamed(InMemoryTrackStream(bytes, pieceLimit: 100), chunk: 64).get()
        #expect(read.streamed)
        #expect(read.document == (try Self.inMemory(bytes).get()))
        #expect(read.document.tracks[0].segments[0].points[3].heartRate == 99)
    }

    /// Broken documents: the same error, on the same line, wherever the stream splits them.
    @Test func errorsAreTheInMemoryReadersAtEverySplit() throws {
        let broken = [
            "<gpx>\n<trk>\n<trkseg>\n</trk>\n</gpx>",
            "<gpx><trk><trkseg>\n" + Self.points(6, from: 0) + "<trkpt lat=\"x\" lon=\"1\"/>\n</trkseg></trk></gpx>",
            "<gpx><trk><trkseg>\n" + Self.points(6, from: 0) + "<trkpt lat=\"1\" lon=\"1\"><ele>&bomb;</ele></trkpt>",
            "<gpx><trk><trkseg>\n" + Self.points(4, from: 0),
            "<gpx><trk><trkseg>\n" + Self.points(4, from: 0) + "<trkpt lat=\"1\" lon=\"1\"><time>noon</time></trkpt>",
            "<!DOCTYPE gpx [<!ENTITY e \"x\">]>\n<kml/>",
            "\n\n   ",
        ]
        for text in broken {
            let bytes = Array(text.utf8)
            guard case .failure(let expected) = Self.inMemory(bytes) else {
                Issue.record("expected an error from \(text.prefix(40))")
                continue
            }
            for split in stride(from: 0, through: bytes.count, by: 3) {
                let stream = SplitStream(bytes: bytes, split: split, piece: 50)
                guard case .failure(let error) = Self.streamed(stream, chunk: 40) else {
                    Issue.record("streamed read of \(text.prefix(40)) split at \(split) succeeded")
                    continue
                }
                #expect(error == expected, "split at \(split)")
            }
        }
    }

    /// A stream larger than the limit is refused, whether its size says so or only its bytes do.
    @Test func sizeLimitHolds() throws {
        let bytes = Array(("<gpx><trk><trkseg>" + Self.points(40, from: 0) + "</trkseg></trk></gpx>").utf8)
        let limit = bytes.count - 10
        for claimed in [bytes.count, 100] {
            let stream = SplitStream(bytes: bytes, split: 0, piece: 64, claimedSize: claimed)
            guard case .failure(.unreadable(_, let reason)) = Self.streamed(stream, chunk: 64, limit: limit) else {
                Issue.record("a stream over the limit was read (claimed size \(claimed))")
                continue
            }
            #expect(reason.contains("larger than the limit"))
        }
        let fits = Self.streamed(SplitStream(bytes: bytes, split: 0, piece: 64), chunk: 64, limit: bytes.count)
        #expect((try? fits.get())?.streamed == true)
    }
}
