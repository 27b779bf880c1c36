import Foundation
import NearbyTestSupport

@testable import NearbyFeeds

/// Paths the feed tests share, found from this file's location.
enum FeedTestPaths {
    /// The package root (``TestPaths/packageRoot``).
    static let packageRoot = TestPaths.packageRoot

    /// The hand-written fixtures in real feed shapes.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Decoding")

    /// The built-in manifests.
    static let datasets = packageRoot.appendingPathComponent("Datasets")

    /// `../shared/opendata` next to the package root, if present; `NEARBY_SHARED=DIR` names
    /// another shared folder (a git worktree's parent is not the project's).
    static let sharedOpenData =
        (ProcessInfo.processInfo.environment["NEARBY_SHARED"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared"))
        .appendingPathComponent("opendata")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    static func manifest(_ id: String) throws -> DatasetManifest {
        let file = datasets.appendingPathComponent("\(id).json")
        return try JSONDecoder().decode(DatasetManifest.self, from: Data(contentsOf: file))
    }
}
