import NearbyRuns

/// What ``RunLibrary`` needs of a place that keeps runs: the SQLite ``RunStore`` today, a
/// PostgreSQL store later (issue 11).
///
/// Small on purpose: import one run atomically (idempotent by content hash and by the
/// same-activity rule), list, read, resolve a reference and delete. Every operation throws a
/// ``RunStoreError``. A store owns its connection, so conformers need not be `Sendable`; every
/// value that crosses the protocol (``RunRecord``, ``StoredRun``, ``ImportResult``,
/// ``TrackSegment``) is.
public protocol RunStoring: AnyObject {
    /// Stores `record` in one transaction unless the same file (content hash) or the same activity
    /// from a file of another kind is already stored; nothing half-stored ever stays.
    func importRun(_ record: RunRecord) throws(RunStoreError) -> ImportResult
    /// Every stored run, by start time (runs without one last), then by id.
    func runs() throws(RunStoreError) -> [StoredRun]
    /// The run with `id`, or nil.
    func run(id: Int64) throws(RunStoreError) -> StoredRun?
    /// The segments of run `id`, in order, with every point exactly as imported.
    func segments(ofRun id: Int64) throws(RunStoreError) -> [TrackSegment]
    /// The one run a user's reference names: an id, a content-hash prefix or a source file name.
    func findRun(reference: String) throws(RunStoreError) -> StoredRun
    /// Deletes run `id` and its points.
    func deleteRun(id: Int64) throws(RunStoreError)
}

extension RunStore: RunStoring {}
