import Foundation

/// Paths for reader tests: fixtures next to the tests, and ../shared/tracks beside the package.
enum ReaderTestPaths {
    /// Tests/NearbyRunsTests
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures/Reading/\(name)").path
    }

    /// ../shared/tracks relative to the package root, when it exists.
    static let sharedTracks: String? = {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/tracks").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    static func shared(_ name: String) -> String? {
        guard let dir = sharedTracks else { return nil }
        let path = dir + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
