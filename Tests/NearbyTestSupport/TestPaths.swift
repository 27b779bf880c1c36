import Foundation

/// Paths every test target needs, found from this file's location: the one copy of the package-root,
/// shared-data and temporary-folder finders.
public enum TestPaths {
    /// The package root (this file is Tests/NearbyTestSupport/TestPaths.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built-in dataset plugins (`Datasets/`).
    public static var datasets: URL { packageRoot.appendingPathComponent("Datasets") }

    /// The real-data folder `shared` beside the checkout (CI has it), or two levels up for a git
    /// worktree checked out one level deeper (`/work/wt/<branch>`); nil when neither exists, and
    /// tests that need it skip.
    public static let shared: URL? = {
        let parent = packageRoot.deletingLastPathComponent()
        let candidates = [
            parent.appendingPathComponent("shared"),
            parent.deletingLastPathComponent().appendingPathComponent("shared"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// The one folder of this test process that every temporary folder and file of the tests lives
    /// in: `$TMPDIR/nearby-tests-<pid>-<random>/`, made on first use and removed with all it holds
    /// when the process exits (an `atexit` handler registered by this initializer, which Swift runs
    /// once however many threads ask). A test that crashes the process leaves it behind; nothing
    /// else does.
    public static let temporaryRoot: URL = {
        let name = "nearby-tests-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { TestPaths.removeTemporaryRoot() }
        return url
    }()

    /// A fresh, empty folder named after `label`, inside ``temporaryRoot``. Tests may remove it
    /// themselves; whatever is left goes with the root when the process ends.
    public static func temporaryDirectory(_ label: String = "nearby") throws -> URL {
        let url = temporaryRoot.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path for a new file named `label-<uuid><suffix>` inside ``temporaryRoot`` (not created).
    public static func temporaryFile(_ label: String, suffix: String = "") -> URL {
        temporaryRoot.appendingPathComponent("\(label)-\(UUID().uuidString)\(suffix)", isDirectory: false)
    }

    /// Removes ``temporaryRoot`` and all it holds (the exit handler).
    static func removeTemporaryRoot() {
        try? FileManager.default.removeItem(at: temporaryRoot)
    }
}
