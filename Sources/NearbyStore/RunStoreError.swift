/// Why a ``RunStore`` operation failed.
public enum RunStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite refused an operation.
    case database(SQLiteError)
    /// Another store's database refused an operation (PostgreSQL); the sentence names the
    /// database without its password.
    case backend(String)
    /// The database path (or its journal, WAL or shared-memory file) is a FIFO, a device, a
    /// socket or a directory: only regular files are opened.
    case notRegularFile(path: String, kind: String)
    /// The directory that should hold the database could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The file was written by a newer version of this program.
    case newerSchema(path: String, found: Int64, supported: Int64)
    /// A reader found the database's schema older than this program's and may not migrate it
    /// (a read-only command, perhaps a role with SELECT alone): which database, the versions and
    /// what the due migrations do.
    case migrationNeeded(database: String, found: Int64, needed: Int64, summary: String)
    /// The record cannot be stored as given.
    case invalidRecord(String)
    /// No run has this id.
    case runNotFound(Int64)
    /// The reference matched no run.
    case referenceNotFound(String)
    /// The reference matched several runs (their ids, ascending).
    case ambiguousReference(String, matches: [Int64])
    /// A stored segment's points could not be decoded.
    case corruptPoints(runID: Int64, segment: Int, reason: String)
    /// Something outside the store failed while it worked (the import was rolled back).
    case aborted(String)

    public var description: String {
        switch self {
        case .database(let error):
            "The run database failed: \(error)"
        case .backend(let reason):
            "The run database failed: \(reason)" + (reason.last.map { ".?!".contains($0) } == true ? "" : ".")
        case .notRegularFile(let path, let kind):
            "The run database \(path) is \(kind), not a regular file, so it is not opened."
        case .cannotCreateDirectory(let path, let reason):
            "Cannot create the directory \(path) for the run database: \(reason)."
        case .newerSchema(let path, let found, let supported):
            "The run database \(path) has schema version \(found), newer than the \(supported) "
                + "this program knows; use a newer nearby or another database file."
        case .migrationNeeded(let database, let found, let needed, let summary):
            "The run database \(database) has schema version \(found) and needs migration to version "
                + "\(needed) (\(summary)); run a writing command such as 'nearby runs import' once as a "
                + "role that may change the schema."
        case .invalidRecord(let reason):
            "The run cannot be stored: \(reason)."
        case .runNotFound(let id):
            "No run has id \(id)."
        case .referenceNotFound(let reference):
            "No run matches \"\(reference)\" (give a run id, a content hash prefix or a file name)."
        case .ambiguousReference(let reference, let matches):
            "\"\(reference)\" matches several runs (ids "
                + matches.map(String.init).joined(separator: ", ") + "); be more specific."
        case .corruptPoints(let runID, let segment, let reason):
            "The stored points of run \(runID), segment \(segment), are damaged: \(reason)."
        case .aborted(let reason):
            "The operation was aborted and rolled back: \(reason)."
        }
    }
}
