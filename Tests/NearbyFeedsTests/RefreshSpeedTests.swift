import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// The archive built on a second thread (issue 8, a refresh as fast as `json.load`): drafts are
/// copied into batches that a worker replays into the sections, so the archive must be byte
/// for byte the one the sections build from the same places on one thread, and read back as
/// the places that went in.
@Suite struct RefreshSpeedTests {
    /// Places over several batches, with what sharing depends on: repeated values, a mapped
    /// value that is also a raw field, empty and absent texts, places without a position.
    private static func places(_ count: Int) -> [Place] {
        (0..<count).map { number in
            let name = "地點 \(number)"
            return Place(
                datasetID: "d", id: "\(number)", name: name,
                coordinate: number % 7 == 3
                    ? nil : Coordinate(latitude: 25 + Double(number % 1000) * 1e-4, longitude: 121.5),
                address: number % 5 == 0 ? nil : (number % 5 == 1 ? "" : "路 \(number % 13)"),
                category: number % 2 == 0 ? "公園" : "",
                attributes: [
                    PlaceAttribute(key: "district", label: "行政區", value: "區 \(number % 12)"),
                    PlaceAttribute(key: "seats", label: "座位", value: number % 3 == 0 ? "" : "\(number % 9)"),
                ],
                fields: [
                    PlaceField(name: "名稱", value: name),
                    PlaceField(name: "空", value: ""),
                    PlaceField(name: "id", value: "\(number)"),
                ])
        }
    }

    /// The sections fed on this thread, as before the worker: the reference bytes.
    private static func oneThread(_ places: [Place], tag: UInt64) throws -> Data {
        var sections = ArchiveSections()
        for place in places {
            try PlaceDraft.with(place) { (draft) throws(PlaceSinkFull) in try sections.add(draft) }
        }
        var output = ArchiveDataOutput()
        sections.finish(sourceTag: tag, into: &output)
        return output.data
    }

    @Test func workerBuildsTheOneThreadArchive() throws {
        let count = 3 * DraftPipeline.batchSize + 123
        let places = Self.places(count)
        var builder = PlaceArchiveBuilder()
        for place in places { try builder.add(place) }
        #expect(builder.count == count)
        try builder.flush()
        let bytes = builder.finish(sourceTag: 5)
        #expect(bytes == (try Self.oneThread(places, tag: 5)))
        let folder = try TestFolders.make("refreshspeed")
        let path = folder.appendingPathComponent(FeedArchiver.fileName).path
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { ArchiveFixtures.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: "d", expectedTag: 5)
        #expect(archive.count == count)
        for index in places.indices {
            #expect(try archive.place(at: index) == places[index])
        }
    }

    /// A feed streamed through the decoder into the builder: more records than a batch.
    @Test func streamedFeedMatchesOneThreadArchive() throws {
        let manifest = try FeedTestPaths.manifest("toilets-api")
        let page = try FeedTestPaths.fixture("toilets-api-page1.json")
        let perPage = try FeedDecoder().decode(pages: [page], manifest: manifest).places.count
        try #require(perPage > 0)
        let pages = [Data](repeating: page, count: 2 * DraftPipeline.batchSize / perPage + 2)
        let expected = try FeedDecoder().decode(pages: pages, manifest: manifest).places
        #expect(expected.count > 2 * DraftPipeline.batchSize)
        var stream = FeedStreamDecoder(manifest: manifest, sink: PlaceArchiveBuilder())
        for page in pages { try stream.add(page: page) }
        let summary = try stream.finish()
        #expect(summary.placeCount == expected.count)
        let bytes = stream.sink.finish(sourceTag: 9)
        #expect(bytes == (try Self.oneThread(expected, tag: 9)))
    }

    /// A builder dropped unfinished lets its worker go (and a new one works alongside).
    @Test func abandonedBuilderDoesNotHang() throws {
        let places = Self.places(2 * DraftPipeline.batchSize + 1)
        for _ in 0..<3 {
            var builder = PlaceArchiveBuilder()
            for place in places { try builder.add(place) }
        }
        var builder = PlaceArchiveBuilder()
        for place in places.prefix(10) { try builder.add(place) }
        #expect(builder.finish(sourceTag: 1) == (try Self.oneThread(Array(places.prefix(10)), tag: 1)))
    }
}
