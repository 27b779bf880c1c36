import Foundation

/// Paths for reader tests: fixtures next to the tests, and ../shared/tracks beside the package.
enum ReaderTestPaths {
    /// Tests/NearbyRunsTests
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures/Reading/\(name)").path
    }

    /// ../shared/tracks relative to the package root, when it exists (also ../../shared/tracks,
    /// for a git worktree checked out one level deeper, e.g. /work/wt/<branch>).
    static let sharedTracks: String? = {
        let parent = packageRoot.deletingLastPathComponent()
        let candidates = [
            parent.appendingPathComponent("shared/tracks").path,
            parent.deletingLastPathComponent().appendingPathComponent("shared/tracks").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }()

    static func shared(_ name: String) -> String? {
        guard let dir = sharedTracks else { return nil }
        let path = dir + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
