import Foundation
import Testing

@testable import NearbyStore

/// Issue 22: a FIFO given as `--db` held `runs list`, `badges` and `runs near` forever (SQLite
/// opened it and waited for a writer). The store opens regular files only, as the rest of Nearby
/// does — and so do its journal, WAL and shared-memory files. (The CLI's test runs the binary
/// with a deadline: this one would hang before the fix.)
@Suite struct StoreRegularFileTests {
    @Test(arguments: ["", "-wal", "-journal", "-shm"])
    func aFIFOIsRefusedWithoutWaiting(suffix: String) throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("runs.sqlite").path
            if !suffix.isEmpty { _ = try RunStore(path: path, now: fixedNow) }
            #expect(mkfifo(path + suffix, 0o600) == 0)
            for access in [RunStore.Access.readOnly, .readWrite] {
                #expect(throws: RunStoreError.notRegularFile(path: path + suffix, kind: "a named pipe (FIFO)")) {
                    _ = try RunStore(path: path, access: access, now: fixedNow)
                }
            }
        }
    }

    @Test func aDirectoryIsRefusedInOneSentence() throws {
        try withTemporaryDirectory { directory in
            let error = RunStoreError.notRegularFile(path: directory.path, kind: "a directory")
            #expect(throws: error) { _ = try RunStore(path: directory.path, access: .readOnly, now: fixedNow) }
            #expect(
                error.description
                    == "The run database \(directory.path) is a directory, not a regular file, so it is not opened.")
        }
    }
}
