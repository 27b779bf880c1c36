import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

#if canImport(Glibc)
    import Glibc
#endif

/// The place archive written to its file section by section (issue 8): the file holds exactly
/// the bytes the in-memory archive holds, its block checksums are those of the bytes written,
/// and a write error is one sentence.
@Suite struct ArchiveFileOutputTests {
    /// A builder holding `places`.
    private func builder(_ places: [Place]) throws -> PlaceArchiveBuilder {
        var builder = PlaceArchiveBuilder()
        for place in places { try builder.add(place) }
        return builder
    }

    /// Places whose text (21 MB) crosses section chunks (16 MiB) and 64 KiB checksum blocks.
    private func longPlaces() -> [Place] {
        (0..<600).map { number in
            Place(
                datasetID: "long", id: "L\(number)", name: String(repeating: "名", count: 6_000 + number),
                coordinate: Coordinate(latitude: 25 + Double(number) * 1e-4, longitude: 121.5),
                address: nil, category: nil, attributes: [],
                fields: [PlaceField(name: "note", value: String(repeating: "x", count: 17_000 + number))])
        }
    }

    @Test(arguments: [0, 1, 5, 4_000])
    func fileHoldsTheSameBytesAsMemory(count: Int) throws {
        try compare(ArchiveFixtures.scattered(count))
    }

    @Test func fileHoldsTheSameBytesAcrossChunksAndBlocks() throws {
        try compare(longPlaces())
    }

    private func compare(_ places: [Place]) throws {
        let inMemory = try builder(places).finish(sourceTag: 99)
        let folder = try TestFolders.make("archive-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(FeedArchiver.fileName).path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        var output = ArchiveFileOutput(descriptor: fd)
        var streamed = try builder(places)
        try streamed.finish(sourceTag: 99, into: &output)
        close(fd)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes == inMemory)
        // Independently of the writer: every block's checksum is that of the bytes on disk.
        let array = [UInt8](bytes)
        let checkedEnd = ArchiveFixtures.section(5, of: array).lowerBound
        let table = ArchiveFixtures.section(6, of: array)
        var start = PlaceArchiveLayout.headerSize
        var slot = table.lowerBound
        while start < checkedEnd {
            let length = min(PlaceArchiveLayout.blockSize, checkedEnd - start)
            let expected = array.withUnsafeBytes { raw -> UInt64 in
                guard let base = raw.baseAddress else { return 0 }
                return BlockChecksum.hash(base + start, byteCount: length)
            }
            let stored = array[slot..<slot + 8].enumerated().reduce(UInt64(0)) {
                $0 | UInt64($1.element) << (8 * UInt64($1.offset))
            }
            #expect(stored == expected, "block at \(start)")
            start += length
            slot += 8
        }
        #expect(slot == table.upperBound)
        let archive = try PlaceArchive(path: path, datasetID: places.first?.datasetID ?? "x", expectedTag: 99)
        try archive.verifyAll()
        #expect(archive.count == places.count)
        for index in places.indices where index % 97 == 0 {
            #expect(try archive.place(at: index) == places[index])
        }
    }

    @Test func aWriteErrorIsOneSentence() throws {
        // A descriptor open for reading only: every write fails with EBADF.
        let fd = open("/dev/null", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var output = ArchiveFileOutput(descriptor: fd)
        var builder = try builder(ArchiveFixtures.scattered(3))
        do {
            try builder.finish(sourceTag: 1, into: &output)
            Issue.record("a write to a read-only descriptor succeeded")
        } catch {
            #expect(error.description.hasPrefix("the place archive cannot be written (write: "))
        }
    }
}
