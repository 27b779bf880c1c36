import NearbyGeo
import NearbyRuns

/// What ``RunLibrary`` needs of a place that keeps runs: the SQLite ``RunStore`` and
/// ``PostgresRunStore`` (both in this module); one conformance suite tests both.
///
/// Small on purpose: import one run atomically (idempotent by content hash and by the
/// same-activity rule), list, read, resolve a reference, find the runs near a point and delete.
///
/// A store is opened *for* one athlete (``athlete``): imports record that name; listings, references
/// by file name or hash prefix and `runs near` take an ``AthleteScope`` — that athlete's runs or
/// every athlete's. Ids and content hashes are store-wide (a file is stored once, whoever imports
/// it); reading one run by id, and its points, needs no athlete. Every operation throws a
/// ``RunStoreError``. A store owns its connection, so conformers need not be `Sendable`; every
/// value that crosses the protocol (``RunRecord``, ``StoredRun``, ``ImportResult``,
/// ``TrackSegment``) is.
public protocol RunStoring: AnyObject {
    /// Stores `record` in one transaction unless the same file (content hash) or the same activity
    /// from a file of another kind is already stored; nothing half-stored ever stays. `packed` is
    /// its segments packed (``PackedSegment/pack(_:)``), checked with ``RunRecord/check(_:)``.
    func importRun(_ record: RunRecord, packed: [PackedSegment]) throws(RunStoreError) -> ImportResult
    /// The athlete this store was opened for: imports record it; ``AthleteScope/own`` means them.
    var athlete: String { get }
    /// The runs in `scope`, by start time (runs without one last), then by id.
    func runs(_ scope: AthleteScope) throws(RunStoreError) -> [StoredRun]
    /// The run with `id`, or nil.
    func run(id: Int64) throws(RunStoreError) -> StoredRun?
    /// The segments of run `id`, in order, with every point exactly as imported.
    func segments(ofRun id: Int64) throws(RunStoreError) -> [TrackSegment]
    /// The one run a user's reference names: an id (store-wide), or a content-hash prefix or a
    /// source file name among the runs in `scope`.
    func findRun(reference: String, scope: AthleteScope) throws(RunStoreError) -> StoredRun
    /// The runs in `scope` that passed within `distance` metres of `point` (``RunsNear`` defines
    /// it; both stores decide with ``RunsNear/closestFix(to:in:within:)``), nearest pass first.
    func runsNear(_ point: Coordinate, within distance: Double, scope: AthleteScope) throws(RunStoreError)
        -> [RunPass]
    /// Deletes run `id` and its points.
    func deleteRun(id: Int64) throws(RunStoreError)
}

extension RunStore: RunStoring {}

extension RunStoring {
    /// ``importRun(_:packed:)`` with the record's segments packed here.
    public func importRun(_ record: RunRecord) throws(RunStoreError) -> ImportResult {
        try importRun(record, packed: PackedSegment.pack(record.segments))
    }

    /// The runs of the store's own athlete (``runs(_:)`` with ``AthleteScope/own``).
    public func runs() throws(RunStoreError) -> [StoredRun] { try runs(.own) }

    /// ``findRun(reference:scope:)`` among the store's own athlete's runs.
    public func findRun(reference: String) throws(RunStoreError) -> StoredRun {
        try findRun(reference: reference, scope: .own)
    }
}

extension RunRecord {
    /// The record's content hash in lower case, after checking what no store may hold: a hash
    /// that is not hexadecimal, an empty source name, a figure that is not finite (SQLite would
    /// turn NaN into NULL). Every ``RunStoring`` store checks a record with this before storing it.
    public func checkedContentHash() throws(RunStoreError) -> String {
        let hash = contentHash.lowercased()
        guard !hash.isEmpty, hash.utf8.allSatisfy(Self.isHexDigit) else {
            throw .invalidRecord("the content hash \"\(contentHash)\" is not hexadecimal")
        }
        guard !sourceName.isEmpty else {
            throw .invalidRecord("the source file name is empty")
        }
        let figures = [
            ("distance", distance), ("elapsed time", elapsedTime),
            ("moving time", movingTime), ("start time", startTime ?? 0),
            ("file time", fileTime ?? 0), ("device distance", deviceTotals?.distance ?? 0),
            ("device timer time", deviceTotals?.timerTime ?? 0),
            ("device elapsed time", deviceTotals?.elapsedTime ?? 0),
        ]
        for (label, value) in figures where !value.isFinite {
            throw .invalidRecord("the \(label) is \(value), not a finite number")
        }
        return hash
    }

    /// Whether `byte` is a lower-case hexadecimal digit.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
