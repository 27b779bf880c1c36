import Foundation
import NearbyRuns
import Testing

@testable import NearbyStore

@Suite struct RunStoreTests {
    @Test func importListGetDelete() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            let store = try RunStore(path: path, now: fixedNow)
            let late = try store.importRun(
                sampleRecord(hash: "aa01", source: "late.gpx", start: 2_000))
            let undated = try store.importRun(
                sampleRecord(hash: "aa02", source: "nodate.gpx", start: nil))
            let early = try store.importRun(
                sampleRecord(hash: "aa03", source: "early.gpx", start: 1_000))
            let tie = try store.importRun(
                sampleRecord(hash: "aa04", source: "tie.gpx", start: 1_000, east: 0.01))  // another route
            guard case .inserted = late, case .inserted = early else {
                Issue.record("expected fresh inserts, got \(late) and \(early)")
                return
            }
            // Chronological: by start time, ties by id, runs without a start last.
            #expect(try store.runs().map(\.id) == [early.id, tie.id, late.id, undated.id])

            let run = try #require(try store.run(id: early.id))
            #expect(run.sourceName == "early.gpx")
            #expect(run.name == "Morning run")
            #expect(run.activityType == "running")
            #expect(run.pointCount == 6)
            #expect(run.importedAt == fixedInstant)
            #expect(
                try store.segments(ofRun: early.id)
                    == sampleRecord(hash: "aa03", start: 1_000).segments)

            try store.deleteRun(id: early.id)
            #expect(try store.run(id: early.id) == nil)
            #expect(try store.runs().map(\.id) == [tie.id, late.id, undated.id])
            // Segments went with the run (foreign key ON DELETE CASCADE).
            #expect(
                try scalar(path, "SELECT count(*) FROM segments WHERE run_id = \(early.id)") == 0)
            #expect(try scalar(path, "SELECT count(*) FROM segments") == 6)
            #expect(throws: RunStoreError.runNotFound(early.id)) {
                try store.deleteRun(id: early.id)
            }
            #expect(throws: RunStoreError.runNotFound(early.id)) {
                try store.segments(ofRun: early.id)
            }
            #expect(try store.run(id: 9_999) == nil)
        }
    }

    @Test func reimportIsIdempotentByContentHash() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            let store = try RunStore(path: path, now: fixedNow)
            let first = try store.importRun(sampleRecord(hash: "DEADBEEF", source: "a.gpx"))
            // Same bytes under another name and case: still the same run, nothing written.
            let second = try store.importRun(sampleRecord(hash: "deadbeef", source: "copy.gpx"))
            #expect(second == .duplicate(first.id))
            #expect(try store.runs().count == 1)
            #expect(try store.runs().first?.sourceName == "a.gpx")
            #expect(try scalar(path, "SELECT count(*) FROM segments") == 2)
        }
    }

    struct Interruption: Error {}

    @Test(arguments: [0, 1, 2])
    func failedImportLeavesNoTrace(failAfter: Int) throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            let store = try RunStore(path: path, now: fixedNow)
            let kept = try store.importRun(sampleRecord(hash: "0001", source: "kept.gpx"))
            let record = sampleRecord(hash: "0002", source: "broken.gpx", segmentCount: 3, east: 0.01)
            let error = try #require(throws: RunStoreError.self) {
                try store.importRun(record, packed: PackedSegment.pack(record.segments)) { ordinal in
                    if ordinal == failAfter { throw Interruption() }
                }
            }
            guard case .aborted = error else {
                Issue.record("expected .aborted, got \(error)")
                return
            }
            #expect(!store.database.isInTransaction)
            #expect(try store.runs().map(\.id) == [kept.id])
            #expect(try scalar(path, "SELECT count(*) FROM runs") == 1)
            #expect(try scalar(path, "SELECT count(*) FROM segments") == 2)
            // The hash is not left claimed: the same run imports cleanly afterwards.
            guard case .inserted(let id) = try store.importRun(record) else {
                Issue.record("expected the retried import to insert")
                return
            }
            #expect(try store.segments(ofRun: id) == record.segments)
        }
    }

    @Test(arguments: [
        ("xyz", "run.gpx", 1.0),
        ("", "run.gpx", 1.0),
        ("abcd", "", 1.0),
        ("abcd", "run.gpx", Double.nan),
        ("abcd", "run.gpx", Double.infinity),
    ])
    func refusesRecordsSQLiteWouldMangle(hash: String, source: String, distance: Double) throws {
        try withTemporaryDirectory { directory in
            let store = try RunStore(
                path: directory.appendingPathComponent("runs.sqlite").path, now: fixedNow)
            var record = sampleRecord(hash: hash, source: source)
            record.distance = distance
            let error = try #require(throws: RunStoreError.self) { try store.importRun(record) }
            guard case .invalidRecord = error else {
                Issue.record("expected .invalidRecord, got \(error)")
                return
            }
            #expect(error.description.hasPrefix("The run cannot be stored: "))
            #expect(try store.runs().isEmpty)
        }
    }

    @Test func unwritableParentIsAClearError() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("plain-file")
            try Data("x".utf8).write(to: file)
            let error = try #require(throws: RunStoreError.self) {
                try RunStore(path: file.appendingPathComponent("runs.sqlite").path, now: fixedNow)
            }
            guard case .cannotCreateDirectory(let path, _) = error else {
                Issue.record("expected .cannotCreateDirectory, got \(error)")
                return
            }
            #expect(path == file.path)
        }
    }

    @Test func twoStoresShareOneFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            let writer = try RunStore(path: path, now: fixedNow)
            let reader = try RunStore(path: path, now: fixedNow)
            let id = try writer.importRun(sampleRecord(hash: "f00d")).id
            #expect(try reader.run(id: id)?.contentHash == "f00d")
            #expect(try reader.importRun(sampleRecord(hash: "F00D")) == .duplicate(id))
        }
    }
}
