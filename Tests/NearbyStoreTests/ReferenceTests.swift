import Foundation
import Testing

@testable import NearbyStore

@Suite struct ReferenceTests {
    /// Runs: id 1 hash abcd1…, "monday.gpx"; id 2 hash abcd2…, "tuesday.tcx";
    /// id 3 hash 3333…, "2" (a file named like an id); id 4 hash 9999…, "monday.gpx" again.
    func withRuns(_ body: (RunStore) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let store = try RunStore(
                path: directory.appendingPathComponent("runs.sqlite").path, now: fixedNow)
            let sources = [
                ("abcd1", "monday.gpx"), ("abcd2", "tuesday.tcx"), ("3333", "2"),
                ("9999", "monday.gpx"),
            ]
            for (prefix, source) in sources {
                _ = try store.importRun(sampleRecord(hash: fakeHash(prefix), source: source))
            }
            try body(store)
        }
    }

    @Test(
        arguments: [
            ("1", Int64(1)),  // an id
            (" 2 ", 2),  // an id wins over the file named "2"; whitespace trimmed
            ("abcd1", 1),  // a unique hash prefix
            ("ABCD2", 2),  // case-insensitive
            (fakeHash("3333"), 3),  // a whole hash
            ("tuesday.tcx", 2),  // a file name
            ("some/dir/tuesday.tcx", 2),  // a path reduced to its file name
            ("9999", 4),  // a number that is no id, but a hash prefix
        ] as [(String, Int64)])
    func resolves(reference: String, id: Int64) throws {
        try withRuns { store throws in
            #expect(try store.findRun(reference: reference).id == id)
        }
    }

    @Test(
        arguments: [
            ("abc", [Int64]?.none),  // too short to be a prefix, and no such file
            ("abcd", [1, 2]),  // a prefix shared by two hashes
            ("7", nil),
            ("", nil),
            ("wednesday.gpx", nil),
            ("abcd0", nil),
            ("monday.gpx", [1, 4]),
        ] as [(String, [Int64]?)])
    func refuses(reference: String, ambiguousAmong: [Int64]?) throws {
        try withRuns { store throws in
            let error = try #require(throws: RunStoreError.self) {
                try store.findRun(reference: reference)
            }
            if let ambiguousAmong {
                #expect(error == .ambiguousReference(reference, matches: ambiguousAmong))
                #expect(error.description.hasPrefix("\"\(reference)\" matches several runs (ids "))
            } else {
                #expect(error == .referenceNotFound(reference))
                #expect(error.description.hasPrefix("No run matches"))
            }
        }
    }
}
