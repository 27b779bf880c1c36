import Foundation
import Testing

@testable import NearbyRuns

/// Damaged input must end in a typed error, never a crash or an out-of-bounds read.
@Suite struct ReaderRobustnessTests {
    static let fixtures = ["quirks.gpx", "leading-space.tcx", "bom-prefixes.gpx", "latin1-waypoints.gpx"]

    @Test(arguments: fixtures)
    func everyTruncationFailsCleanly(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ReaderTestPaths.fixture(name))))
        // The last element closes just before the final newline; every shorter prefix is broken.
        let complete = try #require(bytes.lastIndex(of: UInt8(ascii: ">"))) + 1
        for length in 0..<complete {
            #expect(throws: TrackReadError.self) {
                _ = try TrackReader().read(Array(bytes[..<length]), fileName: name)
            }
        }
        _ = try TrackReader().read(Array(bytes[..<complete]), fileName: name)
    }

    @Test(arguments: fixtures)
    func randomByteDamageNeverCrashes(name: String) throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ReaderTestPaths.fixture(name))))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // fixed seed: deterministic runs
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("<>/=\"'&;![]?-: \n0aZ".utf8) + [0x00, 0xFF, 0xC3]
        var failures = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + next() % 3) {
                bytes[next() % bytes.count] = alphabet[next() % alphabet.count]
            }
            do {
                _ = try TrackReader().read(bytes, fileName: name)
            } catch {
                failures += 1
                #expect(error.line != nil)
                #expect(error.description.hasPrefix(name + " line "))
            }
        }
        #expect(failures > 0)
    }
}
