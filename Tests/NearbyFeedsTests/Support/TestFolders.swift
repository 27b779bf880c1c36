import Foundation
import NearbyTestSupport

/// Temporary folders and byte-for-byte snapshots of folder trees for the cache tests.
enum TestFolders {
    /// A new empty folder under the system temporary directory.
    static func make(_ label: String) throws -> URL {
        try TestPaths.temporaryDirectory("nearby-\(label)")
    }

    /// Every file under `root` by relative path, with its bytes; symlinks as "-> target".
    /// `last-refusal.json` (the note of why a refresh failed, beside the copy) is left out: the
    /// snapshot is of the copy itself.
    static func snapshot(_ root: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let manager = FileManager.default
        guard let paths = manager.subpaths(atPath: root.path) else { return result }
        for path in paths where !path.hasSuffix("last-refusal.json") {
            let full = root.appendingPathComponent(path).path
            if let target = try? manager.destinationOfSymbolicLink(atPath: full) {
                result[path] = Data("-> \(target)".utf8)
                continue
            }
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
                result[path + "/"] = Data()
            } else if let data = manager.contents(atPath: full) {
                result[path] = data
            }
        }
        return result
    }
}
