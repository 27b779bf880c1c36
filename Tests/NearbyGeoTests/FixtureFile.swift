import Foundation

/// Reads the whitespace-separated numeric fixtures under Tests/NearbyGeoTests/Fixtures.
enum FixtureFile {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every non-comment line of `name` as an array of numbers.
    static func rows(_ name: String) throws -> [[Double]] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            return line.split(separator: " ").compactMap { Double(String($0)) }
        }
    }

    /// The difference between two angles in degrees, folded into [0, 180].
    static func angleGap(_ x: Double, _ y: Double) -> Double {
        let d = abs((x - y).truncatingRemainder(dividingBy: 360))
        return min(d, 360 - d)
    }
}
