import Foundation
import NearbyTestSupport

/// Paths for reader tests: fixtures next to the tests, and ../shared/tracks beside the package.
enum ReaderTestPaths {
    /// Tests/NearbyRunsTests
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = TestPaths.packageRoot

    static func fixture(_ name: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures/Reading/\(name)").path
    }

    /// `shared/tracks` of ``TestPaths/shared``, when it exists.
    static let sharedTracks: String? = {
        guard let url = TestPaths.shared?.appendingPathComponent("tracks") else { return nil }
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }()

    static func shared(_ name: String) -> String? {
        guard let dir = sharedTracks else { return nil }
        let path = dir + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
