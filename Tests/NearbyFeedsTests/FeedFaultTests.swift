import Foundation
import Testing

@testable import NearbyFeeds

/// Feeds that go wrong in plausible ways, served in the live data.taipei API shape: each keeps
/// the last good copy byte for byte and says why; a copy that lost too many rankable places is
/// refused unless the drop is accepted.
@Suite struct FeedFaultTests {
    typealias L = LibraryFixtures
    static let id = "toilets-api"
    static let livePath = "/api/v1/dataset/api.json?scope=resourceAquire&limit=1000&offset=0"

    /// A library whose planner gives up on a stalled page after 1 s of silence.
    static func library(_ folder: URL, at now: Date) -> PlaceLibrary {
        var library = L.library(folder, at: now)
        library.planner.totalTimeout = 10
        library.planner.budget = RefreshBudget(
            maxBytes: 1 << 20, maxSeconds: 10, lowSpeedBytesPerSecond: 10, lowSpeedSeconds: 1)
        return library
    }

    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case http500 = "500", http404 = "404", truncated = "truncate", stalled = "stall"
        case invalidJSON, zeroRecords
        var testDescription: String { rawValue }
    }

    @Test(arguments: Fault.allCases)
    func aFaultKeepsTheLastGoodCopyAndSaysWhy(fault: Fault) throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("faults")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("api.json", L.apiPage(1...10, count: 10))
        let manifest = L.jsonManifest(url: server.url(Self.livePath))
        _ = try Self.library(folder, at: L.seedDay).open(manifest)
        let before = TestFolders.snapshot(folder)

        switch fault {
        case .invalidJSON: try server.put("api.json", "{\"result\": {\"results\": [")
        case .zeroRecords: try server.put("api.json", L.apiPage(nil, count: 0))
        default: try server.put("fault.txt", fault.rawValue)
        }
        let library = Self.library(folder, at: L.staleDay)
        do {
            let outcome = try library.refresh(manifest, force: true)
            Issue.record("expected a failure, got \(outcome)")
        } catch {
            #expect(error.reason.hasSuffix("the last good copy, if any, was kept."), "\(error.reason)")
            let expected: String
            switch fault {
            case .http500: expected = "HTTP status 500"
            case .http404: expected = "HTTP status 404"
            case .truncated: expected = "the connection closed after"
            case .stalled: expected = "fewer than 10 bytes a second arrived for 1 s"
            case .invalidJSON: expected = "the new data is invalid"
            case .zeroRecords:
                expected = FeedDecodeError.noRecords(dataset: Self.id).description.replacingOccurrences(
                    of: ".", with: "")
            }
            #expect(error.reason.contains(expected), "\(error.reason)")
            #expect(library.lastRefusal(of: manifest)?.reason == error.reason)
        }
        #expect(TestFolders.snapshot(folder) == before)
        let opened = try library.open(manifest)
        #expect(opened.archive.count == 10)
    }

    @Test func aCopyThatLostMoreThanTheLimitOfRankablePlacesIsRefused() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("drop")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("api.json", L.apiPage(1...10, count: 10))
        let manifest = L.jsonManifest(url: server.url(Self.livePath))
        _ = try Self.library(folder, at: L.seedDay).open(manifest)
        let before = TestFolders.snapshot(folder)

        // Overnight, 3 of 10 coordinates turned invalid: a fall of 30 % > 20 %.
        var records = (1...10).map(L.apiRecord)
        for n in [2, 5, 7] { records[n - 1] = records[n - 1].replacingOccurrences(of: "\"121.500000\"", with: "\"\"") }
        try server.put("api.json", "{\"result\": {\"count\": 10, \"results\": [\(records.joined(separator: ","))]}}")
        let library = Self.library(folder, at: L.staleDay)
        let refusal = RefreshError.tooLargeDrop(datasetID: Self.id, previous: 10, new: 7, maxPercent: 20)
        #expect(throws: PlaceLibraryError.self) { try library.refresh(manifest, force: true) }
        #expect(library.lastRefusal(of: manifest)?.reason == refusal.description)
        #expect(
            refusal.description
                == "Refreshing toilets-api refused the new copy because its places with coordinates fell from 10 to 7, more than 20 %; the last good copy, if any, was kept."
        )
        #expect(TestFolders.snapshot(folder) == before)

        // A manifest may allow more; accepting the drop takes the copy and clears the refusal.
        var lenient = manifest
        lenient.refresh.maxDropPercent = 30
        #expect(throws: Never.self) { try library.refresh(lenient, force: true) }
        #expect(library.lastRefusal(of: manifest) == nil)
        #expect(try library.cache.load(Self.id).metadata.rankableCount == 7)
    }

    @Test func acceptDropTakesTheCopy() throws {
        let server = try FixtureServer()
        let folder = try TestFolders.make("accept-drop")
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.put("api.json", L.apiPage(1...10, count: 10))
        let manifest = L.jsonManifest(url: server.url(Self.livePath))
        _ = try Self.library(folder, at: L.seedDay).open(manifest)
        try server.put("api.json", L.apiPage(1...2, count: 2))
        let library = Self.library(folder, at: L.staleDay)
        #expect(throws: PlaceLibraryError.self) { try library.refresh(manifest, force: true) }
        #expect(
            try library.refresh(manifest, force: true, acceptDrop: true)
                == .updated(records: 2, bytes: Int64(L.apiPage(1...2, count: 2).utf8.count), pages: 1))
        #expect(try library.open(manifest).archive.count == 2)
    }
}
