import Foundation
import Testing

@testable import NearbyFeeds

/// Columns whose values do not repeat stop paying for the sharing table, and what they hold
/// still reads back unchanged.
@Suite struct ColumnSharingTests {
    /// Look-ups of `values` values where each look-up is a hit when `hits` says so.
    func lookups(_ values: Int, hits: (Int) -> Bool) -> Int {
        var column = ColumnSharing()
        var count = 0
        for value in 0..<values where column.shouldLookUp() {
            column.record(hit: hits(value))
            count += 1
        }
        return count
    }

    @Test func aColumnThatNeverRepeatsIsOnlySampledAfterItsTrial() {
        // 4096 trial look-ups, then values 4097…10000 (counting from 1) that are multiples
        // of 64: ⌊10000/64⌋ − ⌊4096/64⌋ = 156 − 64 = 92.
        #expect(lookups(10_000) { _ in false } == 4096 + 92)
    }

    @Test func aColumnThatRepeatsKeepsLookingUp() {
        #expect(lookups(10_000) { _ in true } == 10_000)
        // One hit in 100 is above the 1-in-256 line.
        #expect(lookups(10_000) { $0 % 100 == 0 } == 10_000)
    }

    @Test func placesPastTheTrialRoundTrip() throws {
        let places = ArchiveFixtures.scattered(9_000)
        let path = try ArchiveFixtures.write(places)
        defer { ArchiveFixtures.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: ArchiveFixtures.dataset, expectedTag: 42)
        #expect(archive.count == places.count)
        for record in stride(from: 0, to: places.count, by: 7) {
            #expect(try archive.place(at: record) == places[record], "record \(record)")
        }
        #expect(try archive.place(at: places.count - 1) == places[places.count - 1])
    }
}
