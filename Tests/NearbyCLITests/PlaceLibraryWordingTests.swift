import NearbyFeeds
import Testing

@testable import NearbyCLI

/// The place library's errors and warnings are values that name no flag; the command line words
/// them, adds the flag or command that helps, and picks the documented exit code.
@Suite struct PlaceLibraryWordingTests {
    static let drop = RefreshError.tooLargeDrop(datasetID: "toilets", previous: 10, new: 7, maxPercent: 20)

    @Test func warningsGetTheCommandThatHelps() {
        let stale = PlaceLibraryWarning.stale(datasetID: "toilets", ageDays: 9)
        #expect(stale.description == "toilets was last checked 9 days ago and is stale")
        #expect(
            PlaceLibraryWording.warning(stale)
                == "toilets was last checked 9 days ago and is stale; run 'nearby refresh toilets'")
        let usingStale = PlaceLibraryWarning.usingStale(
            datasetID: "toilets", ageDays: 1, because: .refreshFailed("toilets", Self.drop))
        #expect(!usingStale.description.contains("--accept-drop"))
        #expect(
            PlaceLibraryWording.warning(usingStale)
                == "could not refresh toilets (Refreshing toilets refused the new copy because its places with "
                + "coordinates fell from 10 to 7, more than 20 %; the last good copy, if any, was kept "
                + "('nearby refresh --accept-drop toilets' takes it anyway).); using the copy from 1 day ago")
        let leftOut = PlaceLibraryWarning.leftOut(.notCached("parks"))
        #expect(
            PlaceLibraryWording.warning(leftOut, leftOut: "drawing the other datasets")
                == "parks has no data: there is no cached copy and fetching is off (--offline); drawing the other datasets"
        )
        let rebuilt = PlaceLibraryWarning.rebuilt(datasetID: "toilets", reason: "a block does not match its checksum")
        #expect(PlaceLibraryWording.warning(rebuilt) == rebuilt.description)
    }

    @Test func errorsGetTheirExitCodes() {
        let unknown = PlaceLibraryWording.error(.unknownDataset("x", ["toilets"]))
        #expect(unknown.exitCode == .usage)
        let damaged = PlaceLibraryWording.error(.damaged("toilets", "a record is damaged"))
        #expect(damaged.exitCode == .failure)
        #expect(damaged.message == "toilets: a record is damaged; run 'nearby refresh --force toilets'")
        let none = PlaceLibraryWording.error(.noneHaveData([.notCached("parks"), .fetchFailed("hotels", Self.drop)]))
        #expect(none.exitCode == .noData)
        #expect(none.message.hasPrefix("parks has no data: there is no cached copy and fetching is off (--offline); "))
        // Joined sentences keep no full stop of their own (a '.;' read as part of a path); the
        // command line ends the whole message with one.
        #expect(none.message.hasSuffix("('nearby refresh --accept-drop toilets' takes it anyway)"))
        let failed = PlaceLibraryWording.error(.refreshFailed("toilets", Self.drop))
        #expect(failed.exitCode == .failure)
        #expect(!PlaceLibraryError.refreshFailed("toilets", Self.drop).description.contains("nearby"))
    }
}
