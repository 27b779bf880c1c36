import Foundation
import NearbyTestSupport

/// The package root, `../shared` and temporary folders come from ``NearbyTestSupport/TestPaths``.
typealias TestPaths = NearbyTestSupport.TestPaths

extension NearbyTestSupport.TestPaths {
    /// A file of Tests/NearbyCLITests/Fixtures.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
    }
}
