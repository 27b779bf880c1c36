import Testing

@testable import NearbyRuns

/// Magic-byte detection and gzip files, on fixtures compressed by zlib in the test.
struct ContainerGzipTests {
    @Test func detectsKindsByMagicBytesNotNames() {
        #expect(ContentKind.detect([0x1F, 0x8B, 8, 0]) == .gzip)
        #expect(ContentKind.detect([0x50, 0x4B, 3, 4, 0]) == .zip)
        #expect(ContentKind.detect([0x50, 0x4B, 5, 6]) == .zip)
        #expect(ContentKind.detect([0x50, 0x4B, 7, 8]) == .unknown)
        #expect(ContentKind.detect(ContainerFixtures.fitStub()) == .fit)
        var twelve: [UInt8] = [12, 0x10, 0x40, 0, 0, 0, 0, 0, 0x2E, 0x46, 0x49, 0x54]
        #expect(ContentKind.detect(twelve) == .fit)
        twelve[0] = 13
        #expect(ContentKind.detect(twelve) == .unknown)
        #expect(ContentKind.detect([0xEF, 0xBB, 0xBF] + Array("  \r\n\t<?xml".utf8)) == .xml)
        #expect(ContentKind.detect(Array("          <?xml".utf8)) == .xml)
        #expect(ContentKind.detect(Array("Activity ID,Date".utf8)) == .unknown)
        #expect(ContentKind.detect([]) == .unknown)
        #expect(ContentKind.detect(Array("   ".utf8)) == .unknown)
    }

    @Test func gzipOfAGPXYieldsTheOriginalBytesAsXML() throws {
        let gpx = Array(ContainerFixtures.gpx().utf8)
        let items = ContainerReader().items(bytes: ContainerFixtures.gzip(gpx), name: "run.gpx.gz")
        let source = try #require(items.sources.first)
        #expect(items.count == 1)
        #expect(source.format == .xml)
        #expect(source.displayPath == "run.gpx.gz")
        #expect(source.bytes.array == gpx)
        let document = try source.bytes.withUnsafeBytes { raw throws(TrackReadError) in
            try TrackReader().read(raw, fileName: source.displayPath)
        }
        #expect(document.tracks.first?.pointCount == 2)
    }

    @Test func detectsAGzippedFITWhateverItsName() throws {
        let fit = ContainerFixtures.fitStub(tag: 7)
        let items = ContainerReader().items(bytes: ContainerFixtures.gzip(fit), name: "upload.bin")
        let source = try #require(items.sources.first)
        #expect(source.format == .fit)
        #expect(source.bytes.array == fit)
    }

    @Test func readsEveryMemberOfAMultiMemberGzip() throws {
        let a = Array("<?xml version=\"1.0\"?><gpx version=\"1.1\">".utf8)
        let b = Array("<trk><trkseg></trkseg></trk></gpx>".utf8)
        let bytes = ContainerFixtures.gzip(a) + ContainerFixtures.gzip(b) + [0, 0, 0, 0]
        let items = ContainerReader().items(bytes: bytes, name: "two.gpx.gz")
        #expect(items.sources.first?.bytes.array == a + b)
    }

    @Test func refusesACorruptCRC() {
        var bytes = ContainerFixtures.gzip(ContainerFixtures.gpx())
        bytes[bytes.count - 6] ^= 0xFF  // inside the CRC-32 of the trailer
        let failures = ContainerReader().items(bytes: bytes, name: "bad.gpx.gz").failures
        guard case .gzipCorrupt(let path, _)? = failures.first else {
            Issue.record("expected gzipCorrupt, got \(failures)")
            return
        }
        #expect(path == "bad.gpx.gz")
        #expect(failures.count == 1)
    }

    @Test func refusesAWrongLength() {
        var bytes = ContainerFixtures.gzip(ContainerFixtures.gpx())
        bytes[bytes.count - 1] ^= 0x01  // ISIZE
        let failures = ContainerReader().items(bytes: bytes, name: "bad.gpx.gz").failures
        guard case .gzipCorrupt? = failures.first else {
            Issue.record("expected gzipCorrupt, got \(failures)")
            return
        }
    }

    @Test func refusesCorruptDeflateData() {
        var bytes = ContainerFixtures.gzip(ContainerFixtures.gpx())
        for index in 10..<min(40, bytes.count - 8) { bytes[index] = 0xFF }
        let failures = ContainerReader().items(bytes: bytes, name: "bad.gpx.gz").failures
        #expect(failures.count == 1)
        guard case .gzipCorrupt? = failures.first else {
            Issue.record("expected gzipCorrupt, got \(failures)")
            return
        }
    }

    @Test func refusesATruncatedGzip() {
        let bytes = ContainerFixtures.gzip(ContainerFixtures.gpx())
        for cut in [2, 5, bytes.count / 2, bytes.count - 3] {
            let items = ContainerReader().items(bytes: Array(bytes.prefix(cut)), name: "cut.gz")
            #expect(items.failures == [.gzipTruncated(path: "cut.gz")], "cut at \(cut)")
        }
    }

    @Test func refusesTrailingGarbage() {
        let bytes = ContainerFixtures.gzip(ContainerFixtures.gpx()) + Array("junk".utf8)
        #expect(ContainerReader().items(bytes: bytes, name: "x.gz").failures == [.gzipTrailingData(path: "x.gz")])
    }

    @Test func refusesAGzipBombWithASentence() throws {
        // 4 MiB of XML (a '<' and spaces): about 4 KiB gzipped.
        let bomb = ContainerFixtures.gzip([0x3C] + [UInt8](repeating: 0x20, count: (4 << 20) - 1))
        #expect(bomb.count < 64 << 10)
        let reader = ContainerReader(limits: ContainerLimits(memberBytes: 1 << 20))
        // Found to be XML by its first bytes, it is handed on as a stream: the refusal comes as
        // it is read, after at most the limit (never the whole) has been inflated.
        let failures = reader.itemsRead(bytes: bomb, name: "bomb.gpx.gz").failures
        #expect(failures == [.inflatesTooLarge(path: "bomb.gpx.gz", limit: 1 << 20)])
        let sentence = try #require(failures.first).description
        #expect(sentence == "bomb.gpx.gz inflates to more than 1 MiB, so it is refused as a decompression bomb.")
        // Exactly at the limit it is read.
        let fits = ContainerReader(limits: ContainerLimits(memberBytes: 4 << 20)).itemsRead(bytes: bomb, name: "ok.gz")
        #expect(fits.failures.isEmpty)
    }

    /// Issue 22: a gzip of a gzip was "neither a track nor a gzip or zip file"; it is a gzip,
    /// and the sentence says what to do.
    @Test func aGzipOfAGzipIsNotUnwrappedTwiceAndSaysSo() {
        let twice = ContainerFixtures.gzip(ContainerFixtures.gzip(ContainerFixtures.gpx()))
        let failures = ContainerReader().items(bytes: twice, name: "x.gz.gz").failures
        #expect(failures == [.gzipInsideGzip(path: "x.gz.gz")])
        #expect(
            failures.first?.description
                == "x.gz.gz is a gzip file inside a gzip file; Nearby unpacks one layer, so unpack it once (gunzip) and import the result."
        )
    }

    @Test func aPlainFileThatIsNothingKnownIsOneSentence() throws {
        let items = ContainerReader().items(bytes: Array("hello".utf8), name: "notes.txt")
        #expect(items.failures == [.unknownContent(path: "notes.txt")])
        let missing = ContainerReader().items(path: "/nonexistent/nearby-test.zip")
        guard case .unreadable(let path, _)? = missing.failures.first else {
            Issue.record("expected unreadable, got \(missing)")
            return
        }
        #expect(path == "/nonexistent/nearby-test.zip")
        let directory = ContainerReader().items(path: "/tmp")
        #expect(directory.failures == [.unreadable(path: "/tmp", reason: "it is a directory, not a regular file")])
        // A device is refused before a byte is read, with the sentence every track reader gives.
        let device = ContainerReader().items(path: "/dev/zero")
        #expect(
            device.failures == [.unreadable(path: "/dev/zero", reason: "it is a character device, not a regular file")])
    }
}
