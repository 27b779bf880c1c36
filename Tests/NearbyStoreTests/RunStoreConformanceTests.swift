import Foundation
import NearbyPostgres
import NearbyRuns
import Testing

@testable import NearbyStore

#if canImport(Glibc)
    import Glibc
#endif

/// One suite, two stores: every ``RunStoring`` behaviour RunLibrary relies on, checked against
/// SQLite's `RunStore` and, when `NEARBY_TEST_PG` names a PostgreSQL (`.ci/postgres start`),
/// against `PostgresRunStore` in a schema of its own per test. Without PostgreSQL its cases are
/// not in the argument list (the suite's comment says so).
@Suite("RunStoring conformance") struct RunStoreConformanceTests {
    @Test(arguments: StoreFactory.kinds)
    func importThenDuplicateByContentHash(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open()
            let record = sampleRecord(hash: fakeHash("aa01"))
            let first = try store.importRun(record)
            guard case .inserted(let id) = first else {
                Issue.record("first import: \(first)")
                return
            }
            #expect(try store.importRun(record) == .duplicate(id))
            #expect(try store.runs().map(\.id) == [id])
            let stored = try #require(try store.run(id: id))
            #expect(stored.contentHash == fakeHash("aa01"))
            #expect(stored.sourceName == "run.gpx")
            #expect(stored.distance == 1234.5)
            #expect(stored.elapsedTime == 600)
            #expect(stored.movingTime == 580)
            #expect(stored.pointCount == 6)
            #expect(stored.importedAt == fixedInstant)
            #expect(stored.startTime == 1_600_000_000)
        }
    }

    @Test(arguments: StoreFactory.kinds)
    func sameActivityFromAFileOfTheOtherKind(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open()
            guard case .inserted(let fit) = try store.importRun(sampleRecord(hash: fakeHash("bb01"), source: "w.fit"))
            else {
                Issue.record("the FIT run was not inserted")
                return
            }
            // Same points, another file kind: the same activity.
            #expect(try store.importRun(sampleRecord(hash: fakeHash("bb02"), source: "w.gpx")) == .sameActivity(fit))
            // Same kind, other hash: two files, two runs (only the hash recognises one file).
            let other = try store.importRun(sampleRecord(hash: fakeHash("bb03"), source: "w2.fit"))
            guard case .inserted = other else {
                Issue.record("same kind: \(other)")
                return
            }
            // 1 km east at the same time: not the same activity.
            let elsewhere = try store.importRun(sampleRecord(hash: fakeHash("bb04"), source: "e.gpx", east: 0.01))
            guard case .inserted = elsewhere else {
                Issue.record("elsewhere: \(elsewhere)")
                return
            }
            #expect(try store.runs().count == 3)
        }
    }

    @Test(arguments: StoreFactory.kinds)
    func listIsByStartTimeThenIDWithUntimedRunsLast(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open()
            _ = try store.importRun(sampleRecord(hash: fakeHash("cc01"), source: "late.gpx", start: 3_000))
            _ = try store.importRun(sampleRecord(hash: fakeHash("cc02"), source: "none.gpx", start: nil))
            _ = try store.importRun(sampleRecord(hash: fakeHash("cc03"), source: "early.gpx", start: 1_000))
            _ = try store.importRun(sampleRecord(hash: fakeHash("cc04"), source: "early2.gpx", start: 1_000, east: 1))
            #expect(try store.runs().map(\.sourceName) == ["early.gpx", "early2.gpx", "late.gpx", "none.gpx"])
        }
    }

    @Test(arguments: StoreFactory.kinds)
    func segmentsRoundTripBitExact(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open()
            // Values with no short decimal form, a negative zero, a subnormal, the extremes of
            // the optional fields: every bit must come back.
            let points = [
                TrackPoint(
                    latitude: 0.1 + 0.2, longitude: -179.99999999999997, elevation: -0.0,
                    time: 1_600_000_000.123456789, heartRate: 0, cadence: UInt16.max),
                TrackPoint(
                    latitude: -89.999999999999986, longitude: 1e-300, elevation: 5e-324, time: nil,
                    heartRate: nil, cadence: nil),
                TrackPoint(
                    latitude: 25.0330, longitude: 121.5654, elevation: nil, time: 1_600_000_001,
                    heartRate: UInt16.max, cadence: 0),
            ]
            var record = sampleRecord(hash: fakeHash("dd01"))
            record.segments = [
                TrackSegment(points: points), TrackSegment(points: []), TrackSegment(points: [points[2]]),
            ]
            guard case .inserted(let id) = try store.importRun(record) else {
                Issue.record("not inserted")
                return
            }
            let read = try store.segments(ofRun: id)
            #expect(read.map(\.points.count) == [3, 0, 1])
            for (original, back) in zip(record.segments.flatMap(\.points), read.flatMap(\.points)) {
                #expect(original.latitude.bitPattern == back.latitude.bitPattern)
                #expect(original.longitude.bitPattern == back.longitude.bitPattern)
                #expect(original.elevation?.bitPattern == back.elevation?.bitPattern)
                #expect(original.time?.bitPattern == back.time?.bitPattern)
                #expect(original.heartRate == back.heartRate)
                #expect(original.cadence == back.cadence)
            }
        }
    }

    @Test(arguments: StoreFactory.kinds)
    func findByIDHashPrefixAndFileName(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open()
            _ = try store.importRun(sampleRecord(hash: fakeHash("ee010"), source: "a.gpx", start: 1_000))
            _ = try store.importRun(sampleRecord(hash: fakeHash("ee011"), source: "b.gpx", start: 2_000))
            let runs = try store.runs()
            let a = try #require(runs.first)
            #expect(try store.findRun(reference: String(a.id)) == a)
            #expect(try store.findRun(reference: "EE010") == a)
            #expect(try store.findRun(reference: "a.gpx") == a)
            #expect(try store.findRun(reference: "/some/folder/a.gpx") == a)
            do {
                _ = try store.findRun(reference: "ee01")
                Issue.record("ee01 matched one run")
            } catch {
                #expect(error as? RunStoreError == .ambiguousReference("ee01", matches: runs.map(\.id).sorted()))
            }
            do {
                _ = try store.findRun(reference: "c.gpx")
                Issue.record("c.gpx matched")
            } catch {
                #expect(error as? RunStoreError == .referenceNotFound("c.gpx"))
            }
            // Three hex digits are too short to be a hash prefix.
            #expect(throws: RunStoreError.referenceNotFound("ee0")) { try store.findRun(reference: "ee0") }
        }
    }

    @Test(arguments: StoreFactory.kinds)
    func deleteRemovesTheRunAndItsPoints(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open()
            guard case .inserted(let id) = try store.importRun(sampleRecord(hash: fakeHash("ff01"))) else {
                Issue.record("not inserted")
                return
            }
            try store.deleteRun(id: id)
            #expect(try store.runs().isEmpty)
            #expect(try store.run(id: id) == nil)
            #expect(throws: RunStoreError.runNotFound(id)) { try store.segments(ofRun: id) }
            #expect(throws: RunStoreError.runNotFound(id)) { try store.deleteRun(id: id) }
            // The file can be imported again after a delete.
            guard case .inserted = try store.importRun(sampleRecord(hash: fakeHash("ff01"))) else {
                Issue.record("not re-inserted")
                return
            }
        }
    }

    @Test(arguments: StoreFactory.kinds)
    func aRouteLessRunHasNoPoints(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            let store = try factory.open()
            let record = RunRecord(
                contentHash: fakeHash("ab01"), sourceName: "treadmill.fit", name: nil, activityType: "running",
                startTime: 1_600_000_000, distance: 5000, elapsedTime: 1800, movingTime: 1800, segments: [])
            guard case .inserted(let id) = try store.importRun(record) else {
                Issue.record("not inserted")
                return
            }
            #expect(try store.segments(ofRun: id).isEmpty)
            #expect(try store.run(id: id)?.pointCount == 0)
            #expect(try store.run(id: id)?.distance == 5000)
            // Without positions it is never "the same activity" as another run.
            let gpx = try store.importRun(sampleRecord(hash: fakeHash("ab02"), source: "t.gpx"))
            guard case .inserted = gpx else {
                Issue.record("t.gpx: \(gpx)")
                return
            }
        }
    }

    /// 8 importers, one connection each, importing overlapping files at once: no error, each
    /// file stored once.
    @Test(arguments: StoreFactory.kinds)
    func eightConcurrentImportersOfOverlappingFiles(kind: StoreFactory.Kind) throws {
        try StoreFactory.with(kind) { factory in
            _ = try factory.open()  // create the schema once, as a first import would
            let errors = Errors()
            let group = DispatchGroup()
            for worker in 0..<8 {
                group.enter()
                let thread = Thread {
                    defer { group.leave() }
                    do {
                        let store = try factory.open()
                        // Worker w imports files w…w+3 of 11, so every file has several importers.
                        for file in worker..<(worker + 4) {
                            _ = try store.importRun(
                                sampleRecord(
                                    hash: fakeHash(String(format: "%04x", 0xc000 + file)), source: "f\(file).gpx",
                                    start: 1_000 + Double(file) * 1_000))
                        }
                    } catch {
                        errors.append(String(describing: error))
                    }
                }
                thread.start()
            }
            group.wait()
            #expect(errors.values == [])
            let runs = try factory.open().runs()
            #expect(runs.map(\.sourceName) == (0..<11).map { "f\($0).gpx" })
        }
    }
}

/// Errors collected from several threads.
final class Errors: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func append(_ text: String) { lock.withLock { list.append(text) } }
    var values: [String] { lock.withLock { list } }
}

/// Opens stores of one kind on one database: a SQLite file in a temporary folder, or a fresh
/// schema in the PostgreSQL at `NEARBY_TEST_PG` (dropped afterwards).
struct StoreFactory: Sendable {
    enum Kind: String, Sendable, CustomTestStringConvertible {
        case sqlite, postgresql
        var testDescription: String { rawValue }
    }

    /// SQLite always; PostgreSQL when `NEARBY_TEST_PG` is set.
    static var kinds: [Kind] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgresql] }

    static var postgresURL: String? {
        guard let value = getenv("NEARBY_TEST_PG") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    let kind: Kind
    let location: String
    let schema: String

    func open(athlete: String = "", access: RunStore.Access = .readWrite) throws -> any RunStoring {
        switch kind {
        case .sqlite:
            return try RunStore(path: location, access: access, athlete: athlete, now: fixedNow)
        case .postgresql:
            return try PostgresRunStore(
                url: PostgresURL(location), schema: PostgresSchemaName(schema), access: access, athlete: athlete,
                now: fixedNow)
        }
    }

    static func with(_ kind: Kind, _ body: (StoreFactory) throws -> Void) throws {
        switch kind {
        case .sqlite:
            try withTemporaryDirectory { directory in
                try body(StoreFactory(kind: .sqlite, location: directory.path + "/runs.sqlite", schema: ""))
            }
        case .postgresql:
            let url = try #require(postgresURL)
            let schema = "conformance_\(String(UInt64.random(in: 0..<UInt64.max), radix: 16))"
            defer {
                if let connection = try? PostgresConnection(PostgresURL(url)) {
                    _ = try? connection.execute("DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE")
                }
            }
            try body(StoreFactory(kind: .postgresql, location: url, schema: schema))
        }
    }
}
