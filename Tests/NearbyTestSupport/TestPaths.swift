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

    /// A fresh, empty temporary folder named after `label`.
    public static func temporaryDirectory(_ label: String = "nearby") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
