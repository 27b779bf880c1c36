import Foundation
import NearbyRuns

/// FIT decoder benchmark: `nearby-bench fit --file PATH [--repeat K]`.
///
/// Reads the file once, decodes it K times with `FITDecoder` and prints the best MB/s and
/// records/s.
enum FITBenchmark {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(arguments: [String]) throws {
        var repeats = 20
        var file: String?
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--repeat": repeats = max(1, Int(value) ?? repeats)
            case "--file": file = value
            default: throw Failure(description: "unknown argument \(arguments[i])")
            }
            i += 2
        }
        guard let path = file else { throw Failure(description: "fit needs --file PATH") }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let decoder = FITDecoder(options: .init(acceptDamaged: true))
        var best = Duration.seconds(1_000_000)
        var records = 0
        let clock = ContinuousClock()
        for _ in 0..<repeats {
            let start = clock.now
            let activity = try decoder.decode(bytes, fileName: path)
            best = min(best, clock.now - start)
            records = activity.recordCount
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        let megabytes = Double(bytes.count) / 1_000_000
        print(
            "fit \(path): \(bytes.count) bytes, \(records) records, best of \(repeats): "
                + String(
                    format: "%.2f ms, %.0f MB/s, %.2f M records/s", seconds * 1000, megabytes / seconds,
                    Double(records) / seconds / 1e6))
    }
}
