import Foundation
import Synchronization
import Testing

@testable import NearbyCLI

/// Inputs the fuzz targets in `Fuzz/` found, kept as regressions (see Fuzz/README.md). Each test
/// names the target and the finding it came from.
@Suite struct FuzzRegressionTests {
    /// `fuzz-args`, crash-714bfc84: `--within 1e99m` was accepted, and the heading of `checkpoints`
    /// trapped converting the radius to whole kilometres. Every command that takes `--within` now
    /// refuses a distance beyond half the equator as a usage error (exit 2), before any data is read.
    @Test(arguments: [
        ["checkpoints", "RUN", "--near", "toilets", "--within", "1e99m"],
        ["along", "RUN", "--near", "toilets", "--within", "1e19km"],
        ["toilets", "--at", "25.0418,121.5152", "--within", "1e308km"],
        ["near", "--at", "25.0418,121.5152", "--in", "toilets", "--within", "20038km"],
    ])
    func aRadiusBeyondHalfTheEquatorIsAUsageError(_ words: [String]) throws {
        let folder = try TestPaths.temporaryDirectory("fuzz-regression")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = TestPaths.fixture("meridian-2km.gpx").path
        let arguments =
            words.map { $0 == "RUN" ? run : $0 } + [
                "--offline", "--cache-dir", folder.appendingPathComponent("cache").path,
                "--db", folder.appendingPathComponent("runs.sqlite").path,
            ]
        let (code, errors) = Self.run(arguments, home: folder.path)
        #expect(code == 2, "\(errors)")
        #expect(errors.contains("--within"), "\(errors)")
    }

    /// Half the equator is π × 6,378,137 m (the WGS84 semi-major axis) = 20,037,508.34 m: the
    /// farthest apart two places can be, and the documented limit of every distance option.
    @Test func distanceOptionsReachHalfTheEquatorAndNoFurther() {
        #expect(Formatting.parseDistance("20037.5km") == 20_037_500)
        #expect(Formatting.parseDistance("12450mi") == 12_450 * 1_609.344)  // 20,036,332.8 m
        #expect(Formatting.parseDistance("20037.51km") == nil)
        #expect(Formatting.parseDistance("12451mi") == nil)  // 20,037,942.1 m
        #expect(Formatting.parseDistance("1e99m") == nil)
        #expect(Formatting.parseDistance("1e308km") == nil)
    }

    /// Runs `nearby` in process with a made-up home, no network, and the checkout's datasets.
    static func run(_ arguments: [String], home: String) -> (code: Int32, errors: String) {
        let errors = Collected()
        let environment = CommandEnvironment(
            arguments: arguments,
            variables: ["HOME": home, "NEARBY_HOME": TestPaths.packageRoot.path, "XDG_CONFIG_HOME": home],
            currentDirectory: home, executablePath: home + "/nearby", clock: .fixed(Date(timeIntervalSince1970: 1.7e9)))
        let code = NearbyCLI.run(environment, output: CommandOutput(out: { _ in }, err: { errors.append($0) }))
        return (code, errors.text)
    }
}

/// Text collected from the command's error stream.
private final class Collected: Sendable {
    private let parts = Mutex<[String]>([])
    func append(_ text: String) { parts.withLock { $0.append(text) } }
    var text: String { parts.withLock { $0.joined() } }
}
